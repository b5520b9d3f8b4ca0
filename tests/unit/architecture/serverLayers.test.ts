// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers: a route reads the request, calls named functions and answers; the queries
 * live in the domain modules beside their logic (server/exam, server/quizzes, server/accounts, ...).
 * A route may still decide what runs in one transaction (`app.db.transaction()`).
 */
const ROUTES_DIR = 'server/routes';

/** Kysely's query builders and raw SQL: what a route must not use itself. */
const QUERY_BUILDER = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*`|\bsql\.(raw|ref|id|lit|join|table|val)\s*\(/;

/** Every line of the source that uses a query builder, as `file:line: text`. */
function queryBuilderUses(file: string, source: string): string[] {
  return source.split('\n').flatMap((text, i) => (QUERY_BUILDER.test(text) ? [`${file}:${i + 1}: ${text.trim()}`] : []));
}

const routeFiles = () =>
  fs
    .readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.posix.join(ROUTES_DIR, f.split(path.sep).join('/')));

describe('server layers', () => {
  it('finds the route files it checks', () => {
    expect(routeFiles()).toContain('server/routes/questionTransfer.ts');
    expect(routeFiles().length).toBeGreaterThan(10);
  });

  it('names the file and line of a query builder used in a route', () => {
    const source = [
      "import { sql } from 'kysely';",
      'export const route = async (app) => {',
      "  const row = await app.db.selectFrom('users').selectAll().executeTakeFirst();",
      "  await app.db",
      "    .updateTable('users').set({ phone: null }).execute();",
      '  await sql`select 1`.execute(app.db);',
      '  await app.db.transaction().execute((trx) => saveAll(trx));',
      '};',
    ].join('\n');
    expect(queryBuilderUses('server/routes/example.ts', source)).toEqual([
      "server/routes/example.ts:3: const row = await app.db.selectFrom('users').selectAll().executeTakeFirst();",
      "server/routes/example.ts:5: .updateTable('users').set({ phone: null }).execute();",
      'server/routes/example.ts:6: await sql`select 1`.execute(app.db);',
    ]);
  });

  it('keeps query builders out of the route files: their queries are named functions of the domain modules', () => {
    const uses = routeFiles().flatMap((file) => queryBuilderUses(file, fs.readFileSync(file, 'utf8')));
    expect(uses, `Move these queries into a query module of their domain (server/exam, server/accounts, ...):\n${uses.join('\n')}`).toEqual([]);
  });

  it("gives 'resources' one meaning: the browser's screens (src/resources), no server folder of that name", () => {
    expect(fs.existsSync('server/resources')).toBe(false);
    expect(fs.existsSync('server/repositories')).toBe(false);
  });
});
