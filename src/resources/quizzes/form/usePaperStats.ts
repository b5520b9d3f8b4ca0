import { useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, useGetMany } from 'react-admin';
import type { QuestionRecord } from '../../questions';
import type { QuizDraft, RuleDraft } from './quizDraft';

/** The most bank questions read per rule to size its draw (the API's page limit). */
const POOL_LIMIT = 1000;
const POOL_DELAY_MS = 250;

export interface Range {
  min: number;
  max: number;
}

export interface RulePool {
  /** Bank questions matching the rule (all of them, even those beyond POOL_LIMIT). */
  total: number;
  /** The matching questions read (up to POOL_LIMIT): id, marks, time. */
  items: { id: number; marks: number; time: number }[];
}

export interface RuleStats {
  loading: boolean;
  /** Matching questions that are not already fixed in the paper. */
  matches: number;
  requested: number;
  /** What a student gets: at most the matches. */
  drawn: number;
  marks: Range;
  time: Range;
}

export interface PaperStats {
  fixedRecords: Map<number, QuestionRecord>;
  /** Fixed questions that are not of the quiz's subjects (the server refuses them). */
  outsideSubjects: number[];
  rules: RuleStats[];
  questions: Range;
  marks: Range;
  time: Range;
  /** Questions asked for by the rules that the bank cannot supply. */
  shortfall: number;
  loading: boolean;
}

/** The API filter of a rule within the quiz's subjects. */
export function ruleFilterOf(subjects: readonly number[], rule: RuleDraft): Record<string, unknown> {
  const filter: Record<string, unknown> = { subject: [...subjects] };
  if (rule.module !== null) filter.module = rule.module;
  if (rule.topic !== null) filter.topic = rule.topic;
  if (rule.difficulty) filter.difficulty = rule.difficulty;
  if (rule.type) filter.type = rule.type;
  return filter;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The least and the most `count` values of a list can add up to. */
export function rangeOfDraw(values: readonly number[], count: number): Range {
  const sorted = [...values].sort((a, b) => a - b);
  const n = Math.min(count, sorted.length);
  return { min: round2(sum(sorted.slice(0, n))), max: round2(sum(sorted.slice(sorted.length - n))) };
}

/** A rule's draw from its pool, leaving out the fixed questions (the server never draws a question twice). */
export function ruleStatsOf(rule: RuleDraft, pool: RulePool | undefined, fixed: ReadonlySet<number>): RuleStats {
  const requested = Math.max(0, Math.floor(Number(rule.count)) || 0);
  if (!pool) return { loading: true, matches: 0, requested, drawn: 0, marks: { min: 0, max: 0 }, time: { min: 0, max: 0 } };
  const items = pool.items.filter((item) => !fixed.has(item.id));
  const excluded = pool.items.length - items.length;
  const matches = Math.max(0, pool.total - excluded);
  const drawn = Math.min(requested, matches);
  return {
    loading: false,
    matches,
    requested,
    drawn,
    marks: rangeOfDraw(items.map((item) => item.marks), drawn),
    time: rangeOfDraw(items.map((item) => item.time), drawn),
  };
}

/**
 * How many bank questions each random rule matches, and what the paper adds up to: the fixed
 * questions exactly, the random draws as a range from the cheapest to the dearest draw.
 */
export function usePaperStats(draft: Pick<QuizDraft, 'subjects' | 'questions' | 'random_rules'>): PaperStats {
  const dataProvider = useDataProvider();
  const { data: fixedData, isPending: fixedPending } = useGetMany<QuestionRecord>(
    'questions',
    { ids: draft.questions },
    { enabled: draft.questions.length > 0 },
  );
  const fixedRecords = useMemo(() => new Map((fixedData ?? []).map((record) => [record.id, record])), [fixedData]);

  const filters = useMemo(
    () => draft.random_rules.map((rule) => JSON.stringify(ruleFilterOf(draft.subjects, rule))),
    [draft.random_rules, draft.subjects],
  );
  const [pools, setPools] = useState<ReadonlyMap<string, RulePool>>(new Map());
  const asked = useRef(new Set<string>());

  useEffect(() => {
    if (draft.subjects.length === 0) return;
    const missing = [...new Set(filters)].filter((key) => !pools.has(key) && !asked.current.has(key));
    if (!missing.length) return;
    const timer = setTimeout(() => {
      for (const key of missing) {
        asked.current.add(key);
        dataProvider
          .getList<QuestionRecord>('questions', {
            filter: JSON.parse(key) as Record<string, unknown>,
            pagination: { page: 1, perPage: POOL_LIMIT },
            sort: { field: 'id', order: 'ASC' },
          })
          .then(
            ({ data, total }) => {
              const items = data.map((record) => ({ id: record.id, marks: Number(record.marks) || 0, time: Number(record.time_required) || 0 }));
              setPools((current) => new Map(current).set(key, { total: total ?? items.length, items }));
            },
            () => asked.current.delete(key),
          );
      }
    }, POOL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters, pools, dataProvider, draft.subjects.length]);

  return useMemo(() => {
    const fixedIds = new Set(draft.questions);
    const subjects = new Set(draft.subjects);
    const fixed = draft.questions.map((id) => fixedRecords.get(id)).filter((record): record is QuestionRecord => record !== undefined);
    const outsideSubjects = fixed.filter((record) => !subjects.has(Number(record.subject))).map((record) => record.id);
    const noSubjects = draft.subjects.length === 0;
    const rules = draft.random_rules.map((rule, index) =>
      noSubjects ? ruleStatsOf(rule, { total: 0, items: [] }, fixedIds) : ruleStatsOf(rule, pools.get(filters[index]), fixedIds),
    );
    const fixedMarks = round2(sum(fixed.map((record) => Number(record.marks) || 0)));
    const fixedTime = sum(fixed.map((record) => Number(record.time_required) || 0));
    const drawn = sum(rules.map((rule) => rule.drawn));
    return {
      fixedRecords,
      outsideSubjects,
      rules,
      questions: { min: draft.questions.length + drawn, max: draft.questions.length + drawn },
      marks: { min: round2(fixedMarks + sum(rules.map((r) => r.marks.min))), max: round2(fixedMarks + sum(rules.map((r) => r.marks.max))) },
      time: { min: fixedTime + sum(rules.map((r) => r.time.min)), max: fixedTime + sum(rules.map((r) => r.time.max)) },
      shortfall: sum(rules.map((rule) => (rule.loading ? 0 : rule.requested - rule.drawn))),
      loading: (draft.questions.length > 0 && fixedPending) || rules.some((rule) => rule.loading),
    };
  }, [draft.questions, draft.subjects, draft.random_rules, fixedRecords, fixedPending, pools, filters]);
}
