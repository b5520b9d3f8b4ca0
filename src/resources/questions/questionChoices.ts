import { DIFFICULTIES, DIFFICULTY_LABELS, QUESTION_TYPES, QUESTION_TYPE_LABELS } from '../../schemas/questions';

/** The question types as choices for a filter or a select, in the schema's order. */
export const QUESTION_TYPE_CHOICES = QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }));

/** The difficulties as choices for a filter or a select, easiest first. */
export const DIFFICULTY_CHOICES = DIFFICULTIES.map((value) => ({ value, label: DIFFICULTY_LABELS[value] }));
