// Bundles the API server into plain JavaScript (dist-server/main.mjs) so it runs on Node alone:
// no TypeScript loader in the running process, which leaves about 60 MB more memory for the exam.
// Import files, calibrations and list exports' files are built on worker threads: their entries are
// bundled beside the server (importWorker.mjs, raschWorker.mjs, listFileWorker.mjs).
// Packages stay in node_modules (native ones such as better-sqlite3 and argon2 cannot be bundled).
// Each file is written beside its target and renamed over it, so a server starting meanwhile
// (two test runs building at once) never reads half a file.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const result = await build({
  entryPoints: {
    main: 'server/main.ts',
    importWorker: 'server/upload/importWorker.ts',
    raschWorker: 'server/upload/raschWorker.ts',
    listFileWorker: 'server/upload/listFileWorker.ts',
  },
  outdir: 'dist-server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  write: false,
});
for (const file of result.outputFiles) {
  fs.mkdirSync(path.dirname(file.path), { recursive: true });
  const temp = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(temp, file.contents);
  fs.renameSync(temp, file.path);
}
