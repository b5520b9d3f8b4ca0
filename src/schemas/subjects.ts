import { z } from 'zod';
import { defineEntity } from './entity';
import { requiredText, semesterField } from './fields';

/** A subject of the institute. */
export const subjectSchema = z.object({
  subjectname: requiredText('Subject name is required').max(100, 'Subject name should not exceed 100 characters'),
  code: requiredText('Subject code is required').max(20, 'Subject code should not exceed 20 characters'),
  semester: semesterField(),
});
export type SubjectInput = z.input<typeof subjectSchema>;
export type Subject = z.infer<typeof subjectSchema>;
export type SubjectRecord = Subject & { id: number };

/** Subjects belong to the institute: its head manages them, its department heads and teachers look them up. */
export const subjectEntity = defineEntity({
  resource: 'subjects',
  label: 'Subjects',
  singular: 'Subject',
  schema: subjectSchema,
  fields: {
    subjectname: { label: 'Subject name', list: true, sortable: true, search: true },
    code: { label: 'Code', list: true, sortable: true, search: true },
    semester: { label: 'Semester', list: true, sortable: true, filter: true },
  },
  recordRepresentation: 'subjectname',
  defaultSort: { field: 'subjectname', order: 'ASC' },
  access: {
    list: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'],
    read: ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER'],
    create: ['INSTITUTE-HEAD'],
    update: ['INSTITUTE-HEAD'],
    delete: ['INSTITUTE-HEAD'],
  },
  scope: { 'INSTITUTE-HEAD': 'institute', 'DEPARTMENT-HEAD': 'institute', TEACHER: 'institute' },
  areas: { 'INSTITUTE-HEAD': 'subject' },
});

/** Course-outcome attainment of a subject across its teacher's quizzes (GET /api/subjects/{subjectId}/attainment). */
export interface SubjectAttainment {
  subjectId: number;
  name: string;
  /** `attempts`: submitted attempts; `pending`: their answers waiting for grading. */
  quizzes: { quizId: number; name: string; validFrom: number | null; attempts: number; pending: number }[];
  modules: {
    moduleId: number;
    name: string;
    /**
     * `mean`: marks earned / marks available over the graded answers of every quiz (src/schemas/figures.ts);
     * `reached`: percent of the student-quiz pairs at the quiz's target; `level` by the latest quiz's rule.
     */
    mean: number | null;
    /** Answers to the module's questions waiting for grading, left out of the figures until graded. */
    pending: number;
    reached: number | null;
    level: number | null;
    /** One point per quiz that had the module, oldest first. */
    points: { quizId: number; quizName: string; validFrom: number | null; mean: number | null; reached: number | null; level: number | null; pending: number }[];
    /** Mean of the latest quiz minus that of the first (percentage points); null with fewer than two quizzes. */
    trend: number | null;
  }[];
}
