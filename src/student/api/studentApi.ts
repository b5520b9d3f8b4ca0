import { read, request, send, type CallOptions, type HttpResponse } from '../../api/httpClient';
import type { ApiResult } from '../../schemas/envelope';
import type {
  Analysis,
  AttemptPaper,
  AttemptStart,
  HistoryEntry,
  QuizDetail,
  QuizSummary,
  SaveAnswerBody,
  SaveAnswerResult,
  SubmitResult,
} from './types';

/**
 * The student's calls (the exam API under /api/student), all through the shared HTTP client.
 * Calls whose answer carries serverTime also report when they left and when the answer
 * arrived, so the server clock can be estimated (see exam/serverClock.ts).
 */

export interface Timed<T> {
  response: T;
  sentAt: number;
  receivedAt: number;
}

async function timed<T>(call: () => Promise<T>): Promise<Timed<T>> {
  const sentAt = Date.now();
  const response = await call();
  return { response, sentAt, receivedAt: Date.now() };
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export type QuizListState = 'upcoming' | 'available';

/** The lists carry no serverTime: their Date header gives the clock a coarse sample. */
export const fetchQuizzes = (state: QuizListState, options: CallOptions = {}): Promise<Timed<HttpResponse<QuizSummary[]>>> =>
  timed(() => request<QuizSummary[]>(`/student/quizzes?state=${state}`, options));

export const fetchQuiz = (quizId: string | number, options: CallOptions = {}): Promise<Timed<ApiResult<QuizDetail>>> =>
  timed(() => read<QuizDetail>(`/student/quizzes/${encodeURIComponent(quizId)}`, options));

/** Starts the next attempt (201) or answers the running one again (200): both are success. A refusal is said beside Start, so no 'Error' toast repeats it. */
export const startAttempt = (quizId: string | number, body: { cameraConsent?: boolean } = {}): Promise<Timed<ApiResult<AttemptStart>>> =>
  timed(() => send<AttemptStart>(`/student/quizzes/${encodeURIComponent(quizId)}/attempts`, body, { toast: false }));

export const fetchAttempt = (attemptId: string | number, options: CallOptions = {}): Promise<Timed<HttpResponse<AttemptPaper>>> =>
  timed(() => request<AttemptPaper>(`/student/attempts/${encodeURIComponent(attemptId)}`, options));

/** Autosave reports its own state (one banner, no toasts), so it never raises the 'Error' toast. */
export const saveAnswer = (attemptId: number, questionId: number, body: SaveAnswerBody): Promise<Timed<HttpResponse<SaveAnswerResult>>> =>
  timed(() =>
    request<SaveAnswerResult>(`/student/attempts/${attemptId}/answers/${questionId}`, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
      toast: false,
    }),
  );

/** Idempotent on the server; the exam page reports a failure itself. */
export const submitAttempt = (attemptId: number): Promise<HttpResponse<SubmitResult>> =>
  request<SubmitResult>(`/student/attempts/${attemptId}/submit`, { method: 'POST', headers: JSON_HEADERS, body: '{}', toast: false });

export const fetchHistory = (options: CallOptions = {}): Promise<ApiResult<HistoryEntry[]>> => read<HistoryEntry[]>('/student/attempts', options);

export const fetchAnalysis = (attemptId: string | number): Promise<ApiResult<Analysis>> =>
  read<Analysis>(`/student/attempts/${encodeURIComponent(attemptId)}/analysis`);

export interface FeedbackBody {
  quiz: number;
  rating: number;
  comment?: string;
}

/** The form reports failures itself (a 409 means the feedback was already given). */
export const sendFeedback = (body: FeedbackBody): Promise<HttpResponse<unknown>> =>
  request('/feedbacks', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), toast: false });
