import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { fetchAttempt, fetchHistory, saveAnswer, submitAttempt } from '../api/studentApi';
import type { AnswerResponse, AttemptPaper, ExamQuestion } from '../api/types';
import { syncFromServerTime } from '../common/clockSync';
import { responseProblem } from './responses';
import { saveOutcomeOf, SaveQueue, type LocalAnswer, type QueuedSave, type QueueStatus } from './saveQueue';
import { studentClock } from './serverClock';
import { TimeSpent } from './timeSpent';

/** What the result view shows, from a fresh submission or from history. */
export interface ExamResultInfo {
  attemptId: number;
  quizId: number;
  quizName: string;
  score: number | null;
  maxScore: number | null;
  pending: boolean;
  closedBy: string | null;
}

export type FinishReason = 'student' | 'time' | 'closed';

export type ExamPhase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; offline: boolean }
  | { kind: 'active' }
  | { kind: 'submitting'; reason: FinishReason; waitingForConnection: boolean }
  | { kind: 'submitFailed'; reason: FinishReason; message: string }
  | { kind: 'done'; reason: FinishReason | 'earlier'; result: ExamResultInfo };

const EMPTY: LocalAnswer = { response: null, flagged: false, seq: 0 };

const isOnline = () => navigator.onLine !== false;

/** Resolves when the browser says it is online again, or after `ms`. */
function onlineOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** Sends one queued save and feeds the server clock from the answer. */
async function sendSave(attemptId: number, save: QueuedSave) {
  const timed = await saveAnswer(attemptId, save.questionId, {
    response: save.response,
    seq: save.seq,
    flagged: save.flagged,
    ...(save.timeSpentMs !== undefined ? { timeSpentMs: Math.min(save.timeSpentMs, 24 * 3_600_000) } : {}),
  });
  syncFromServerTime(timed, timed.response.result.data?.serverTime);
  return saveOutcomeOf(timed.response);
}

/**
 * One attempt on the exam page: the paper, the answers (server and local queue merged), autosave,
 * the deadline on the server's clock, and submission (by the student, at the deadline, or when the
 * server reports the attempt closed), which first sends whatever is still queued.
 */
export function useExamSession(attemptId: number) {
  const [phase, setPhase] = useState<ExamPhase>({ kind: 'loading' });
  const [paper, setPaper] = useState<AttemptPaper>();
  const [answers, setAnswers] = useState<Record<number, LocalAnswer>>({});
  const [deadline, setDeadline] = useState<number>(0);
  const [notice, setNotice] = useState<string>();
  const [loadRound, setLoadRound] = useState(0);
  const answersRef = useRef(answers);
  const finishing = useRef(false);
  const paperRef = useRef<AttemptPaper | undefined>(undefined);

  const putAnswer = useCallback((questionId: number, answer: LocalAnswer) => {
    answersRef.current = { ...answersRef.current, [questionId]: answer };
    setAnswers(answersRef.current);
  }, []);

  const finishRef = useRef<(reason: FinishReason) => void>(() => undefined);

  const queue = useMemo(
    () =>
      new SaveQueue({
        attemptId,
        send: sendSave,
        now: () => studentClock.now(),
        events: {
          serverAnswer: (questionId, answer) => putAnswer(questionId, { response: answer.response, flagged: answer.flagged, seq: answer.seq }),
          closed: () => finishRef.current('closed'),
          rejected: (_questionId, message) => setNotice(`An answer was not accepted: ${message}`),
        },
      }),
    [attemptId, putAnswer],
  );
  const timeSpent = useMemo(() => new TimeSpent(attemptId), [attemptId]);
  const saveStatus: QueueStatus = useSyncExternalStore(queue.subscribe, queue.getStatus);

  useEffect(() => {
    queue.start();
    return () => queue.stop();
  }, [queue]);

  /** The result of an attempt submitted before this visit. */
  const showEarlierResult = useCallback(
    async (data: AttemptPaper) => {
      queue.clear();
      timeSpent.clear();
      const history = await fetchHistory({ toast: false });
      const entry = history.data?.find((a) => a.id === data.id);
      setPhase({
        kind: 'done',
        reason: 'earlier',
        result: {
          attemptId: data.id,
          quizId: data.quizId,
          quizName: data.quizName,
          score: entry?.score ?? null,
          maxScore: entry?.maxScore ?? null,
          pending: entry?.pending ?? false,
          closedBy: entry?.closedBy ?? null,
        },
      });
    },
    [queue, timeSpent],
  );

  // Load the paper and merge the server's answers with what this browser still has queued.
  useEffect(() => {
    let active = true;
    (async () => {
      const timed = await fetchAttempt(attemptId, { toast: false });
      if (!active) return;
      const { result, status } = timed.response;
      if (!result.success || !result.data) {
        setPhase({ kind: 'error', message: result.message || 'The exam could not be loaded', offline: status === 0 });
        return;
      }
      const data = result.data;
      syncFromServerTime(timed, data.serverTime);
      paperRef.current = data;
      setPaper(data);
      setDeadline(data.deadline);
      if (data.status !== 'in_progress') {
        await showEarlierResult(data);
        return;
      }
      answersRef.current = queue.merge(data.answers);
      setAnswers(answersRef.current);
      setPhase((current) => (current.kind === 'loading' || current.kind === 'error' ? { kind: 'active' } : current));
    })();
    return () => {
      active = false;
    };
  }, [attemptId, queue, loadRound, showEarlierResult]);

  const reload = useCallback(() => {
    setPhase({ kind: 'loading' });
    setLoadRound((n) => n + 1);
  }, []);

  // Back online or back to the tab: catch up with the server (another tab or device, a changed deadline, a closed attempt).
  useEffect(() => {
    if (phase.kind !== 'active') return;
    const refresh = async () => {
      if (document.visibilityState === 'hidden' || !isOnline()) return;
      const timed = await fetchAttempt(attemptId, { toast: false });
      const data = timed.response.result.data;
      if (!timed.response.result.success || !data) return;
      syncFromServerTime(timed, data.serverTime);
      setDeadline(data.deadline);
      if (data.status !== 'in_progress') {
        finishRef.current('closed');
        return;
      }
      answersRef.current = queue.merge(data.answers);
      setAnswers(answersRef.current);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        timeSpent.resume();
        void refresh();
      } else timeSpent.pause();
    };
    const onOnline = () => void refresh();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, [phase.kind, attemptId, queue, timeSpent]);

  const finish = useCallback(
    async (reason: FinishReason) => {
      if (finishing.current) return;
      finishing.current = true;
      timeSpent.pause();
      setPhase({ kind: 'submitting', reason, waitingForConnection: false });
      const current = paperRef.current;
      const grace = current?.graceMs ?? 30_000;

      // 1. Whatever is still queued goes first (the server takes saves until the deadline plus its grace).
      while (queue.pending().length > 0 && !queue.isFinished) {
        await queue.flush();
        if (queue.pending().length === 0 || queue.isFinished) break;
        if (studentClock.now() > (current?.deadline ?? 0) + grace - 2000 && reason !== 'student') break;
        setPhase({ kind: 'submitting', reason, waitingForConnection: true });
        await onlineOrAfter(2000);
      }

      // 2. Submit (idempotent), waiting for the connection if needed, without a toast per try.
      let delay = 2000;
      for (;;) {
        if (!isOnline()) {
          setPhase({ kind: 'submitting', reason, waitingForConnection: true });
          await onlineOrAfter(5000);
          continue;
        }
        const http = await submitAttempt(attemptId);
        const data = http.result.data;
        if (http.result.success && data) {
          queue.clear();
          timeSpent.clear();
          setPhase({
            kind: 'done',
            reason,
            result: {
              attemptId,
              quizId: data.quizId,
              quizName: current?.quizName ?? '',
              score: data.score,
              maxScore: data.maxScore,
              pending: data.pending,
              closedBy: data.closedBy,
            },
          });
          return;
        }
        if (http.status === 405) return; // signed out: the HTTP client has gone to '/'; the queue stays for later
        if (http.status === 0 || http.status >= 500) {
          setPhase({ kind: 'submitting', reason, waitingForConnection: true });
          await onlineOrAfter(delay);
          delay = Math.min(delay * 2, 30_000);
          continue;
        }
        finishing.current = false;
        setPhase({ kind: 'submitFailed', reason, message: http.result.message || 'The exam could not be submitted' });
        return;
      }
    },
    [attemptId, queue, timeSpent],
  );
  finishRef.current = (reason) => void finish(reason);

  /** Records a change of one question (answer and/or flag); an invalid response is not kept. */
  const change = useCallback(
    (question: ExamQuestion, patch: { response?: AnswerResponse; flagged?: boolean }) => {
      if (finishing.current) return;
      const current = answersRef.current[question.id] ?? EMPTY;
      const response = patch.response !== undefined ? patch.response : current.response;
      const flagged = patch.flagged ?? current.flagged;
      if (responseProblem(question, response)) return;
      const save = queue.record(question.id, { response, flagged, timeSpentMs: timeSpent.total(question.id) });
      putAnswer(question.id, { response, flagged, seq: save.seq });
    },
    [queue, timeSpent, putAnswer],
  );

  const showQuestion = useCallback((questionId: number) => timeSpent.show(questionId), [timeSpent]);

  return {
    phase,
    paper,
    answers,
    deadline,
    saveStatus,
    notice,
    dismissNotice: () => setNotice(undefined),
    change,
    showQuestion,
    submit: () => void finish('student'),
    timeUp: () => void finish('time'),
    retrySubmit: (reason: FinishReason) => void finish(reason),
    reload,
  };
}
