// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sample } from '../../../server/exam/paper';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('sample', () => {
  it.each([
    [10, 3, 3],
    [10, 10, 10],
    [10, 25, 10],
    [1, 1, 1],
    [5, 0, 0],
    [5, -2, 0],
    [0, 4, 0],
  ])('draws min(count, size) distinct items of the pool (%i items, count %i)', (size, count, expected) => {
    const items = range(size).map((i) => `q${i}`);
    const drawn = sample(items, count);
    expect(drawn).toHaveLength(expected);
    expect(new Set(drawn).size).toBe(expected);
    for (const item of drawn) expect(items).toContain(item);
  });

  it('returns the whole pool, each item once, when asked for more than there is', () => {
    expect(sample([3, 1, 2], 5).sort()).toEqual([1, 2, 3]);
  });

  it('does not modify the input', () => {
    const items = Object.freeze(range(20));
    const drawn = sample(items, 7);
    expect(items).toEqual(range(20));
    drawn.push(99);
    expect(items).toHaveLength(20);
  });

  it('reaches every item, in every place of the draw, about equally often', () => {
    const size = 8;
    const count = 3;
    const runs = 4_000;
    const seen = range(count).map(() => new Array<number>(size).fill(0));
    for (let run = 0; run < runs; run++) sample(range(size), count).forEach((item, place) => seen[place][item]++);
    // Each item should land in each place runs / size = 500 times; a skewed draw is far outside this band.
    for (const times of seen.flat()) {
      expect(times).toBeGreaterThan(380);
      expect(times).toBeLessThan(620);
    }
  });
});
