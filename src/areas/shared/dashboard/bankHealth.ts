import type { PersonsSummary } from '../../../schemas/fairness';

/** One question of GET /api/subjects/{id}/calibration. */
export interface CalibrationItemView {
  questionId: number;
  difficulty: number | null;
  status: string;
}

/** GET /api/subjects/{id}/calibration's data, as the bank health view reads it. */
export interface SubjectCalibrationView {
  subjectId: number;
  calibratedAt: number | null;
  minResponses: number;
  /** The subject's questions a calibration counts now, calibrated or not. */
  questions: number;
  items: CalibrationItemView[];
  persons: PersonsSummary;
}

/** Width of the map's bins in logits (the persons' histogram's). */
export const MAP_BIN = 0.5;

/**
 * The person–item map's rows: one per 0.5-logit bin (centre `logit`) from the lowest to the highest
 * bin holding a question or a student, with how many calibrated questions and how many students
 * (the persons' histogram) fall in it.
 */
export function personItemMap(data: Pick<SubjectCalibrationView, 'items' | 'persons'>): { logit: number; questions: number; students: number }[] {
  const binOf = (logit: number) => Math.round((Math.floor(logit / MAP_BIN) + 0.5) * MAP_BIN * 100) / 100;
  const questions = new Map<number, number>();
  for (const item of data.items) {
    if (item.status !== 'calibrated' || item.difficulty === null) continue;
    const bin = binOf(item.difficulty);
    questions.set(bin, (questions.get(bin) ?? 0) + 1);
  }
  const students = new Map<number, number>(data.persons.histogram.map((h) => [Math.round(h.logit * 100) / 100, h.count]));
  const bins = [...questions.keys(), ...students.keys()];
  if (!bins.length) return [];
  const low = Math.min(...bins);
  const high = Math.max(...bins);
  const rows = [];
  for (let k = 0; low + k * MAP_BIN <= high + 1e-9; k++) {
    const logit = Math.round((low + k * MAP_BIN) * 100) / 100;
    rows.push({ logit, questions: questions.get(logit) ?? 0, students: students.get(logit) ?? 0 });
  }
  return rows;
}

/** "12 of 40 questions calibrated": the calibrated rows against the subject's questions now (none before the first calibration). */
export function calibratedCount(data: Pick<SubjectCalibrationView, 'items' | 'questions'>): { calibrated: number; total: number } {
  return { calibrated: data.items.filter((i) => i.status === 'calibrated').length, total: data.questions };
}
