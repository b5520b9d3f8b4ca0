import { read, send, type CallOptions } from '../../../api/httpClient';
import { downloadFile, isDownloadedFile } from '../../../api/fileTransfer';
import type { ApiResult } from '../../../schemas/envelope';
import type { IntegrityEventType, IntegrityRow } from '../../../schemas/integrity';
import { saveBlob } from '../../../ui/saveBlob';

export type { IntegrityRow };

/** The teacher's integrity calls (server/routes/integrity.ts). */

export interface IntegrityAnswer {
  quiz: { id: number; name: string; sebRequired: boolean; faceDetection: boolean };
  rows: IntegrityRow[];
}

export interface TimelineEvent {
  id: string;
  type: IntegrityEventType;
  at: number;
  durationMs: number | null;
  detail: Record<string, unknown> | null;
}

export interface Timeline {
  attempt: { id: number; fullname: string; username: string; status: string; startedAt: number; submittedAt: number | null; deadline: number; cameraConsentAt: number | null; cameraWaived: boolean; sebVerifiedAt: number | null };
  events: TimelineEvent[];
  saves: { questionId: number; savedAt: number }[];
}

export type SortField = 'fullname' | 'startedAt' | 'totalEvents' | 'awayMs' | 'noFaceMs' | 'flagged';

const base = (quizId: number) => `/quizzes/${encodeURIComponent(quizId)}`;

export const fetchIntegrity = (quizId: number, sort: SortField, order: 'asc' | 'desc', flaggedOnly: boolean, options: CallOptions = {}): Promise<ApiResult<IntegrityAnswer>> =>
  read<IntegrityAnswer>(`${base(quizId)}/integrity?sort=${sort}&order=${order}${flaggedOnly ? '&flagged=true' : ''}`, options);

export const fetchTimeline = (quizId: number, attemptId: number): Promise<ApiResult<Timeline>> => read<Timeline>(`${base(quizId)}/attempts/${encodeURIComponent(attemptId)}/events`);

async function download(path: string, fallback: string): Promise<boolean> {
  const answer = await downloadFile(path);
  if (!isDownloadedFile(answer)) return false;
  saveBlob(answer.blob, answer.filename ?? fallback);
  return true;
}

export const exportIntegrity = (quizId: number, format: 'csv' | 'xlsx') => download(`${base(quizId)}/integrity/export?format=${format}`, `integrity.${format}`);
export const downloadSebConfig = (quizId: number) => download(`${base(quizId)}/seb`, 'quiz.seb');

export const fetchSebLinks = (quizId: number): Promise<ApiResult<{ configKey: string; downloadUrl: string; sebLink: string }>> => read(`${base(quizId)}/seb/links`, { toast: false });

export const fetchCameraWaivers = (quizId: number): Promise<ApiResult<{ studentId: number; grantedAt: number }[]>> => read(`${base(quizId)}/camera-waivers`);
export const setCameraWaiver = (quizId: number, studentId: number, waived: boolean): Promise<ApiResult<unknown>> =>
  send(`${base(quizId)}/camera-waivers/${encodeURIComponent(studentId)}`, {}, { method: waived ? 'PUT' : 'DELETE' });
