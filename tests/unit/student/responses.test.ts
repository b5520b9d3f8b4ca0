import { describe, expect, it } from 'vitest';
import {
  describeResponse,
  encodeMultiple,
  encodeSingle,
  encodeText,
  encodeTrueFalse,
  isAnswered,
  numericText,
  parseNumeric,
  responseProblem,
  toggleOption,
} from '../../../src/student/exam/responses';
import type { ExamQuestion } from '../../../src/student/api/types';

const options = [
  { id: 'o1', text: 'Queue' },
  { id: 'o2', text: 'Stack' },
  { id: 'o3', text: 'Heap' },
];
const order = options.map((o) => o.id);
const q = (type: ExamQuestion['type']): Pick<ExamQuestion, 'type' | 'options'> => ({ type, options: type === 'single' || type === 'multiple' ? options : undefined });

describe('response encoding per question type', () => {
  it('single choice: the option id, or null', () => {
    expect(encodeSingle('o2')).toBe('o2');
    expect(encodeSingle('')).toBeNull();
    expect(encodeSingle(null)).toBeNull();
  });

  it('multiple choice: the chosen ids once each in option order; none chosen is null', () => {
    expect(encodeMultiple(['o3', 'o1', 'o3'], order)).toEqual(['o1', 'o3']);
    expect(encodeMultiple([], order)).toBeNull();
    expect(encodeMultiple(['nope'], order)).toBeNull();

    let response = toggleOption(null, 'o3', true, order);
    expect(response).toEqual(['o3']);
    response = toggleOption(response, 'o1', true, order);
    expect(response).toEqual(['o1', 'o3']);
    response = toggleOption(response, 'o3', false, order);
    expect(response).toEqual(['o1']);
    expect(toggleOption(response, 'o1', false, order)).toBeNull();
  });

  it('true/false: booleans from the radio values', () => {
    expect(encodeTrueFalse('true')).toBe(true);
    expect(encodeTrueFalse('false')).toBe(false);
    expect(encodeTrueFalse('')).toBeNull();
  });

  it('numeric: a finite number, a decimal comma accepted, empty clears, anything else refused', () => {
    expect(parseNumeric(' 42 ')).toEqual({ ok: true, response: 42 });
    expect(parseNumeric('-3.5')).toEqual({ ok: true, response: -3.5 });
    expect(parseNumeric('2,5')).toEqual({ ok: true, response: 2.5 });
    expect(parseNumeric('1e3')).toEqual({ ok: true, response: 1000 });
    expect(parseNumeric('.5')).toEqual({ ok: true, response: 0.5 });
    expect(parseNumeric('')).toEqual({ ok: true, response: null });
    expect(parseNumeric('0x10').ok).toBe(false);
    expect(parseNumeric('ten').ok).toBe(false);
    expect(parseNumeric('-').ok).toBe(false);
    expect(parseNumeric('1e999')).toEqual({ ok: false, message: 'This number is too large' });
    expect(numericText(10)).toBe('10');
    expect(numericText(null)).toBe('');
  });

  it('short and descriptive: the text as typed; blanks clear', () => {
    expect(encodeText('  a queue ')).toBe('  a queue ');
    expect(encodeText('   ')).toBeNull();
  });

  it('knows what counts as answered', () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered('')).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(false)).toBe(true);
    expect(isAnswered(0)).toBe(true);
    expect(isAnswered(['o1'])).toBe(true);
  });

  it('checks a response the way the server does', () => {
    expect(responseProblem(q('single'), 'o1')).toBeUndefined();
    expect(responseProblem(q('single'), 'o9')).toBe('Choose one of the options');
    expect(responseProblem(q('multiple'), ['o1', 'o1'])).toBe('Choose among the options');
    expect(responseProblem(q('true_false'), 'true')).toBe('Answer true or false');
    expect(responseProblem(q('numeric'), Number.NaN)).toBe('Enter a number');
    expect(responseProblem(q('short_answer'), 'x'.repeat(501))).toBe('Enter text of at most 500 characters');
    expect(responseProblem(q('descriptive'), null)).toBeUndefined();
  });

  it('describes a response in words', () => {
    expect(describeResponse(q('single'), 'o2')).toBe('Stack');
    expect(describeResponse(q('multiple'), ['o1', 'o3'])).toBe('Queue; Heap');
    expect(describeResponse(q('true_false'), false)).toBe('False');
    expect(describeResponse(q('numeric'), 10)).toBe('10');
    expect(describeResponse(q('short_answer'), null)).toBe('Not answered');
  });
});
