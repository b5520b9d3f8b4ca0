import type { AnswerResponse, ExamQuestion } from '../api/types';

/**
 * What each input of the exam page sends, by question type (an option id, a list of option
 * ids, true/false, a number, a string; null clears the answer). An empty input always becomes
 * null, so "answered" means the same on the page, in the palette and on the server.
 */

export { DESCRIPTIVE_MAX, responseProblem, SHORT_ANSWER_MAX, textLimitOf } from '../../schemas/answers';

/** Single choice: the chosen option's id. */
export const encodeSingle = (optionId: string | null | undefined): AnswerResponse => (optionId ? optionId : null);

/**
 * Multiple choice: the chosen ids, once each, in the order the options are shown (so the same
 * choice always encodes the same way); none chosen clears the answer.
 */
export function encodeMultiple(chosen: readonly string[], optionOrder: readonly string[]): AnswerResponse {
  const set = new Set(chosen);
  const ids = optionOrder.filter((id) => set.has(id));
  return ids.length ? ids : null;
}

/** Ticks or unticks one option of a multiple-choice answer. */
export function toggleOption(current: AnswerResponse, optionId: string, checked: boolean, optionOrder: readonly string[]): AnswerResponse {
  const chosen = Array.isArray(current) ? current.filter((id) => id !== optionId) : [];
  return encodeMultiple(checked ? [...chosen, optionId] : chosen, optionOrder);
}

/** True/false from the radio group's value ('true' / 'false'). */
export const encodeTrueFalse = (value: string | null | undefined): AnswerResponse =>
  value === 'true' ? true : value === 'false' ? false : null;

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type NumericInput = { ok: true; response: number | null } | { ok: false; message: string };

/**
 * The numeric field's text: '' clears the answer; a decimal comma is accepted ('2,5'). Anything
 * that is not a finite number (hex, words, '1e999') is not sent.
 */
export function parseNumeric(text: string): NumericInput {
  let value = text.trim().replace(/\s+/g, '');
  if (value === '') return { ok: true, response: null };
  if (!value.includes('.') && (value.match(/,/g) ?? []).length === 1) value = value.replace(',', '.');
  if (!NUMBER_TEXT.test(value)) return { ok: false, message: 'Enter a number, e.g. 42 or 3.5' };
  const number = Number(value);
  return Number.isFinite(number) ? { ok: true, response: number } : { ok: false, message: 'This number is too large' };
}

/** The numeric field's text for a saved answer. */
export const numericText = (response: AnswerResponse): string => (typeof response === 'number' ? String(response) : '');

/** Short and descriptive answers: the text as typed; blanks only clear the answer. */
export const encodeText = (text: string): AnswerResponse => (text.trim() === '' ? null : text);

/** Whether a response counts as an answer (what the palette and the submit dialog report). */
export function isAnswered(response: AnswerResponse | undefined): boolean {
  if (response === null || response === undefined) return false;
  if (typeof response === 'string') return response.trim() !== '';
  if (Array.isArray(response)) return response.length > 0;
  if (typeof response === 'object') return Object.values(response).some((v) => typeof v === 'string' && v.trim() !== '');
  return true;
}

/**
 * Matching and Cloze: one entry per stem or gap (stem id -> choice id, gap number -> text or
 * option id); a cleared entry is left out, and nothing filled in clears the answer.
 */
export function setPart(current: AnswerResponse, part: string, value: string): AnswerResponse {
  const base = current !== null && typeof current === 'object' && !Array.isArray(current) ? current : {};
  const next: Record<string, string> = { ...base };
  if (value.trim() === '') delete next[part];
  else next[part] = value;
  return Object.keys(next).length ? next : null;
}

/** A part of a matching or Cloze response ('' when not given). */
export const partOf = (response: AnswerResponse | undefined, part: string): string =>
  response !== null && typeof response === 'object' && !Array.isArray(response) && typeof response[part] === 'string' ? response[part] : '';

/** A response in words (the submit dialog, the analysis): option texts, True/False, the number or text. */
export function describeResponse(question: Pick<ExamQuestion, 'type' | 'options' | 'stems' | 'choices' | 'gaps'>, response: AnswerResponse | undefined): string {
  if (!isAnswered(response)) return 'Not answered';
  if (question.type === 'matching') {
    return (question.stems ?? [])
      .map((s) => `${s.text} -> ${question.choices?.find((c) => c.id === partOf(response, s.id))?.text ?? 'not answered'}`)
      .join('; ');
  }
  if (question.type === 'cloze') {
    return (question.gaps ?? [])
      .map((g) => {
        const value = partOf(response, String(g.n));
        const optionText = (id: string) => g.options?.find((o) => o.id === id)?.text ?? '';
        const shown = g.kind === 'choice' ? optionText(value) : g.kind === 'multiresponse' ? value.split(',').filter(Boolean).map(optionText).join(', ') : value;
        return `Gap ${g.n}: ${shown || 'not answered'}`;
      })
      .join('; ');
  }
  const optionText = (id: string) => question.options?.find((o) => o.id === id)?.text ?? id;
  if (typeof response === 'boolean') return response ? 'True' : 'False';
  if (Array.isArray(response)) return response.map(optionText).join('; ');
  if (typeof response === 'string' && (question.type === 'single' || question.type === 'multiple')) return optionText(response);
  return String(response);
}
