import { questionSchema, type Difficulty, type Question } from '../../src/schemas/questions';
import { fieldErrors } from '../lib/validation';
import { sheetColumnOf } from './sheet';
import type { QuestionDraft, RowError } from './types';
import type { DraftImage } from './moodleFiles';

/** What the import form supplies for everything a file leaves out. */
export interface ImportDefaults {
  subject: number;
  module?: number;
  topic?: number;
  marks: number;
  time_required: number;
  difficulty: Difficulty;
}

/** The caller's department's modules and their topics, for resolving a sheet's module and topic columns. */
export interface BankLookup {
  modules: readonly { id: number; name: string; subject_id: number }[];
  topics: readonly { id: number; name: string; module_id: number }[];
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
const asId = (ref: string | number) => (typeof ref === 'number' ? ref : /^\d{1,9}$/.test(ref.trim()) ? Number(ref.trim()) : undefined);

/**
 * Resolves each sheet row's module and topic (an id or an exact name) to ids: the module must be
 * one of the subject's modules in the caller's department, the topic one of that module's topics.
 * An empty module column means the form's module; an empty topic the form's topic when the row
 * uses the form's module, else none. Sets `fields.module` / `fields.topic`; returns the problems.
 */
export function resolveSheetRefs(drafts: QuestionDraft[], lookup: BankLookup, defaults: ImportDefaults): RowError[] {
  const errors: RowError[] = [];
  for (const draft of drafts) {
    const refs = draft.refs ?? {};
    let module = defaults.module;
    if (refs.module !== undefined) {
      const ref = refs.module;
      const id = asId(ref);
      const byId = id === undefined ? undefined : lookup.modules.find((m) => m.id === id);
      const named = byId ? [] : lookup.modules.filter((m) => m.subject_id === defaults.subject && sameName(m.name, String(ref)));
      module = undefined;
      if (byId && byId.subject_id !== defaults.subject) errors.push({ row: draft.row, field: 'module', message: 'The module does not belong to the selected subject' });
      else if (byId) module = byId.id;
      else if (named.length === 1) module = named[0].id;
      else if (named.length > 1) errors.push({ row: draft.row, field: 'module', message: `Several modules are named "${ref}"; write the module's id` });
      else errors.push({ row: draft.row, field: 'module', message: `No module "${ref}" in the selected subject (write a module's id or exact name)` });
      if (module === undefined) continue;
    }
    let topic = module === defaults.module ? defaults.topic : undefined;
    if (refs.topic !== undefined) {
      const ref = refs.topic;
      const id = asId(ref);
      const byId = id === undefined ? undefined : lookup.topics.find((t) => t.id === id);
      const named = byId ? [] : lookup.topics.filter((t) => t.module_id === module && sameName(t.name, String(ref)));
      topic = undefined;
      if (byId && byId.module_id !== module) errors.push({ row: draft.row, field: 'topic', message: "The topic does not belong to the row's module" });
      else if (byId) topic = byId.id;
      else if (named.length === 1) topic = named[0].id;
      else if (named.length > 1) errors.push({ row: draft.row, field: 'topic', message: `Several topics are named "${ref}"; write the topic's id` });
      else errors.push({ row: draft.row, field: 'topic', message: `No topic "${ref}" in the row's module (write a topic's id or exact name)` });
    }
    draft.fields.module = module;
    draft.fields.topic = topic;
  }
  return errors;
}

/**
 * Moodle categories mapped to the bank: a question whose category path ends in the name of a
 * module of the import's subject (and then, maybe, one of its topics), or in a topic of the form's
 * module, goes there; names are compared without case and extra spaces. Any other category leaves the
 * question in the form's module and topic, its path kept with it (shown so the teacher can map it).
 */
export function placeByCategory(drafts: QuestionDraft[], lookup: BankLookup, defaults: ImportDefaults): void {
  const modules = lookup.modules.filter((m) => m.subject_id === defaults.subject);
  const one = <T>(list: T[]) => (list.length === 1 ? list[0] : undefined);
  for (const draft of drafts) {
    if (!draft.category) continue;
    const parts = draft.category.split('/').map((p) => p.trim()).filter(Boolean);
    const last = parts[parts.length - 1];
    const before = parts[parts.length - 2];
    if (!last) continue;
    const moduleNamed = (name: string | undefined) => (name ? one(modules.filter((m) => sameName(m.name, name))) : undefined);
    const topicOf = (moduleId: number, name: string) => one(lookup.topics.filter((t) => t.module_id === moduleId && sameName(t.name, name)));
    const parent = moduleNamed(before);
    const pair = parent ? topicOf(parent.id, last) : undefined;
    if (parent && pair) {
      draft.fields.module = parent.id;
      draft.fields.topic = pair.id;
      continue;
    }
    const module = moduleNamed(last);
    if (module) {
      draft.fields.module = module.id;
      draft.fields.topic = module.id === defaults.module ? defaults.topic : undefined;
      continue;
    }
    const topic = defaults.module !== undefined ? topicOf(defaults.module, last) : undefined;
    if (topic) draft.fields.topic = topic.id;
  }
}

const ANSWER_FIELDS = ['correct_bool', 'numeric_value', 'numeric_tolerance', 'accepted_answers', 'scoring'];

/** The line of a text question a schema error points at: the option, the answer block, or the question's first line. */
function lineOf(draft: QuestionDraft, path: string): number {
  const [head, index] = path.split('.');
  const lines = draft.lines ?? {};
  return lines[`${head}.${index}`] ?? lines[head] ?? (ANSWER_FIELDS.includes(head) ? lines.answer : undefined) ?? draft.row;
}

export interface ValidQuestion {
  row: number;
  question: Question;
  /** What the file said beside the question (Moodle formats), for the import preview. */
  name?: string;
  category?: string;
  tags?: string[];
  notes?: string[];
  /** Moodle XML: the images its texts mark with `@@IMAGE:k@@`, stored with it. */
  images?: DraftImage[];
}

/**
 * Applies the import's defaults and validates every draft with the question schema, so the
 * product's own messages apply ('Enter valid marks', 'Add at least two options', ...). Errors
 * are placed on the sheet's row and column, or on the text file's line. `known` are problems
 * found earlier: a field that already has one is not reported twice. `failed` counts the drafts
 * the schema refused.
 */
export function validateDrafts(
  drafts: readonly QuestionDraft[],
  defaults: ImportDefaults,
  kind: 'sheet' | 'text',
  known: readonly RowError[] = [],
): { valid: ValidQuestion[]; errors: RowError[]; failed: number } {
  const valid: ValidQuestion[] = [];
  const errors: RowError[] = [...known];
  const seen = new Set(known.map((e) => `${e.row}|${e.field}`));
  const failedRows = new Set(known.map((e) => e.row));
  let failed = 0;
  for (const draft of drafts) {
    const f = draft.fields;
    const input = {
      ...f,
      subject: defaults.subject,
      module: 'module' in f ? f.module : defaults.module,
      topic: 'topic' in f ? f.topic : defaults.topic,
      marks: f.marks ?? defaults.marks,
      time_required: f.time_required ?? defaults.time_required,
      difficulty: f.difficulty ?? defaults.difficulty,
    };
    const parsed = questionSchema.safeParse(input);
    if (parsed.success) {
      if (!failedRows.has(draft.row)) {
        const { name, category, tags, notes, images } = draft;
        valid.push({
          row: draft.row,
          question: parsed.data,
          ...(name ? { name } : {}),
          ...(category ? { category } : {}),
          ...(tags ? { tags } : {}),
          ...(notes ? { notes } : {}),
          ...(images?.length ? { images } : {}),
        });
      }
      continue;
    }
    failed++;
    for (const [path, message] of Object.entries(fieldErrors(parsed.error.issues))) {
      const place = kind === 'sheet' ? { row: draft.row, field: sheetColumnOf(draft, path, message) } : { row: lineOf(draft, path), field: path.split('.')[0] };
      const key = `${place.row}|${place.field}`;
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push({ ...place, message });
    }
  }
  errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
  return { valid, errors, failed };
}
