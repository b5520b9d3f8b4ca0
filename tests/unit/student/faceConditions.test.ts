import { describe, expect, it } from 'vitest';
import { FaceConditions } from '../../../src/student/integrity/faceConditions';

describe('FaceConditions', () => {
  const run = (samples: [faces: number, at: number][], end?: number) => {
    const events: [string, number, number][] = [];
    const c = new FaceConditions({ 'no-face': 5000, 'multiple-faces': 3000 }, (type, at, d) => events.push([type, at, d]));
    for (const [faces, at] of samples) c.sample(faces, at);
    if (end !== undefined) c.end(end);
    return events;
  };

  it('records no face only when it held for its minimum time, with its start and length', () => {
    expect(run([[1, 0], [0, 1000], [0, 4000], [1, 5500]])).toEqual([]);
    expect(run([[1, 0], [0, 1000], [0, 5000], [1, 6000]])).toEqual([['no-face', 1000, 5000]]);
  });

  it('records more than one face after its own minimum time, and a change of condition ends the previous one', () => {
    expect(run([[2, 0], [2, 2000], [0, 3000], [0, 9000], [1, 9500]])).toEqual([
      ['multiple-faces', 0, 3000],
      ['no-face', 3000, 6500],
    ]);
  });

  it('ends a condition in progress when the exam ends', () => {
    expect(run([[0, 0], [0, 7000]], 8000)).toEqual([['no-face', 0, 8000]]);
  });
});
