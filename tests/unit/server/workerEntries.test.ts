import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { parseOffThread } from '../../../server/upload/offThread';
import { AppError } from '../../../server/lib/errors';

/**
 * The worker threads of server/upload/offThread.ts start once per job: each entry must load only
 * what its job needs, or every list export and calibration pays for loading the import code (zod,
 * the schemas, the query builder) again. Bundled as scripts/build-server.mjs bundles them.
 */
async function packagesOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [`server/upload/${entry}.ts`],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const imported = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
  return [...new Set(imported.filter((p) => !p.startsWith('node:')))].sort();
}

describe('worker thread entries', () => {
  it('builds a list export’s file with SheetJS alone', async () => {
    expect(await packagesOf('listFileWorker')).toEqual(['@e965/xlsx']);
  });

  it('calibrates with no package at all', async () => {
    expect(await packagesOf('raschWorker')).toEqual([]);
  });

  it('reads imports with what they need (the question schema included)', async () => {
    expect(await packagesOf('importWorker')).toEqual(expect.arrayContaining(['@e965/xlsx', 'zod']));
  });
});

describe('a worker thread past its time limit', () => {
  // A real thread each; 1 ms is over before any thread has even loaded its entry.
  const refusal = async (run: Promise<unknown>) => {
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('refuses an import for its time, naming the file and the limit, not memory', async () => {
    const e = await refusal(parseOffThread({ kind: 'student-accounts', accounts: [] }, { timeMs: 1 }));
    expect(e.statusCode).toBe(413);
    expect(e.message).toBe('The file takes longer to read than an import may (0.001 s); split it into smaller files');
    expect(e.data).toEqual({ errors: { file: e.message } });
  });

  it('refuses an export for its time', async () => {
    const job = { kind: 'list-file' as const, format: 'csv' as const, resource: 'questions', label: 'Questions', header: ['id'], rows: [[1]], today: 0 };
    const e = await refusal(parseOffThread(job, { timeMs: 1 }));
    expect(e.message).toBe('The export takes longer than an export may (0.001 s); narrow the filters and export again');
    expect(e.message).not.toMatch(/memory/);
  });
});
