// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { scopeFor } from '../../../src/schemas/entity';
import { guidelineEntity, guidelineSchema } from '../../../src/schemas/guidelines';
import { ROLES } from '../../../src/schemas/roles';
import { expectIssue, parseOk, without } from './expectIssue';

const valid = {
  role: 'STUDENT',
  content: [
    {
      title: 'Before the exam',
      description: 'Keep your webcam on.',
      faqs: [{ question: 'Can I use a phone?', answer: 'No.' }],
    },
    { title: 'During the exam', description: 'Answers save themselves.', faqs: [] },
  ],
};
const item = valid.content[0];

describe('guideline schema', () => {
  it('parses a valid guideline', () => {
    expect(parseOk(guidelineSchema, valid)).toEqual(valid);
  });

  it('treats missing FAQs as none', () => {
    expect(parseOk(guidelineSchema, { ...valid, content: [without(item, 'faqs')] }).content[0].faqs).toEqual([]);
  });

  it.each(ROLES)('accepts the role %s', (role) => {
    expect(guidelineSchema.safeParse({ ...valid, role }).success).toBe(true);
  });

  it.each([undefined, '', 'teacher', 'PRINCIPAL'])('rejects the role %s', (role) => {
    expectIssue(guidelineSchema, { ...valid, role }, 'role', 'Invalid role selected');
  });

  it.each([
    ['missing', undefined],
    ['empty', []],
  ])('requires at least one tab menu item (%s)', (_, content) => {
    expectIssue(guidelineSchema, { ...valid, content }, 'content', 'Add atleast one Tab Menu item');
  });

  it('requires each item title, at its path', () => {
    const content = [valid.content[0], { ...valid.content[1], title: '' }];
    expectIssue(guidelineSchema, { ...valid, content }, 'content.1.title', 'Title is required');
  });

  it('requires each item description, at its path', () => {
    expectIssue(guidelineSchema, { ...valid, content: [without(item, 'description')] }, 'content.0.description', 'Description is required');
  });

  it('requires each FAQ question and answer, at their paths', () => {
    const faqs = [item.faqs[0], { question: ' ', answer: '' }];
    const input = { ...valid, content: [{ ...item, faqs }] };
    expectIssue(guidelineSchema, input, 'content.0.faqs.1.question', 'Question is required');
    expectIssue(guidelineSchema, input, 'content.0.faqs.1.answer', 'Answer is required');
  });
});

describe('guideline access', () => {
  it('lets the admin manage every guideline and other roles read their own role', () => {
    expect(scopeFor(guidelineEntity, 'ADMIN', 'update')).toBe('all');
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
      expect(scopeFor(guidelineEntity, role, 'list')).toBe('role');
      expect(scopeFor(guidelineEntity, role, 'create')).toBeUndefined();
    }
  });
});
