import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './tables';
import { isPostgres } from './migrations/helpers';

/** A bound value of a prepared query. */
type Arg = string | number | null;

/** Stands for the i-th argument while the query is compiled: found again among the compiled parameters. */
class Slot {
  constructor(readonly index: number) {}
}

interface Template {
  compiled: CompiledQuery;
  /** For each compiled parameter: the argument it takes, or -1 for a value of the query itself. */
  slots: number[];
}

/**
 * A select the query builder builds and compiles once per dialect; each call then binds its
 * arguments to the same SQL text. Building and compiling the builder's nodes cost more CPU than
 * running the statement on the requests every student of an exam hall sends at once (the
 * instruction page, the start: bench/README.md, "Where the start of an exam spends its time"),
 * and the same text is also the same prepared statement on SQLite (server/db/database.ts).
 *
 * `build` must use each argument only as a bound value (a comparison's right side, an inserted
 * value): a builder that branches on an argument, or spreads it as a list, would be compiled for
 * the first call's value; the first compile checks that every argument became a parameter.
 */
export function prepared<A extends Arg[], O>(build: (db: Kysely<Database>, ...args: A) => Compilable<O>) {
  // By dialect: SQLite and PostgreSQL compile to different texts.
  const templates = new Map<boolean, Template>();
  const templateFor = (db: Kysely<Database>, argCount: number): Template => {
    const postgres = isPostgres(db);
    let template = templates.get(postgres);
    if (!template) {
      const compiled = build(db, ...(Array.from({ length: argCount }, (_, i) => new Slot(i)) as unknown as A)).compile();
      const slots = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
      for (let i = 0; i < argCount; i++) if (!slots.includes(i)) throw new Error(`prepared query: argument ${i + 1} is not a bound value of the query`);
      templates.set(postgres, (template = { compiled, slots }));
    }
    return template;
  };
  const all = async (db: Kysely<Database>, ...args: A): Promise<O[]> => {
    const { compiled, slots } = templateFor(db, args.length);
    const parameters = compiled.parameters.map((p, i) => (slots[i] >= 0 ? args[slots[i]] : p));
    return (await db.executeQuery<O>({ ...compiled, parameters })).rows;
  };
  return {
    /** Every row. */
    all,
    /** The first row, or undefined. */
    first: async (db: Kysely<Database>, ...args: A): Promise<O | undefined> => (await all(db, ...args))[0],
  };
}
