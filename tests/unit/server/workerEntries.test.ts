import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

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
