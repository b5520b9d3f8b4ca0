import { z } from 'zod';
import { DIFFICULTIES, QUESTION_TYPES, type Difficulty, type QuestionType } from '../../schemas';
import { MEASURED_FILTERS, type MeasuredFilter } from '../../schemas/measured';
import { MEMORY_KEYS } from './rememberedLists';
import { createSessionSlot } from './sessionSlot';

/**
 * The remembered filters of the question bank and the quiz list. The screens
 * that use them come later; the shapes, defaults and storage are fixed here.
 */

/** The quiz list shows the caller's own quizzes unless told otherwise (createdBy defaults to 'ME'). */
export const DEFAULT_QUIZ_CREATOR = 'ME';

export interface QuestionFilter {
  moduleIds: number[];
  difficulty: Difficulty[];
  type: QuestionType[];
  createdBy: string | null;
  marks: number | null;
  /** ISO date-times. */
  startDate: string | null;
  endDate: string | null;
  /** The measured-difficulty filter (src/schemas/measured.ts); null: any. */
  measured: MeasuredFilter | null;
}

export interface QuizFilter {
  subjectIds: number[];
  createdBy: string;
  startDate: string | null;
  endDate: string | null;
}

export const defaultQuestionFilter = (): QuestionFilter => ({
  moduleIds: [],
  difficulty: [],
  type: [],
  createdBy: null,
  marks: null,
  startDate: null,
  endDate: null,
  measured: null,
});

export const defaultQuizFilter = (): QuizFilter => ({
  subjectIds: [],
  createdBy: DEFAULT_QUIZ_CREATOR,
  startDate: null,
  endDate: null,
});

const questionFilterSchema: z.ZodType<QuestionFilter> = z.object({
  moduleIds: z.array(z.number()),
  difficulty: z.array(z.enum(DIFFICULTIES)),
  type: z.array(z.enum(QUESTION_TYPES)),
  createdBy: z.string().nullable(),
  marks: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  measured: z.enum(MEASURED_FILTERS).nullable().default(null),
});

const quizFilterSchema: z.ZodType<QuizFilter> = z.object({
  subjectIds: z.array(z.number()),
  createdBy: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

/** Kept per user in localStorage (the user's preferences key), so they outlast a sign-out as the lists' other settings do. */
export const questionFilterMemory = createSessionSlot(MEMORY_KEYS.questionFilter, questionFilterSchema, defaultQuestionFilter, 'user');
export const quizFilterMemory = createSessionSlot(MEMORY_KEYS.quizFilter, quizFilterSchema, defaultQuizFilter, 'user');
