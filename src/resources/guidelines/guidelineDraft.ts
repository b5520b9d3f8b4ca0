import type { Guideline } from '../../schemas/guidelines';
import type { Role } from '../../schemas/roles';

/**
 * The editor's working copy of a guideline. Items and FAQs carry a `key` so React keeps each
 * one's inputs (and focus) while the lists are reordered; guidelineSchema drops the keys.
 */
export interface FaqDraft {
  key: string;
  question: string;
  answer: string;
}

export interface ItemDraft {
  key: string;
  title: string;
  description: string;
  faqs: FaqDraft[];
}

export interface GuidelineDraft {
  /** '' until a role is chosen (the schema then says 'Invalid role selected'). */
  role: Role | '';
  content: ItemDraft[];
}

let lastKey = 0;
const nextKey = (): string => `k${++lastKey}`;

export const emptyFaq = (): FaqDraft => ({ key: nextKey(), question: '', answer: '' });
export const emptyItem = (): ItemDraft => ({ key: nextKey(), title: '', description: '', faqs: [] });

/** A new guideline starts with one empty tab, since it needs at least one. */
export const newDraft = (role: Role | '' = ''): GuidelineDraft => ({ role, content: [emptyItem()] });

/** A stored guideline as a working copy. */
export function toDraft(guideline: Pick<Guideline, 'role' | 'content'>): GuidelineDraft {
  return {
    role: guideline.role,
    content: guideline.content.map((item) => ({
      key: nextKey(),
      title: item.title,
      description: item.description,
      faqs: (item.faqs ?? []).map((faq) => ({ key: nextKey(), question: faq.question, answer: faq.answer })),
    })),
  };
}

/** A copy of `list` with the entry at `from` moved to `to` (out-of-range moves change nothing). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const copy = [...list];
  const [entry] = copy.splice(from, 1);
  copy.splice(to, 0, entry!);
  return copy;
}

export const replaceAt = <T>(list: readonly T[], index: number, entry: T): T[] => list.map((current, i) => (i === index ? entry : current));
export const removeAt = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);
