// Runs every test stage in order and ends with one summary line: "Tests: N passed, M failed".
// Stages: the Node.js versions the installed packages declare (scripts/check-engines.mjs), type check,
// unit tests, API tests on SQLite and PostgreSQL, end-to-end tests in Chromium, and the production
// layout (nginx, two server processes, PostgreSQL, Redis).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv.slice(2);
const stages = [
  { name: 'engines', cmd: ['node', 'scripts/check-engines.mjs'] },
  { name: 'chromium', cmd: ['bash', 'scripts/ensure-chromium.sh'], when: 'e2e' },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'unit', vitest: ['--project', 'unit'] },
  { name: 'api', vitest: ['--project', 'api-sqlite', '--project', 'api-postgres'] },
  { name: 'e2e', vitest: ['--project', 'e2e'] },
  { name: 'nginx', cmd: ['bash', 'scripts/ensure-nginx.sh'], when: 'cluster' },
  { name: 'cluster', vitest: ['--project', 'cluster'] },
].filter((s) => only.length === 0 || only.includes(s.name) || only.includes(s.when));

fs.mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
const broken = [];
/** Each failed test, named, so the run's last lines say what to look at. */
const failedTests = [];
const times = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const report = `test-results/${stage.name}.json`;
  fs.rmSync(report, { force: true });
  const cmd = stage.cmd ?? ['npx', 'vitest', 'run', ...stage.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const started = Date.now();
  const res = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: process.env });
  times.push(`${stage.name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (stage.vitest && fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) broken.push(`${stage.name} (ran no test)`);
    for (const file of r.testResults ?? []) {
      const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failures) failedTests.push(`${stage.name}: ${path.relative(process.cwd(), file.name)} > ${t.fullName ?? t.title}`);
      // A file that failed without a failing test (it did not load, a hook threw).
      if (failures.length === 0 && file.status === 'failed') failedTests.push(`${stage.name}: ${path.relative(process.cwd(), file.name)}: ${(file.message ?? 'failed').split('\n')[0]}`);
    }
  }
  if (res.status !== 0) broken.push(stage.name);
}
// Where the run's time went, to see which stage to make faster.
console.log(`\nStage times: ${times.join(', ')}`);
if (broken.length) console.log(`\nFailed stages: ${[...new Set(broken)].join(', ')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(broken.length || failed ? 1 : 0);
