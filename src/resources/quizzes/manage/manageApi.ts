import { read, send, type CallOptions } from '../../../api/httpClient';
import { downloadFile, isDownloadedFile } from '../../../api/fileTransfer';
import type { ApiResult } from '../../../schemas/envelope';
import { saveBlob } from '../../../ui/saveBlob';
import type { OverrideInput, OverrideRecord } from '../../../schemas/overrides';
import type { AttemptForGrading, ParticipantsAnswer, QuizPreview } from '../quizTypes';

/**
 * The teacher's quiz tools (server/routes/quizManage): participants, exam links, the guest
 * link, extra time, closing an attempt, grading, and the preview with answers. Each call
 * answers the generic result { success, message, data }; failures raise the 'Error' toast
 * unless `toast` is false.
 */

const base = (quizId: number) => `/quizzes/${encodeURIComponent(quizId)}`;

export const fetchParticipants = (quizId: number, options: CallOptions = {}): Promise<ApiResult<ParticipantsAnswer>> =>
  read<ParticipantsAnswer>(`${base(quizId)}/participants`, options);

export const generateExamLinks = (quizId: number): Promise<ApiResult<ParticipantsAnswer>> =>
  send<ParticipantsAnswer>(`${base(quizId)}/exam-links`, {});

export const regenerateExamLink = (quizId: number, studentId: number): Promise<ApiResult<ParticipantsAnswer>> =>
  send<ParticipantsAnswer>(`${base(quizId)}/exam-links/${encodeURIComponent(studentId)}`, {});

/** Downloads the exam links sheet; answers whether it was saved. */
export async function exportExamLinks(quizId: number): Promise<boolean> {
  const answer = await downloadFile(`${base(quizId)}/exam-links/export`);
  if (!isDownloadedFile(answer)) return false;
  saveBlob(answer.blob, answer.filename ?? 'exam-links.xlsx');
  return true;
}

export const issueGuestLink = (quizId: number): Promise<ApiResult<{ guestLink: string }>> =>
  send<{ guestLink: string }>(`${base(quizId)}/guest-link`, {});

export const revokeGuestLink = (quizId: number): Promise<ApiResult<null>> => read<null>(`${base(quizId)}/guest-link`, { method: 'DELETE' });

export const saveExtraTime = (quizId: number, studentId: number, extraMinutes: number): Promise<ApiResult<ParticipantsAnswer>> =>
  send<ParticipantsAnswer>(`${base(quizId)}/accommodations/${encodeURIComponent(studentId)}`, { extraMinutes }, { method: 'PUT', toast: false });

export const closeAttempt = (quizId: number, attemptId: number): Promise<ApiResult<ParticipantsAnswer>> =>
  send<ParticipantsAnswer>(`${base(quizId)}/attempts/${encodeURIComponent(attemptId)}/close`, {});

export const fetchAttempt = (quizId: number, attemptId: number): Promise<ApiResult<AttemptForGrading>> =>
  read<AttemptForGrading>(`${base(quizId)}/attempts/${encodeURIComponent(attemptId)}`);

export interface GradeAnswer {
  score: number | null;
  maxScore: number | null;
  pending: boolean;
}

export const gradeAnswer = (quizId: number, attemptId: number, questionId: number, marks: number, comment: string): Promise<ApiResult<GradeAnswer>> =>
  send<GradeAnswer>(
    `${base(quizId)}/attempts/${encodeURIComponent(attemptId)}/answers/${encodeURIComponent(questionId)}/grade`,
    { marks, comment: comment.trim() || null },
    { method: 'PUT', toast: false },
  );

export const fetchPreview = (quizId: number): Promise<ApiResult<QuizPreview>> => read<QuizPreview>(`${base(quizId)}/preview`);

export const fetchOverrides = (quizId: number): Promise<ApiResult<OverrideRecord[]>> => read<OverrideRecord[]>(`${base(quizId)}/overrides`);

/** Adds an override (no overrideId) or replaces one; the caller shows the field errors. */
export const saveOverride = (quizId: number, body: OverrideInput, overrideId?: number): Promise<ApiResult<OverrideRecord>> =>
  overrideId === undefined
    ? send<OverrideRecord>(`${base(quizId)}/overrides`, body, { toast: false })
    : send<OverrideRecord>(`${base(quizId)}/overrides/${encodeURIComponent(overrideId)}`, body, { method: 'PUT', toast: false });

export const deleteOverride = (quizId: number, overrideId: number): Promise<ApiResult<null>> =>
  read<null>(`${base(quizId)}/overrides/${encodeURIComponent(overrideId)}`, { method: 'DELETE' });

export interface RegradeChange {
  attemptId: number;
  studentId: number;
  studentName: string;
  attemptNo: number;
  oldScore: number;
  newScore: number;
  oldMaxScore: number;
  newMaxScore: number;
  questions: { questionId: number; question: string; oldMarks: number | null; newMarks: number | null }[];
}

export interface RegradeAnswer {
  changes: RegradeChange[];
  count: number;
  dryRun: boolean;
}

/** Regrade with the questions' current keys: a dry run lists the changes, otherwise they are applied. */
export const regradeQuiz = (quizId: number, dryRun: boolean): Promise<ApiResult<RegradeAnswer>> =>
  send<RegradeAnswer>(`${base(quizId)}/regrade`, { dryRun }, { toast: false });

/** A link of the quiz in an LMS course (LTI 1.3). */
export interface LmsLink {
  id: number;
  platformIssuer: string;
  contextTitle: string;
  lineitem: string | null;
  canSyncMembers: boolean;
}

/** One grade sent (or to send) to an LMS: sent, waiting for its first try, or failing with the LMS's answer. */
export interface LmsScore {
  id: number;
  studentId: number;
  studentName: string;
  scoreGiven: number;
  scoreMaximum: number;
  gradingProgress: 'FullyGraded' | 'PendingManual';
  status: 'waiting' | 'sent' | 'failing';
  tries: number;
  lastStatus: number | null;
  lastError: string | null;
  nextTryAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface LmsMember {
  sub: string;
  name: string;
  email: string | null;
}

export interface LmsMembersPreview {
  add: LmsMember[];
  already: LmsMember[];
  skipped: number;
}

export const fetchLms = (quizId: number, options: CallOptions = {}): Promise<ApiResult<{ links: LmsLink[]; scores: LmsScore[] }>> =>
  read<{ links: LmsLink[]; scores: LmsScore[] }>(`${base(quizId)}/lti`, options);

/** Who a class list sync would add to the quiz's group, and who is already there; the caller shows a failure. */
export const previewLmsMembers = (quizId: number, linkId: number): Promise<ApiResult<LmsMembersPreview>> =>
  read<LmsMembersPreview>(`${base(quizId)}/lti/members?linkId=${encodeURIComponent(linkId)}`, { toast: false });

export const syncLmsMembers = (quizId: number, linkId: number): Promise<ApiResult<{ added: number; created: number; already: number }>> =>
  send<{ added: number; created: number; already: number }>(`${base(quizId)}/lti/members`, { linkId }, { toast: false });
