import { read, request } from '../../api/httpClient';
import type { ApiResult } from '../../schemas/envelope';
import type { HttpResponse } from '../../api/httpClient';

/** The public guest-link calls: what quiz the link opens, and entering with a name. */
export interface GuestQuiz {
  quizId: number;
  quizName: string;
  validFrom: number | null;
  validTo: number;
  duration: number | null;
  open: boolean;
  serverTime?: number;
}

export interface GuestEntry {
  /** A student session, like the exam-link flow's. */
  token: string;
  username: string;
  quizId: number;
  quizName: string;
}

/** The page says itself what is wrong with a link, so no 'Error' toast. */
export const fetchGuestQuiz = (token: string): Promise<ApiResult<GuestQuiz>> => read<GuestQuiz>(`/guest/${encodeURIComponent(token)}`, { toast: false });

export const enterAsGuest = (token: string, name: string): Promise<HttpResponse<GuestEntry>> =>
  request<GuestEntry>(`/guest/${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
    toast: false,
  });
