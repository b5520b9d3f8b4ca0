import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeAnswers, queueKey, saveOutcomeOf, SaveQueue, SEQ_EPOCH_MS, SEQ_MAX, seqOfTime, type QueuedSave, type SaveOutcome } from '../../../src/student/exam/saveQueue';

const ATTEMPT = 7;

/** A fake server: records what arrives and answers with whatever the test scripts (saved by default). */
function fakeServer() {
  const received: QueuedSave[] = [];
  const script: ((save: QueuedSave) => SaveOutcome | Promise<SaveOutcome>)[] = [];
  const send = vi.fn(async (_attemptId: number, save: QueuedSave): Promise<SaveOutcome> => {
    received.push(save);
    const next = script.shift();
    return next ? next(save) : { kind: 'saved', answer: { response: save.response, seq: save.seq, flagged: save.flagged } };
  });
  return { received, script, send };
}

/** Server time `seconds` after the sequence epoch. */
const at = (seconds: number) => SEQ_EPOCH_MS + seconds * 1000;
let serverNow = at(1000);
let online = true;

function makeQueue(server = fakeServer(), events = {}) {
  const queue = new SaveQueue({ attemptId: ATTEMPT, send: server.send, now: () => serverNow, isOnline: () => online, events });
  return { queue, server };
}

const stored = () => JSON.parse(localStorage.getItem(queueKey(ATTEMPT)) ?? '{"saves":{}}').saves as Record<string, QueuedSave>;

beforeEach(() => {
  vi.useFakeTimers();
  serverNow = at(1000);
  online = true;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the save queue', () => {
  it('numbers changes by server seconds, fits the server 32-bit column, and lasts until 2092', () => {
    expect(seqOfTime(at(1000) + 999)).toBe(1000);
    expect(seqOfTime(0)).toBe(0);
    expect(seqOfTime(Date.UTC(2092, 0, 1))).toBeLessThan(SEQ_MAX);
    expect(seqOfTime(Date.UTC(2100, 0, 1))).toBe(SEQ_MAX);
  });

  it('keeps every change in localStorage at once, numbered above anything the server may have seen', async () => {
    const { queue } = makeQueue();
    const a = queue.record(1, { response: 'o1', flagged: false });
    const b = queue.record(1, { response: 'o2', flagged: false }); // same second, the first was never sent: same number
    expect([a.seq, b.seq]).toEqual([1000, 1000]);
    expect(stored()).toEqual({ 1: { questionId: 1, response: 'o2', flagged: false, seq: 1000 } });
    expect(queue.getStatus()).toMatchObject({ state: 'saving', pending: 1 });

    await queue.flush(); // 1000 has gone to the server
    const c = queue.record(1, { response: 'o3', flagged: false }); // still the same second
    serverNow = at(1005);
    const d = queue.record(2, { response: true, flagged: true });
    expect([c.seq, d.seq]).toEqual([1001, 1005]);
    expect(stored()).toEqual({ 1: { questionId: 1, response: 'o3', flagged: false, seq: 1001 }, 2: { questionId: 2, response: true, flagged: true, seq: 1005 } });
  });

  it('sends after a pause of about 600 ms, lowest sequence number first, and then empties the queue', async () => {
    const { queue, server } = makeQueue();
    serverNow = at(2000);
    queue.record(2, { response: 5, flagged: false });
    serverNow = at(1000); // a later change with a lower number (clock corrected): still sent in number order
    queue.record(1, { response: 'o1', flagged: false });

    await vi.advanceTimersByTimeAsync(599);
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(server.received.map((s) => s.questionId)).toEqual([1, 2]);
    expect(localStorage.getItem(queueKey(ATTEMPT))).toBeNull();
    expect(queue.getStatus()).toMatchObject({ state: 'saved', pending: 0 });
  });

  it('does not wait for ever while the student keeps typing', async () => {
    const { queue, server } = makeQueue();
    for (let i = 0; i < 20; i++) {
      queue.record(3, { response: `text ${i}`, flagged: false });
      serverNow += 400;
      await vi.advanceTimersByTimeAsync(400);
    }
    // 20 changes 400 ms apart (8 s): the maximum wait of 5 s forced at least one save meanwhile.
    expect(server.send.mock.calls.length).toBeGreaterThanOrEqual(1);
  });

  it('survives a reload: a new queue for the attempt finds the changes and sends them when started', async () => {
    online = false;
    const first = makeQueue();
    first.queue.record(1, { response: 'o1', flagged: false });
    first.queue.record(2, { response: 42, flagged: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.server.send).not.toHaveBeenCalled();
    first.queue.stop();

    online = true;
    const second = makeQueue();
    expect(second.queue.pending().map((s) => s.questionId)).toEqual([1, 2]);
    second.queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.server.received.map((s) => [s.questionId, s.response])).toEqual([
      [1, 'o1'],
      [2, 42],
    ]);
    second.queue.stop();
  });

  it('merges the server answers with the local queue: the higher sequence number wins', () => {
    const { queue } = makeQueue();
    serverNow = at(500);
    queue.record(1, { response: 'local-old', flagged: false }); // seq 500
    serverNow = at(900);
    queue.record(2, { response: 'local-new', flagged: true }); // seq 900

    const answers = queue.merge({
      1: { response: 'server-newer', seq: 700, flagged: false },
      2: { response: 'server-older', seq: 800, flagged: false },
      3: { response: 'only-server', seq: 10, flagged: true },
    });

    expect(answers).toEqual({
      1: { response: 'server-newer', seq: 700, flagged: false },
      2: { response: 'local-new', seq: 900, flagged: true },
      3: { response: 'only-server', seq: 10, flagged: true },
    });
    // Question 1's overtaken change is dropped; question 2's still goes to the server.
    expect(queue.pending().map((s) => s.questionId)).toEqual([2]);
    // The next change of question 1 numbers above the server's.
    serverNow = at(600);
    expect(queue.nextSeq(1)).toBe(701);
  });

  it('mergeAnswers keeps the server answer on a tie (it is already saved)', () => {
    const { answers, superseded } = mergeAnswers({ 4: { response: 1, seq: 5, flagged: false } }, [{ questionId: 4, response: 2, seq: 5, flagged: false }]);
    expect(answers[4].response).toBe(1);
    expect(superseded).toHaveLength(1);
  });

  it('replaces the local answer when the server holds a newer one (stale)', async () => {
    const server = fakeServer();
    server.script.push(() => ({ kind: 'stale', answer: { response: 'from another tab', seq: 2_000_000, flagged: true } }));
    const serverAnswer = vi.fn();
    const { queue } = makeQueue(server, { serverAnswer });
    queue.record(5, { response: 'mine', flagged: false });
    await queue.flush();

    expect(serverAnswer).toHaveBeenCalledWith(5, { response: 'from another tab', seq: 2_000_000, flagged: true });
    expect(queue.pending()).toEqual([]);
    expect(queue.nextSeq(5)).toBe(2_000_001);
  });

  it('while offline keeps everything, says so, and sends it in order once the browser is online', async () => {
    online = false;
    const { queue, server } = makeQueue();
    queue.start();
    queue.record(1, { response: 'o1', flagged: false });
    serverNow += 1000;
    queue.record(2, { response: ['o1', 'o2'], flagged: false });
    serverNow += 1000;
    queue.record(1, { response: 'o3', flagged: true });
    await vi.advanceTimersByTimeAsync(5000);

    expect(server.send).not.toHaveBeenCalled();
    expect(queue.getStatus()).toMatchObject({ state: 'offline', pending: 2 });

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);

    expect(server.received.map((s) => [s.questionId, s.response])).toEqual([
      [2, ['o1', 'o2']],
      [1, 'o3'],
    ]);
    expect(queue.getStatus()).toMatchObject({ state: 'saved', pending: 0 });
    queue.stop();
  });

  it('retries a failed save with growing delays until it gets through', async () => {
    const server = fakeServer();
    server.script.push(() => ({ kind: 'offline' }), () => ({ kind: 'retry', message: 'Busy' }));
    const { queue } = makeQueue(server);
    queue.record(1, { response: 'o1', flagged: false });

    await vi.advanceTimersByTimeAsync(600);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(queue.getStatus().state).toBe('offline');

    await vi.advanceTimersByTimeAsync(999);
    expect(server.send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // first retry after 1 s
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(queue.getStatus()).toMatchObject({ state: 'retrying', message: 'Busy' });

    await vi.advanceTimersByTimeAsync(1999);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // second retry after 2 s more
    expect(server.send).toHaveBeenCalledTimes(3);
    expect(queue.getStatus()).toMatchObject({ state: 'saved', pending: 0 });
  });

  it('keeps a change made while an older one is on its way, and sends it next', async () => {
    const server = fakeServer();
    let release!: () => void;
    server.script.push((save) => new Promise((resolve) => (release = () => resolve({ kind: 'saved', answer: { ...save } }))));
    const { queue } = makeQueue(server);
    queue.record(1, { response: 'first', flagged: false });
    const pass = queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    queue.record(1, { response: 'second', flagged: false }); // same second: numbered above the one on its way
    release();
    await pass;

    expect(queue.pending().map((s) => s.response)).toEqual(['second']);
    await vi.advanceTimersByTimeAsync(600);
    expect(server.received.map((s) => s.response)).toEqual(['first', 'second']);
    expect(queue.pending()).toEqual([]);
  });

  it('stops when the attempt is closed and tells the page', async () => {
    const server = fakeServer();
    server.script.push(() => ({ kind: 'closed', message: 'The time for this exam is over' }));
    const closed = vi.fn();
    const { queue } = makeQueue(server, { closed });
    queue.record(1, { response: 'o1', flagged: false });
    queue.record(2, { response: 'o2', flagged: false });
    await queue.flush();

    expect(closed).toHaveBeenCalledWith('The time for this exam is over');
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(queue.getStatus().state).toBe('closed');
    expect(queue.isFinished).toBe(true);
  });

  it('drops an answer the server refuses as invalid', async () => {
    const server = fakeServer();
    server.script.push(() => ({ kind: 'rejected', message: 'Invalid response: Enter a number' }));
    const rejected = vi.fn();
    const { queue } = makeQueue(server, { rejected });
    queue.record(4, { response: 'x', flagged: false });
    await queue.flush();
    expect(rejected).toHaveBeenCalledWith(4, 'Invalid response: Enter a number');
    expect(queue.pending()).toEqual([]);
  });

  it('still works in memory when storage refuses to write', async () => {
    const broken = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    const server = fakeServer();
    const queue = new SaveQueue({ attemptId: ATTEMPT, send: server.send, now: () => serverNow, isOnline: () => online, storage: broken });
    queue.record(1, { response: 'o1', flagged: false });
    expect(queue.pending()).toHaveLength(1);
    await queue.flush();
    expect(server.received).toHaveLength(1);
  });

  it('clear() forgets the attempt after submission', () => {
    const { queue } = makeQueue();
    queue.record(1, { response: 'o1', flagged: false });
    queue.clear();
    expect(localStorage.getItem(queueKey(ATTEMPT))).toBeNull();
  });
});

describe('saveOutcomeOf', () => {
  const data = { questionId: 1, response: 'o1', seq: 5, flagged: false, savedAt: 9, serverTime: 10, deadline: 20 };

  it('reads saved and stale answers', () => {
    expect(saveOutcomeOf({ status: 200, result: { success: true, message: 'Saved', data: { ...data, stale: false } } })).toEqual({
      kind: 'saved',
      answer: { response: 'o1', seq: 5, flagged: false, savedAt: 9 },
    });
    expect(saveOutcomeOf({ status: 200, result: { success: true, message: '', data: { ...data, stale: true } } }).kind).toBe('stale');
  });

  it('maps failures to what the queue does with them', () => {
    expect(saveOutcomeOf({ status: 0, result: { success: false, internet: true, message: 'Connection Issue' } })).toEqual({ kind: 'offline' });
    expect(saveOutcomeOf({ status: 405, result: { success: false, message: 'Session Expired!!' } })).toEqual({ kind: 'signedOut' });
    expect(saveOutcomeOf({ status: 409, result: { success: false, message: 'Over' } })).toEqual({ kind: 'closed', message: 'Over' });
    expect(saveOutcomeOf({ status: 400, result: { success: false, message: 'Bad' } })).toEqual({ kind: 'rejected', message: 'Bad' });
    expect(saveOutcomeOf({ status: 503, result: { success: false, message: 'Down' } })).toEqual({ kind: 'retry', message: 'Down' });
  });
});
