import { describe, expect, it } from 'vitest';
import { inSentence } from '../../../src/resources/generator/inSentence';

describe('inSentence', () => {
  it('lower-cases a label for the middle of a sentence but keeps its acronyms', () => {
    expect(inSentence('Institutes')).toBe('institutes');
    expect(inSentence('LMS platforms')).toBe('LMS platforms');
    expect(inSentence('LMS platform')).toBe('LMS platform');
    expect(inSentence('Deployment IDs')).toBe('deployment IDs');
    expect(inSentence('Department Head')).toBe('department head');
  });
});
