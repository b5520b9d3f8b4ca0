export type FaceCondition = 'no-face' | 'multiple-faces';

/**
 * Turns face counts sampled over time into events: a condition (no face, more than one face) is
 * recorded only if it held for its minimum time, with when it began and how long it lasted.
 */
export class FaceConditions {
  private current: { type: FaceCondition; since: number } | undefined;

  constructor(
    private readonly minMs: Record<FaceCondition, number>,
    private readonly emit: (type: FaceCondition, at: number, durationMs: number) => void,
  ) {}

  sample(faces: number, at: number): void {
    const type: FaceCondition | undefined = faces === 0 ? 'no-face' : faces > 1 ? 'multiple-faces' : undefined;
    if (this.current && this.current.type !== type) this.end(at);
    if (type && !this.current) this.current = { type, since: at };
  }

  /** Ends the condition in progress (the exam ends, the camera stops). */
  end(at: number): void {
    const c = this.current;
    this.current = undefined;
    if (c && at - c.since >= this.minMs[c.type]) this.emit(c.type, c.since, at - c.since);
  }

  /** The condition in progress and since when, for the status light. */
  get pending() {
    return this.current;
  }
}
