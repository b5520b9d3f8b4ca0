// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { QuizMemo } from '../../../server/exam/quizMemo';

type Quiz = { id: number; updated_at: number };

/** A promise with its settle functions, to hold a computation in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A memo whose computation answers `id@updated_at#call`, counting its calls. */
function counting(ttlMs = 10_000, maxEntries = 1_000) {
  let calls = 0;
  const compute = vi.fn(async (quiz: Quiz) => `${quiz.id}@${quiz.updated_at}#${++calls}`);
  return { memo: new QuizMemo(compute, ttlMs, maxEntries), compute };
}

describe('QuizMemo', () => {
  const quiz = { id: 1, updated_at: 100 };

  it('computes a quiz once and reuses the answer until the time to live has passed', async () => {
    const { memo, compute } = counting(10_000);
    expect(await memo.get(quiz, 0)).toBe('1@100#1');
    expect(await memo.get(quiz, 9_999)).toBe('1@100#1');
    expect(compute).toHaveBeenCalledTimes(1);
    expect(await memo.get(quiz, 10_000)).toBe('1@100#2');
    expect(await memo.get(quiz, 15_000)).toBe('1@100#2');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps each quiz apart', async () => {
    const { memo, compute } = counting();
    expect(await memo.get({ id: 1, updated_at: 5 }, 0)).toBe('1@5#1');
    expect(await memo.get({ id: 2, updated_at: 5 }, 0)).toBe('2@5#2');
    expect(await memo.get({ id: 1, updated_at: 5 }, 1)).toBe('1@5#1');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('computes an edited quiz afresh at once', async () => {
    const { memo, compute } = counting();
    expect(await memo.get(quiz, 0)).toBe('1@100#1');
    expect(await memo.get({ id: 1, updated_at: 200 }, 1)).toBe('1@200#2');
    expect(await memo.get({ id: 1, updated_at: 200 }, 2)).toBe('1@200#2');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('shares a computation still under way with every request for the same quiz', async () => {
    const pending = deferred<string>();
    const compute = vi.fn(() => pending.promise);
    const memo = new QuizMemo(compute);
    const first = memo.get(quiz, 0);
    const second = memo.get(quiz, 1);
    expect(second).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
    pending.resolve('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
  });

  it('does not remember a failure: the next request computes again', async () => {
    const compute = vi.fn<(q: Quiz) => Promise<string>>().mockRejectedValueOnce(new Error('database down')).mockResolvedValue('fine');
    const memo = new QuizMemo(compute);
    await expect(memo.get(quiz, 0)).rejects.toThrow('database down');
    expect(await memo.get(quiz, 1)).toBe('fine');
    expect(await memo.get(quiz, 2)).toBe('fine');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('does not let a late failure of an older computation drop the newer answer', async () => {
    const old = deferred<string>();
    const compute = vi.fn<(q: Quiz) => Promise<string>>().mockReturnValueOnce(old.promise).mockResolvedValue('edited');
    const memo = new QuizMemo(compute);
    const stale = memo.get(quiz, 0);
    expect(await memo.get({ id: 1, updated_at: 200 }, 1)).toBe('edited');
    old.reject(new Error('too late'));
    await expect(stale).rejects.toThrow('too late');
    expect(await memo.get({ id: 1, updated_at: 200 }, 2)).toBe('edited');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('forgets the oldest quiz when full', async () => {
    const { memo, compute } = counting(10_000, 2);
    await memo.get({ id: 1, updated_at: 0 }, 0);
    await memo.get({ id: 2, updated_at: 0 }, 0);
    await memo.get({ id: 3, updated_at: 0 }, 0);
    expect(await memo.get({ id: 3, updated_at: 0 }, 1)).toBe('3@0#3');
    expect(await memo.get({ id: 1, updated_at: 0 }, 1)).toBe('1@0#4');
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
