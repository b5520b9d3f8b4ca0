import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { entities } from '../../src/schemas';
import { COMBINED_FEEDBACK_FIELDS, hasCombinedFeedback, legacyAnswerFields, numericAnswersOf, optionWeights, shortAnswersOf, type QuestionOption } from '../../src/schemas/questions';
import type { MatchPair } from '../../src/schemas/matching';
import { MEASURED_EASY_BELOW, MEASURED_FILTERS, MEASURED_HARD_ABOVE, MISFIT_ABOVE, MISFIT_BELOW, DISAGREEMENT_SE, type MeasuredFilter } from '../../src/schemas/measured';
import { tableAdapter, type AnySelect, type ResourceAdapter } from '../crud/adapter';
import { validationError } from '../lib/validation';
import { AppError, invalidFilter } from '../lib/errors';
import { linkImages } from '../questions/imageStore';

export const IN_ATTEMPTS = 'This question is in submitted attempts: it cannot be deleted';

const base = tableAdapter('questions', Object.keys(entities.questions.fields), {
  rename: { subject: 'subject_id', module: 'module_id', topic: 'topic_id' },
  dependents: [
    // History never changes silently: a question a student answered stays (its paper is a snapshot, a regrade reads its key).
    { table: 'answers', column: 'question_id', label: 'answers in attempts', message: IN_ATTEMPTS },
    { table: 'quiz_questions', column: 'question_id', label: 'quizzes using it' },
  ],
});

/**
 * The bank's `measured` filter on the question's last calibration (cut-offs in src/schemas/measured.ts):
 * easy / medium / hard by measured difficulty, uncalibrated (no figure yet: never calibrated, too few
 * answers, everyone right or wrong), flagged (misfit, or the declared level disagrees by more than 2 SE).
 */
function measuredFilter(qb: AnySelect, raw: unknown): AnySelect {
  if (typeof raw !== 'string' || !(MEASURED_FILTERS as readonly string[]).includes(raw)) {
    const message = `"measured" must be one of ${MEASURED_FILTERS.join(', ')}`;
    throw invalidFilter(message);
  }
  const value = raw as MeasuredFilter;
  if (value === 'uncalibrated') return qb.where((eb: any) => eb.or([eb('qc.status', 'is', null), eb('qc.status', '!=', 'calibrated')]));
  const calibrated = qb.where('qc.status', '=', 'calibrated');
  if (value === 'easy') return calibrated.where('qc.difficulty', '<', MEASURED_EASY_BELOW);
  if (value === 'hard') return calibrated.where('qc.difficulty', '>', MEASURED_HARD_ABOVE);
  if (value === 'medium') return calibrated.where('qc.difficulty', '>=', MEASURED_EASY_BELOW).where('qc.difficulty', '<=', MEASURED_HARD_ABOVE);
  // flagged: the same rule as disagreement() and misfits() in src/schemas/measured.ts.
  return calibrated.where((eb: any) => {
    const low = sql<number>`qc.difficulty + ${DISAGREEMENT_SE} * qc.se`;
    const high = sql<number>`qc.difficulty - ${DISAGREEMENT_SE} * qc.se`;
    return eb.or([
      eb('qc.outfit', '>', MISFIT_ABOVE),
      eb('qc.outfit', '<', MISFIT_BELOW),
      eb.and([eb('t.difficulty', '=', 'easy'), eb(high, '>', MEASURED_EASY_BELOW)]),
      eb.and([eb('t.difficulty', '=', 'medium'), eb.or([eb(low, '<', MEASURED_EASY_BELOW), eb(high, '>', MEASURED_HARD_ABOVE)])]),
      eb.and([eb('t.difficulty', '=', 'hard'), eb(low, '<', MEASURED_HARD_ABOVE)]),
    ]);
  });
}

const optionId = () => randomBytes(6).toString('base64url');

/**
 * The answer-key fields each type keeps, with the combined feedback of the types that have it; the
 * others are cleared so a changed type leaves nothing stale.
 */
const KEY_FIELDS: Record<string, string[]> = {
  single: ['options'],
  multiple: ['options', 'scoring'],
  true_false: ['correct_bool', 'true_feedback', 'false_feedback'],
  numeric: ['numeric_answers', 'numeric_value', 'numeric_tolerance'],
  short_answer: ['short_answers', 'case_sensitive', 'text_match', 'accepted_answers'],
  descriptive: ['model_answer'],
  matching: ['match_pairs'],
  description: [],
  cloze: [],
};
const keyFieldsOf = (type: unknown): string[] => [...(KEY_FIELDS[type as string] ?? []), ...(hasCombinedFeedback(type) ? COMBINED_FEEDBACK_FIELDS : [])];
const ALL_KEY_FIELDS = [...new Set([...Object.values(KEY_FIELDS).flat(), ...COMBINED_FEEDBACK_FIELDS])];

/** Matching pairs get stable ids (a stem's and a choice's id in papers and responses), like options. */
function preparePairs(pairs: MatchPair[]): { id: string; question: string; answer: string }[] {
  const seen = new Set<string>();
  return pairs.map((p) => {
    const id = p.id && !seen.has(p.id) ? p.id : optionId();
    seen.add(id);
    return { id, question: (p.question ?? '').trim(), answer: p.answer.trim() };
  });
}

/**
 * The question bank. Options get stable ids; the module must belong to the chosen subject and the
 * topic to the module. Attempts keep a copy of each question as they saw it (see exam/paper.ts),
 * so an edit never changes a past result: it only raises the question's version. Saving links the
 * images the texts refer to that the saver uploaded and no question holds yet (imageStore.ts).
 */
export const questionAdapter: ResourceAdapter = {
  ...base,
  // Each row carries its last calibration (read-only: the codec never writes these fields back).
  from: (db) => base.from(db).leftJoin('question_calibrations as qc', 'qc.question_id', 't.id'),
  columns: {
    ...base.columns,
    version: 't.version',
    created_by: 't.created_by',
    created_at: 't.created_at',
    measured_difficulty: 'qc.difficulty',
    measured_se: 'qc.se',
    measured_responses: 'qc.responses',
    measured_status: 'qc.status',
    measured_outfit: 'qc.outfit',
    measured_infit: 'qc.infit',
  },
  filters: { measured: measuredFilter },
  async prepare(db, body) {
    const module = await db.selectFrom('modules').select(['id', 'subject_id']).where('id', '=', body.module as number).executeTakeFirst();
    if (module && module.subject_id !== body.subject) throw validationError({ module: 'The module does not belong to the selected subject' });
    if (body.topic != null) {
      const topic = await db.selectFrom('topics').select('module_id').where('id', '=', body.topic as number).executeTakeFirst();
      if (topic && topic.module_id !== body.module) throw validationError({ topic: 'The topic does not belong to the selected module' });
    }
    const keep = keyFieldsOf(body.type);
    const prepared: Record<string, unknown> = { ...body, topic: body.topic ?? null };
    for (const field of ALL_KEY_FIELDS) if (!keep.includes(field)) prepared[field] = null;
    if (Array.isArray(body.options) && keep.includes('options')) {
      const seen = new Set<string>();
      const options = body.options as QuestionOption[];
      const weights = optionWeights(body.type, body.scoring ?? 'all_or_nothing', options);
      prepared.options = options.map((o, i) => {
        const id = o.id && !seen.has(o.id) ? o.id : optionId();
        seen.add(id);
        return { id, text: o.text, correct: weights[i] > 0, weight: weights[i], ...(o.feedback ? { feedback: o.feedback } : {}) };
      });
    }
    if (body.type === 'matching' && Array.isArray(body.match_pairs)) prepared.match_pairs = preparePairs(body.match_pairs as MatchPair[]);
    if (body.type === 'description') prepared.marks = 0;
    if (body.type === 'multiple') prepared.scoring = body.scoring ?? 'all_or_nothing';
    // Short and numeric answers are stored as weighted lists; a body in the old form (accepted_answers,
    // numeric_value) is converted, and the old fields are filled from the lists for older readers.
    if (body.type === 'short_answer') {
      const { answers, textMatch } = shortAnswersOf(body);
      prepared.short_answers = answers.map(({ text, weight, feedback }) => ({ text, weight, ...(feedback ? { feedback } : {}) }));
      prepared.text_match = textMatch;
      prepared.case_sensitive = textMatch === 'moodle' && body.case_sensitive === true;
    }
    if (body.type === 'numeric') {
      prepared.numeric_answers = numericAnswersOf(body).map(({ value, tolerance, weight, feedback }) => ({
        value,
        tolerance: value === '*' ? 0 : (tolerance ?? 0),
        weight,
        ...(feedback ? { feedback } : {}),
      }));
    }
    if (body.type === 'short_answer' || body.type === 'numeric') Object.assign(prepared, legacyAnswerFields({ ...(prepared as object), type: body.type }));
    return prepared;
  },
  async insert(trx, row, caller) {
    const inserted = await base.insert(trx, row, caller);
    await linkImages(trx, inserted.id, caller.userId, Object.values(row));
    return inserted;
  },
  async remove(trx, id, caller) {
    // A question drawn by a random rule and left unanswered is on a paper but in no answer nor
    // quiz: each paper question is stored as an object starting with its numeric id and version.
    const onPaper = await trx
      .selectFrom('attempts')
      .select('id')
      .where('paper', 'like', `%{"id":${Number(id)},"version":%`)
      .limit(1)
      .executeTakeFirst();
    if (onPaper) throw new AppError(409, IN_ATTEMPTS, 'IN_USE');
    await base.remove(trx, id, caller);
  },
  async update(trx, id, row, caller) {
    await base.update(trx, id, row, caller);
    await linkImages(trx, id, caller.userId, Object.values(row));
    await trx
      .updateTable('questions')
      .set((eb: any) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
  },
};
