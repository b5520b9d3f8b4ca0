import { STATEMENT_CACHE_MAX_SOURCE } from './database';

/**
 * SQL texts written by hand for the statements of an exam hall whose size varies with the request
 * (a save batch, a submission's grades): building and compiling the query builder's nodes, one per
 * bound value, cost more CPU than running the statement (bench/results/2026-11-28-second-pass.md,
 * bench/README.md "Fifth pass"). Each text is built once per key (dialect, size, shape), and the
 * same text is the same prepared statement on SQLite (server/db/database.ts).
 */
const texts = new Map<string, string>();

export function sqlText(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    // Kept only as long as SQLite's statement cache keeps such a text: a longer one (hundreds of
    // values in one statement) is rare and cheap per value, and would only hold memory.
    if (text.length <= STATEMENT_CACHE_MAX_SOURCE) texts.set(key, text);
  }
  return text;
}

/** Placeholders for `count` values from the `from`-th (0-based), grouped `per` in parentheses when per > 0. */
export function placeholders(postgres: boolean, count: number, per = 0, from = 0): string {
  const one = (i: number) => (postgres ? `$${from + i + 1}` : '?');
  if (per === 0) return Array.from({ length: count }, (_, i) => one(i)).join(', ');
  return Array.from({ length: count / per }, (_, row) => `(${Array.from({ length: per }, (_, c) => one(row * per + c)).join(', ')})`).join(', ');
}
