// Bundles the API server into plain JavaScript (dist-server/main.mjs) so it runs on Node alone:
// no TypeScript loader in the running process, which leaves about 60 MB more memory for the exam.
// Import files, calibrations and list exports' files are built on worker threads: their entries
// (server/upload/*Worker.ts) are bundled beside the server (importWorker.mjs, raschWorker.mjs, …).
// Packages stay in node_modules (native ones such as better-sqlite3 and argon2 cannot be bundled).
// Each file is written beside its target and renamed over it, so a server starting meanwhile
// (two test runs building at once) never reads half a file.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const result = await build({
  // Every server/upload/*Worker.ts is a thread's entry (offThread.ts starts them by that name), so a
  // new one cannot be left out of the bundle.
  entryPoints: {
    main: 'server/main.ts',
    ...Object.fromEntries(
      fs
        .readdirSync('server/upload')
        .filter((file) => file.endsWith('Worker.ts'))
        .map((file) => [file.slice(0, -'.ts'.length), `server/upload/${file}`]),
    ),
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
