import { read, send } from '../../../api/httpClient';
import { downloadFile, isDownloadedFile } from '../../../api/fileTransfer';
import type { ApiResult } from '../../../schemas/envelope';
import { saveBlob } from '../../../ui/saveBlob';
import type { GradingQuestion, QuizStatisticsData } from './analysisTypes';
import type { StatisticsAttempts } from '../../../schemas/statistics';

/** The analysis calls (server/routes/analysis.ts). Failures raise the 'Error' toast unless `toast` is false. */
const base = (quizId: number) => `/quizzes/${encodeURIComponent(quizId)}`;

/** The report; `attempts`: which attempts the item and test statistics use (Moodle's choice, first by default). */
export const fetchStatistics = (quizId: number, attempts: StatisticsAttempts = 'first'): Promise<ApiResult<QuizStatisticsData>> =>
  read<QuizStatisticsData>(`${base(quizId)}/statistics?attempts=${attempts}`);

/** Downloads the whole report (.xlsx with a sheet per table, or CSV); answers whether it was saved. */
export async function exportReport(quizId: number, format: 'xlsx' | 'csv', attempts: StatisticsAttempts = 'first'): Promise<boolean> {
  const answer = await downloadFile(`${base(quizId)}/statistics/export?format=${format}&attempts=${attempts}`);
  if (!isDownloadedFile(answer)) return false;
  saveBlob(answer.blob, answer.filename ?? `analysis.${format}`);
  return true;
}

export const fetchGrading = (quizId: number, questionId: number): Promise<ApiResult<GradingQuestion>> =>
  read<GradingQuestion>(`${base(quizId)}/grading/${encodeURIComponent(questionId)}`);

export interface MarkAnswer {
  score: number | null;
  maxScore: number | null;
  pending: boolean;
  marks: number;
  comment: string | null;
}

export const markAnswer = (quizId: number, attemptId: number, questionId: number, marks: number, comment: string): Promise<ApiResult<MarkAnswer>> =>
  send<MarkAnswer>(
    `${base(quizId)}/attempts/${encodeURIComponent(attemptId)}/answers/${encodeURIComponent(questionId)}/mark`,
    { marks, comment: comment.trim() || null },
    { method: 'PUT', toast: false },
  );
