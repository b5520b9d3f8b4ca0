import type { HttpResponse } from '../../api/httpClient';
import type { AnswerResponse, SaveAnswerResult, ServerAnswer } from '../api/types';

/**
 * Autosave for one attempt (the rule: every answer survives a reload and a lost
 * connection).
 *
 * - Every change gets a sequence number (see nextSeq) and is written to localStorage at once,
 *   so a reload, a crash or a closed tab loses nothing.
 * - Changes are sent after a short pause (debounce, with a maximum wait while the student keeps
 *   typing), one request at a time, lowest sequence number first.
 * - A save that fails for want of a connection or a server error stays queued and is retried
 *   with exponential backoff, and at once when the browser reports it is online again.
 * - The server keeps the answer with the highest sequence number; when it answers that it
 *   holds a newer one (stale), the newer one replaces the local answer.
 *
 * The queue lives in localStorage (the source of truth, re-read on every operation, so two
 * tabs of the same attempt do not undo each other), with a memory fallback when storage is
 * unavailable.
 */

export interface QueuedSave {
  questionId: number;
  response: AnswerResponse;
  flagged: boolean;
  seq: number;
  timeSpentMs?: number;
}

/** An answer as the page shows it: what the server holds, or a newer local change. */
export interface LocalAnswer {
  response: AnswerResponse;
  flagged: boolean;
  seq: number;
}

export type SaveOutcome =
  | { kind: 'saved'; answer: ServerAnswer }
  | { kind: 'stale'; answer: ServerAnswer }
  /** No connection: keep it, retry when online. */
  | { kind: 'offline' }
  /** The server failed or is busy: keep it, retry later. */
  | { kind: 'retry'; message: string }
  /** Submitted, or the time (and its grace) is over: nothing more can be saved. */
  | { kind: 'closed'; message: string }
  /** The session is gone (the HTTP client has already sent the browser to '/'); keep the queue for later. */
  | { kind: 'signedOut' }
  /** The server refused this answer (invalid); it is dropped. */
  | { kind: 'rejected'; message: string };

/** Reads the HTTP client's answer to one save. */
export function saveOutcomeOf({ result, status }: Pick<HttpResponse<SaveAnswerResult>, 'result' | 'status'>): SaveOutcome {
  if (result.success && result.data) {
    const { response, seq, flagged, savedAt } = result.data;
    const answer = { response, seq, flagged, savedAt };
    return result.data.stale ? { kind: 'stale', answer } : { kind: 'saved', answer };
  }
  if (status === 0 || result.internet) return { kind: 'offline' };
  if (status === 405) return { kind: 'signedOut' };
  if (status === 409) return { kind: 'closed', message: result.message };
  if (status === 400 || status === 404) return { kind: 'rejected', message: result.message };
  return { kind: 'retry', message: result.message };
}

/**
 * Answers after a reload: the server's, unless the local queue holds a change with a higher
 * sequence number (not yet sent). Queued changes that the server has already overtaken are
 * returned as `superseded`.
 */
export function mergeAnswers(
  server: Readonly<Record<string, ServerAnswer>>,
  pending: readonly QueuedSave[],
): { answers: Record<number, LocalAnswer>; superseded: QueuedSave[] } {
  const answers: Record<number, LocalAnswer> = {};
  for (const [id, answer] of Object.entries(server)) {
    answers[Number(id)] = { response: answer.response, flagged: answer.flagged === true, seq: answer.seq };
  }
  const superseded: QueuedSave[] = [];
  for (const save of pending) {
    const known = answers[save.questionId];
    if (!known || save.seq > known.seq) answers[save.questionId] = { response: save.response, flagged: save.flagged, seq: save.seq };
    else superseded.push(save);
  }
  return { answers, superseded };
}

export type QueueState = 'saved' | 'saving' | 'offline' | 'retrying' | 'closed' | 'signedOut';

export interface QueueStatus {
  state: QueueState;
  /** Changes not yet acknowledged by the server. */
  pending: number;
  /** Local time of the last acknowledged save. */
  lastSavedAt: number | null;
  message?: string;
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SaveQueueEvents {
  /** The server holds a newer answer than this browser: show it. */
  serverAnswer?(questionId: number, answer: ServerAnswer): void;
  /** The attempt no longer takes answers (submitted, or time over). */
  closed?(message: string): void;
  /** The server refused an answer as invalid; it was dropped. */
  rejected?(questionId: number, message: string): void;
  /** Every acknowledged save, with the server's answer (the page uses its serverTime for the clock). */
  acknowledged?(questionId: number, answer: ServerAnswer): void;
}

export interface SaveQueueOptions {
  attemptId: number;
  send: (attemptId: number, save: QueuedSave) => Promise<SaveOutcome>;
  /** The server's time (estimated), from which sequence numbers are made. */
  now: () => number;
  /** localStorage by default; null keeps the queue in memory only. */
  storage?: QueueStorage | null;
  isOnline?: () => boolean;
  debounceMs?: number;
  maxWaitMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  events?: SaveQueueEvents;
}

export const SAVE_DEBOUNCE_MS = 600;

/** The server keeps seq in a 32-bit column. */
export const SEQ_MAX = 2 ** 31 - 1;
/** Sequence numbers count server seconds from here (2024-01-01 UTC): 32 bits last until 2092. */
export const SEQ_EPOCH_MS = Date.UTC(2024, 0, 1);

/** The time part of a sequence number: whole server seconds since SEQ_EPOCH_MS. */
export const seqOfTime = (serverNow: number): number => Math.min(SEQ_MAX, Math.max(0, Math.floor((serverNow - SEQ_EPOCH_MS) / 1000)));
const MAX_WAIT_MS = 5000;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** The localStorage key of an attempt's queue. */
const QUEUE_KEY_PREFIX = 'examSaves:';
export const queueKey = (attemptId: number): string => `${QUEUE_KEY_PREFIX}${attemptId}`;

type Stored = Record<string, QueuedSave>;

/** An attempt whose answers wait on this device for the server, and how many. */
export interface UnsentAnswers {
  attemptId: number;
  count: number;
}

/**
 * The answers kept on this device that have not reached the server yet, by attempt (the queues in
 * localStorage). A sign-out deletes them with the rest of the session, so the student is asked first.
 */
export function unsentAnswers(storage: Storage | null = defaultStorage() as Storage | null): UnsentAnswers[] {
  if (!storage) return [];
  const found: UnsentAnswers[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    const attemptId = key?.startsWith(QUEUE_KEY_PREFIX) ? Number(key.slice(QUEUE_KEY_PREFIX.length)) : NaN;
    if (!Number.isInteger(attemptId)) continue;
    let count = 0;
    try {
      count = Object.keys(parseQueue(storage.getItem(key!))).length;
    } catch {
      // Not a queue this page wrote: nothing of it would be sent either.
    }
    if (count) found.push({ attemptId, count });
  }
  return found;
}

/** A queue as stored (`{ v: 1, saves }`), its well-formed saves by question; throws on what is not JSON. */
function parseQueue(raw: string | null): Stored {
  if (raw === null) return {};
  const parsed = JSON.parse(raw) as { saves?: unknown };
  const saves = (parsed && typeof parsed === 'object' ? parsed.saves : undefined) as Record<string, unknown> | undefined;
  const out: Stored = {};
  for (const value of Object.values(saves ?? {})) if (isQueuedSave(value)) out[value.questionId] = value;
  return out;
}

function isQueuedSave(value: unknown): value is QueuedSave {
  const save = value as QueuedSave;
  return typeof save === 'object' && save !== null && Number.isInteger(save.questionId) && Number.isFinite(save.seq) && typeof save.flagged === 'boolean' && 'response' in save;
}

function defaultStorage(): QueueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export class SaveQueue {
  private readonly key: string;
  private readonly storage: QueueStorage | null;
  private memory: Stored = {};
  private storageFailed = false;
  /** Per question, the highest sequence number the server may have seen (saved, stored, or sent). */
  private readonly lastSeq = new Map<number, number>();
  private readonly listeners = new Set<() => void>();
  private status: QueueStatus = { state: 'saved', pending: 0, lastSavedAt: null };
  private running: Promise<void> | undefined;
  private again = false;
  private inFlight = false;
  private failure: { kind: 'offline' | 'retrying'; message?: string } | undefined;
  private finished: 'closed' | 'signedOut' | undefined;
  private closedMessage: string | undefined;
  private failures = 0;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private firstWaitingAt: number | undefined;
  private started = false;
  private lastSavedAt: number | null = null;

  private readonly opts: Required<Omit<SaveQueueOptions, 'storage' | 'events'>> & { events: SaveQueueEvents };

  constructor(options: SaveQueueOptions) {
    this.key = queueKey(options.attemptId);
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.opts = {
      attemptId: options.attemptId,
      send: options.send,
      now: options.now,
      isOnline: options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false),
      debounceMs: options.debounceMs ?? SAVE_DEBOUNCE_MS,
      maxWaitMs: options.maxWaitMs ?? MAX_WAIT_MS,
      retryBaseMs: options.retryBaseMs ?? RETRY_BASE_MS,
      retryMaxMs: options.retryMaxMs ?? RETRY_MAX_MS,
      events: options.events ?? {},
    };
    this.memory = this.read();
    for (const save of Object.values(this.memory)) this.noteSeq(save.questionId, save.seq);
    this.refresh();
  }

  // ---- storage -------------------------------------------------------------------------

  private read(): Stored {
    if (!this.storage || this.storageFailed) return this.memory;
    try {
      return parseQueue(this.storage.getItem(this.key));
    } catch {
      return this.memory;
    }
  }

  private write(saves: Stored): void {
    this.memory = saves;
    if (!this.storage) return;
    try {
      if (Object.keys(saves).length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify({ v: 1, saves }));
      this.storageFailed = false;
    } catch {
      // Storage full or refused: the memory copy (now the truth) still gets the answers to the server.
      this.storageFailed = true;
    }
  }

  /** Changes not yet acknowledged, lowest sequence number first. */
  pending(): QueuedSave[] {
    this.memory = this.read();
    return Object.values(this.memory).sort((a, b) => a.seq - b.seq);
  }

  private noteSeq(questionId: number, seq: number): void {
    this.lastSeq.set(questionId, Math.max(seq, this.lastSeq.get(questionId) ?? 0));
  }

  /** Removes the queued change of a question when the server holds it (or something newer). */
  private ack(questionId: number, seq: number): void {
    const saves = this.read();
    const queued = saves[questionId];
    if (queued && queued.seq <= seq) {
      delete saves[questionId];
      this.write(saves);
    }
    this.noteSeq(questionId, seq);
  }

  // ---- status --------------------------------------------------------------------------

  getStatus = (): QueueStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private refresh(): void {
    const pending = Object.keys(this.memory).length;
    let state: QueueState;
    let message: string | undefined;
    if (this.finished) {
      state = this.finished;
      message = this.closedMessage;
    } else if (!this.opts.isOnline() || this.failure?.kind === 'offline') state = 'offline';
    else if (this.failure?.kind === 'retrying') {
      state = 'retrying';
      message = this.failure.message;
    } else state = pending > 0 || this.inFlight ? 'saving' : 'saved';
    const prev = this.status;
    if (prev.state !== state || prev.pending !== pending || prev.message !== message || prev.lastSavedAt !== this.lastSavedAt) {
      this.status = { state, pending, lastSavedAt: this.lastSavedAt, ...(message ? { message } : {}) };
      this.listeners.forEach((listener) => listener());
    }
  }

  // ---- answers -------------------------------------------------------------------------

  /**
   * Merges the server's answers with the local queue (the higher sequence number wins) and
   * returns what the page should show. Local changes the server has overtaken are dropped.
   */
  merge(server: Readonly<Record<string, ServerAnswer>>): Record<number, LocalAnswer> {
    const { answers, superseded } = mergeAnswers(server, this.pending());
    for (const save of superseded) this.ack(save.questionId, answers[save.questionId].seq);
    for (const [id, answer] of Object.entries(answers)) this.noteSeq(Number(id), answer.seq);
    this.refresh();
    return answers;
  }

  /**
   * The next sequence number of a question: the server's time in seconds, and always above
   * anything the server may have seen of this question. A change that replaces one not yet sent
   * may reuse its number (the server never saw it), so a student typing fast does not run the
   * numbers ahead of the clock; a later change, from any tab or device, gets the higher number.
   */
  nextSeq(questionId: number): number {
    return Math.min(SEQ_MAX, Math.max(seqOfTime(this.opts.now()), (this.lastSeq.get(questionId) ?? 0) + 1));
  }

  /** Records a change (kept at once) and schedules its sending. Returns it with its sequence number. */
  record(questionId: number, change: { response: AnswerResponse; flagged: boolean; timeSpentMs?: number }): QueuedSave {
    const save: QueuedSave = { questionId, response: change.response, flagged: change.flagged, seq: this.nextSeq(questionId) };
    if (change.timeSpentMs !== undefined) save.timeSpentMs = Math.max(0, Math.round(change.timeSpentMs));
    const saves = this.read();
    saves[questionId] = save;
    this.write(saves);
    this.refresh();
    if (!this.finished) this.scheduleFlush();
    return save;
  }

  // ---- sending -------------------------------------------------------------------------

  private scheduleFlush(): void {
    if (this.debounceTimer !== undefined) clearTimeout(this.debounceTimer);
    const now = Date.now();
    this.firstWaitingAt ??= now;
    const wait = Math.min(this.opts.debounceMs, Math.max(0, this.firstWaitingAt + this.opts.maxWaitMs - now));
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      void this.flush();
    }, wait);
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== undefined || Object.keys(this.memory).length === 0) return;
    const delay = Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, delay);
  }

  /**
   * Sends every queued change now, lowest sequence number first, one at a time. Resolves when
   * this pass is over: everything is acknowledged, or a failure left the rest queued (see
   * pending()). Calls during a pass join it (and cause one more pass).
   */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      this.refresh();
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    if (this.debounceTimer !== undefined) clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
    this.firstWaitingAt = undefined;
    do {
      this.again = false;
      for (const queued of this.pending()) {
        if (this.finished) return;
        if (!this.opts.isOnline()) {
          this.failure = { kind: 'offline' };
          this.refresh();
          this.scheduleRetry();
          return;
        }
        // A newer change of this question may have replaced it meanwhile: that one waits for its own turn.
        const save = this.read()[queued.questionId];
        if (!save || save.seq !== queued.seq) continue;

        this.inFlight = true;
        // From now on the server may hold this number, whatever becomes of the request.
        this.noteSeq(save.questionId, save.seq);
        this.refresh();
        let outcome: SaveOutcome;
        try {
          outcome = await this.opts.send(this.opts.attemptId, save);
        } catch (error) {
          outcome = { kind: 'retry', message: error instanceof Error ? error.message : String(error) };
        }
        this.inFlight = false;

        switch (outcome.kind) {
          case 'saved':
          case 'stale': {
            this.ack(save.questionId, Math.max(save.seq, outcome.answer.seq));
            this.failure = undefined;
            this.failures = 0;
            this.lastSavedAt = Date.now();
            this.opts.events.acknowledged?.(save.questionId, outcome.answer);
            // The server holds a newer answer, and this browser has nothing newer still to send.
            if (outcome.kind === 'stale' && outcome.answer.seq > save.seq && !this.read()[save.questionId]) {
              this.opts.events.serverAnswer?.(save.questionId, outcome.answer);
            }
            break;
          }
          case 'rejected':
            this.ack(save.questionId, save.seq);
            this.opts.events.rejected?.(save.questionId, outcome.message);
            break;
          case 'closed':
            this.finished = 'closed';
            this.closedMessage = outcome.message;
            this.refresh();
            this.opts.events.closed?.(outcome.message);
            return;
          case 'signedOut':
            this.finished = 'signedOut';
            this.refresh();
            return;
          case 'offline':
          case 'retry':
            this.failure = outcome.kind === 'offline' ? { kind: 'offline' } : { kind: 'retrying', message: outcome.message };
            this.refresh();
            this.scheduleRetry();
            return;
        }
        this.refresh();
      }
    } while (this.again);
  }

  // ---- life cycle ----------------------------------------------------------------------

  private readonly onOnline = (): void => {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.failures = 0;
    this.failure = undefined;
    this.refresh();
    void this.flush();
  };

  private readonly onOffline = (): void => this.refresh();

  /** Listens to the browser's online/offline events and sends what a previous visit left queued. */
  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    if (this.pending().length) void this.flush();
  }

  /** Stops timers and listeners; queued changes stay in storage for the next visit. */
  stop(): void {
    this.started = false;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    if (this.debounceTimer !== undefined) clearTimeout(this.debounceTimer);
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.debounceTimer = undefined;
    this.retryTimer = undefined;
  }

  /** After submission: the queue is of no further use. */
  clear(): void {
    this.stop();
    this.write({});
    this.refresh();
  }

  /** Whether the server can no longer take answers. */
  get isFinished(): boolean {
    return this.finished !== undefined;
  }
}
