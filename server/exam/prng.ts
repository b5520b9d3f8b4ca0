import { randomBytes } from 'node:crypto';

/**
 * The seeded generator of random-rule draws: sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128-bit state, from PractRand), seeded from a 128-bit hex seed. The same seed gives
 * the same numbers on every machine, so a student's draw can be replayed from `attempts.paper_seed`.
 * Not for secrets: the seed itself comes from crypto and is never shown to students.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
};

/** A fresh seed for an attempt's draw: 16 random bytes as 32 hex digits. */
export const newSeed = (): string => randomBytes(16).toString('hex');

/** sfc32 from a hex seed (up to 32 hex digits used; shorter seeds are padded). */
export function seededRandom(seed: string): Random {
  const hex = seed.padEnd(32, '0').slice(0, 32);
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('A seed is hexadecimal');
  let a = parseInt(hex.slice(0, 8), 16) >>> 0;
  let b = parseInt(hex.slice(8, 16), 16) >>> 0;
  let c = parseInt(hex.slice(16, 24), 16) >>> 0;
  let d = parseInt(hex.slice(24, 32), 16) >>> 0;
  const next32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // The generator's authors discard the first outputs so that similar seeds diverge.
  for (let i = 0; i < 12; i++) next32();
  const next = () => next32() / 4294967296;
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
  };
}
