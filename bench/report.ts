import type { RatioResult } from './saveRatio';
import { argon2Description } from './scale';
import type { BundleResult } from './bundle';
import type { GradingResult, ImportResult, ListResult } from './extras';
import type { AnalysisResult } from './analysis';
import { OP_LABELS, OPS, STORM_MODES, type ErrorSample, type OpName, type StormMode } from './loadgen';
import type { OpStats } from './stats';
import type { Verification } from './verify';

export interface ModeResult {
  students: number;
  wallMs: number;
  phases: Record<string, number>;
  /** CPU seconds all server processes used in each phase (throughput and SEB storms: signIn, startAndPaper, save, submit). */
  phaseServerCpuSeconds?: Record<string, number>;
  ops: Record<OpName, Pick<OpStats, 'count' | 'errors' | 'rps' | 'p50' | 'p95' | 'p99' | 'max' | 'mean'>>;
  totalErrors: number;
  errorSamples: ErrorSample[];
  ackCount: number;
  verification: Verification;
  lostSaves: number;
  duplicateAttempts: number;
  /** Peak resident memory of each server process during this storm (MB). */
  peakRssMb: number[];
  /** CPU seconds each server process used during this storm. */
  serverCpuSeconds: number[];
  generator: { loopDelayP99Ms: number; cpuSeconds: number };
  /** Sign-ins answered 503 (hashing queue full) and sent again after Retry-After. */
  signInRetries?: number;
}

export interface ConfigResult {
  name: string;
  description: string;
  processes: number;
  seedMs: number;
  /** Server memory right after start-up (MB), per process. */
  startupRssMb: number[];
  throughput?: ModeResult;
  realistic?: ModeResult;
  /** The throughput storm on a quiz that needs Safe Exam Browser (every request carries the Config Key hash). */
  seb?: ModeResult;
  /** Save throughput of the SEB storm over the plain throughput storm's, in the same run (target >= 0.95). */
  sebToPlainSaveRatio?: number;
  baseline?: OpStats & { concurrency: number; durationMs: number; errors: number };
  saveToBaselineRatio?: number;
  /** The highest peak of any server process in any storm (MB). */
  peakRssMb?: number;
  lostSaves: number;
  duplicateAttempts: number;
  listPage?: ListResult[];
  import?: ImportResult;
  grading?: GradingResult;
  /** Quiz statistics and the dashboards, after the throughput storm. */
  analysis?: AnalysisResult;
  error?: string;
}

export interface Results {
  generatedAt: string;
  machine: Record<string, string | number>;
  /** The commit measured and how many tracked files differed from it, at the start and the end of the run. */
  code?: { before?: CodeVersion; after?: CodeVersion };
  options: Record<string, unknown>;
  dataSet: Record<string, unknown>;
  configurations: Record<string, ConfigResult>;
  bundle?: BundleResult;
  /** The save ratio with autocannon (bench/saveRatio.ts), per single-process database. */
  saveRatio?: RatioResult[];
  targets: Target[];
  failures: string[];
}

export interface CodeVersion {
  commit: string;
  changedFiles: number;
  /** Fingerprint of the server's source files; a change during the run means later configurations ran other code. */
  server?: string;
}

export interface Target {
  name: string;
  configuration: string;
  target: string;
  value: string;
  met: boolean | null;
  note?: string;
}

const pad = (s: string | number, n: number, left = false) => (left ? String(s).padStart(n) : String(s).padEnd(n));
const num = (n: number | undefined, d = 1) => (n === undefined ? '-' : n.toFixed(d));

export function opTable(mode: ModeResult): string[] {
  const head = `  ${pad('operation', 20)}${pad('requests', 10, true)}${pad('errors', 8, true)}${pad('req/s', 9, true)}${pad('p50 ms', 9, true)}${pad('p95 ms', 9, true)}${pad('p99 ms', 9, true)}${pad('max ms', 9, true)}`;
  const lines = [head];
  for (const op of OPS) {
    const s = mode.ops[op];
    if (!s || s.count === 0) continue;
    lines.push(
      `  ${pad(OP_LABELS[op], 20)}${pad(s.count, 10, true)}${pad(s.errors ? `${s.errors}!` : 0, 8, true)}${pad(num(s.rps), 9, true)}${pad(num(s.p50), 9, true)}${pad(num(s.p95), 9, true)}${pad(num(s.p99), 9, true)}${pad(num(s.max), 9, true)}`,
    );
  }
  return lines;
}

/** The server CPU time one save costs (µs), from the throughput storm's save phase alone (all server processes). */
export function saveCpuMicros(mode: ModeResult): number | undefined {
  const cpu = mode.phaseServerCpuSeconds?.save;
  const count = mode.ops.save?.count;
  return cpu === undefined || !count ? undefined : Math.round((cpu * 1e6) / count);
}

export function printMode(config: ConfigResult, modeName: StormMode, mode: ModeResult): void {
  const v = mode.verification;
  console.log(`\n[${config.name}] ${modeName} storm: ${mode.students} students, ${(mode.wallMs / 1000).toFixed(1)} s`);
  for (const line of opTable(mode)) console.log(line);
  console.log(
    `  server peak RSS ${mode.peakRssMb.map((m) => `${m} MB`).join(' / ')}, server CPU ${mode.serverCpuSeconds.map((c) => `${c} s`).join(' / ')}; load generator CPU ${mode.generator.cpuSeconds} s, event-loop delay p99 ${mode.generator.loopDelayP99Ms} ms`,
  );
  const signIn = mode.ops.signIn;
  if (signIn?.count) {
    const retried = mode.signInRetries ? `; ${mode.signInRetries} answer(s) 503 "too many sign-ins at once", sent again after Retry-After` : '';
    console.log(`  sign-in: ${signIn.rps} sign-ins/s (${argon2Description()})${retried}`);
  }
  const saveCpu = mode.phaseServerCpuSeconds?.save;
  if (saveCpu !== undefined && mode.ops.save?.count) {
    console.log(`  server CPU in the save phase: ${saveCpu} s for ${mode.ops.save.count} saves, ${saveCpuMicros(mode)} µs a save`);
  }
  console.log(
    `  verification: ${v.attempts} attempts for ${v.students} students, duplicates ${v.duplicateAttempts}, missing ${v.missingAttempts}, mismatched ${v.attemptMismatches}, not submitted ${v.notSubmitted}; ${v.savesChecked} latest saves checked, lost ${v.lostSaves}`,
  );
  if (mode.totalErrors > 0) {
    console.log(`  !!! ${mode.totalErrors} REQUEST ERROR(S):`);
    for (const e of mode.errorSamples.slice(0, 10)) console.log(`  !!!   ${e.count} x ${OP_LABELS[e.op]}: ${e.status || 'network'} ${e.message}`);
  }
  if (v.failures.length) {
    console.log('  !!! VERIFICATION FAILED:');
    for (const f of v.failures.slice(0, 10)) console.log(`  !!!   ${f}`);
  }
}

export function evaluateTargets(results: Results, students: number): Target[] {
  const out: Target[] = [];
  for (const r of results.saveRatio ?? []) {
    const at50 = r.ratios.find((x) => x.kind === 'distinct' && x.connections === 50);
    const target = r.config === 'sqlite' ? 0.5 : 0.4;
    if (at50) out.push({ name: 'save / baseline (autocannon, 50 connections, distinct rows)', configuration: r.config, target: `>= ${target}`, value: at50.ratio.toFixed(3), met: at50.ratio >= target });
  }
  const at1000 = students >= 1000;
  const sizeNote = at1000 ? undefined : `run with ${students} students; the target is for 1,000`;
  for (const c of Object.values(results.configurations)) {
    if (c.error) continue;
    const judged = c.processes === 1;
    const multiNote = judged ? undefined : 'two processes on 2 cores: reported, not judged';
    if (c.saveToBaselineRatio !== undefined) {
      out.push({ name: 'save / baseline throughput', configuration: c.name, target: '>= 0.35', value: c.saveToBaselineRatio.toFixed(3), met: judged ? c.saveToBaselineRatio >= 0.35 : null, note: multiNote });
    }
    const r = c.realistic;
    if (r) {
      const ok = r.totalErrors === 0 && r.lostSaves === 0 && r.duplicateAttempts === 0 && r.verification.missingAttempts === 0;
      out.push({ name: 'realistic storm: errors / lost saves / duplicate attempts', configuration: c.name, target: '0 / 0 / 0', value: `${r.totalErrors} / ${r.lostSaves} / ${r.duplicateAttempts}`, met: ok, note: sizeNote });
      out.push({ name: 'realistic storm: save p99', configuration: c.name, target: '< 50 ms', value: `${num(r.ops.save.p99)} ms`, met: judged && at1000 ? r.ops.save.p99 < 50 : null, note: multiNote ?? sizeNote });
      out.push({ name: 'realistic storm: start p99', configuration: c.name, target: '< 500 ms', value: `${num(r.ops.start.p99)} ms`, met: judged && at1000 ? r.ops.start.p99 < 500 : null, note: multiNote ?? sizeNote });
    }
    for (const modeName of ['throughput', 'seb'] as const) {
      const t = c[modeName];
      if (!t) continue;
      const ok = t.totalErrors === 0 && t.lostSaves === 0 && t.duplicateAttempts === 0 && t.verification.missingAttempts === 0;
      out.push({ name: `${modeName} storm: errors / lost saves / duplicate attempts`, configuration: c.name, target: '0 / 0 / 0', value: `${t.totalErrors} / ${t.lostSaves} / ${t.duplicateAttempts}`, met: ok });
    }
    // The start of an exam: every student of the hall at once, on one process on SQLite (the issue's measure).
    const storm = c.throughput;
    if (storm) {
      const onSqlite = c.name === 'sqlite';
      const note = !onSqlite ? 'judged on sqlite (one process)' : sizeNote;
      for (const [op, label, limit] of [
        ['instructions', 'instruction page', 500],
        ['start', 'start', 1000],
        ['submit', 'submit', 1000],
      ] as const) {
        const p99 = storm.ops[op]?.p99;
        if (p99 === undefined) continue;
        out.push({ name: `throughput storm: ${label} p99`, configuration: c.name, target: `< ${limit} ms`, value: `${num(p99)} ms`, met: onSqlite && at1000 ? p99 < limit : null, note });
      }
    }
    if (c.sebToPlainSaveRatio !== undefined && c.seb && c.throughput) {
      out.push({
        name: 'save throughput, SEB quiz / plain quiz',
        configuration: c.name,
        target: '>= 0.95',
        value: `${c.sebToPlainSaveRatio.toFixed(3)} (${num(c.seb.ops.save.rps, 0)} / ${num(c.throughput.ops.save.rps, 0)} req/s)`,
        met: c.sebToPlainSaveRatio >= 0.95,
      });
    }
    // 400 MB for a hall of 1,000; 1 GB a process for 10,000 arriving over minutes.
    const rssLimit = students >= 10_000 ? 1024 : 400;
    if (c.peakRssMb !== undefined) out.push({ name: 'peak server RSS (storms)', configuration: c.name, target: `< ${rssLimit} MB`, value: `${c.peakRssMb} MB`, met: c.peakRssMb < rssLimit });
    for (const l of c.listPage ?? []) {
      out.push({ name: `question list p95 (${l.name})`, configuration: c.name, target: '< 30 ms', value: `${num(l.p95)} ms`, met: results.dataSet.questions === 100_000 ? l.p95 < 30 : null, note: results.dataSet.questions === 100_000 ? undefined : `bank of ${results.dataSet.questions}` });
    }
    if (c.import) {
      const i = c.import;
      const full = i.rows === 10_000;
      out.push({ name: `import ${i.rows}-row sheet: time`, configuration: c.name, target: '< 5 s', value: `${(i.ms / 1000).toFixed(1)} s (${i.status})`, met: full ? i.status === 201 && i.ms < 5000 : null });
      out.push({ name: `import ${i.rows}-row sheet: peak server RSS`, configuration: c.name, target: '< 300 MB', value: i.peakRssMb === undefined ? 'n/a' : `${i.peakRssMb} MB`, met: full && i.peakRssMb !== undefined ? i.peakRssMb < 300 : null });
    }
    if (c.grading) {
      const g = c.grading;
      out.push({ name: `grade ${g.attempts} submitted attempts`, configuration: c.name, target: '< 2 s for 1,000', value: `${(g.ms / 1000).toFixed(2)} s`, met: g.attempts >= 1000 ? g.ms < 2000 : null, note: g.attempts >= 1000 ? undefined : `${g.attempts} attempts: ${((g.perAttemptMs * 1000) / 1000).toFixed(2)} s per 1,000` });
    }
  }
  for (const c of Object.values(results.configurations)) {
    if (!c.analysis) continue;
    const st = c.analysis.statistics;
    const slowest = Math.max(st.firstMs, st.repeats.max);
    out.push({ name: `quiz statistics, ${st.attempts} attempts x ${st.questions} questions (slowest request)`, configuration: c.name, target: '< 1 s for 1,000 x 30', value: `${num(slowest)} ms`, met: st.attempts >= 1000 && st.questions >= 30 ? slowest < 1000 : null, note: st.attempts >= 1000 ? undefined : `${st.attempts} attempts` });
    for (const d of c.analysis.dashboards) out.push({ name: `${d.role} dashboard p95`, configuration: c.name, target: '< 100 ms', value: `${num(d.p95)} ms`, met: d.p95 < 100 });
  }
  if (results.bundle && !results.bundle.error?.startsWith('build')) {
    out.push({ name: 'login page JS (gzip)', configuration: 'front end', target: '<= 250 kB', value: `${results.bundle.loginPage.jsGzipKB} kB`, met: results.bundle.loginPage.jsGzipKB <= 250, note: `measured by ${results.bundle.loginPage.method}` });
  }
  const tr = results.bundle?.transfer;
  if (tr) {
    out.push({ name: 'login page transferred, cold cache', configuration: 'front end', target: '<= 250 kB', value: `${tr.loginPage.coldKB} kB`, met: tr.loginPage.coldKB <= 250, note: `warm: ${tr.loginPage.warmKB} kB` });
    const math = tr.firstMathQuestion ? `; its first question with math adds ${tr.firstMathQuestion.kB} kB` : '';
    out.push({ name: 'exam page transferred, cold cache', configuration: 'front end', target: '<= 300 kB', value: `${tr.examPage.coldKB} kB`, met: tr.examPage.coldKB <= 300, note: `warm: ${tr.examPage.warmKB} kB${math}` });
    const me = tr.mathExamPage;
    if (me) out.push({ name: 'exam page with math on its first question transferred, cold cache', configuration: 'front end', target: '<= 300 kB', value: `${me.coldKB} kB`, met: me.coldKB <= 300, note: `warm: ${me.warmKB} kB; ${me.mathElements} formula(s) shown, ${me.katexElements} by KaTeX` });
  }
  return out;
}

const mark = (met: boolean | null) => (met === null ? 'n/a' : met ? 'yes' : '**NO**');

export function markdown(results: Results): string {
  const m = results.machine;
  const lines: string[] = [];
  lines.push(`# Benchmark results`, '');
  lines.push(
    `${results.generatedAt} on ${m.cpu}, ${m.cores} cores, ${m.ramGb} GB RAM, ${m.os}, Node ${m.node}, ${m.postgres ?? 'no PostgreSQL'}, SQLite ${m.sqlite}; ` +
      `load average ${m.loadAverageBefore} before and ${m.loadAverageAfter} after the run${noisy(m) ? ' (above 1: other work shared the machine during the run, so the figures are noisy)' : ''}.`,
    '',
  );
  const d = results.dataSet;
  lines.push(codeLine(results), '');
  lines.push(
    `Data set: ${d.students} students (${d.linkStudents} of them enter through exam links), ${d.questions} questions in the bank, a quiz of ${d.quizQuestions} questions of mixed types. ` +
      `Options: ${Object.entries(results.options)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
        .join(', ')}.`,
    '',
  );
  if (results.failures.length) {
    lines.push('## FAILURES', '');
    for (const f of results.failures) lines.push(`- ${f}`);
    lines.push('');
  }
  lines.push(...saveRatioLines(results));
  lines.push('## Targets', '', '| configuration | measure | target | value | met |', '| --- | --- | --- | --- | --- |');
  for (const t of results.targets) lines.push(`| ${t.configuration} | ${t.name} | ${t.target} | ${t.value} | ${mark(t.met)}${t.note ? ` (${t.note})` : ''} |`);
  lines.push('');
  for (const c of Object.values(results.configurations)) {
    lines.push(`## ${c.name}: ${c.description}`, '');
    if (c.error) {
      lines.push(`Failed: ${c.error}`, '');
      continue;
    }
    if (c.baseline) {
      lines.push(
        `Baseline (bare Fastify route, ${c.baseline.concurrency} connections, ${(c.baseline.durationMs / 1000).toFixed(0)} s): ${num(c.baseline.rps)} req/s, p99 ${num(c.baseline.p99)} ms. ` +
          `Save / baseline: **${c.saveToBaselineRatio?.toFixed(3) ?? '-'}**. Peak server RSS: ${c.peakRssMb ?? '-'} MB.`,
        '',
      );
    }
    if (c.sebToPlainSaveRatio !== undefined) {
      lines.push(`Save throughput of the SEB storm / the plain throughput storm: **${c.sebToPlainSaveRatio.toFixed(3)}** (${num(c.seb?.ops.save.rps)} / ${num(c.throughput?.ops.save.rps)} req/s).`, '');
    }
    for (const modeName of STORM_MODES) {
      const mode = c[modeName];
      if (!mode) continue;
      const v = mode.verification;
      lines.push(
        `### ${modeName} storm (${mode.students} students, ${(mode.wallMs / 1000).toFixed(1)} s; peak RSS ${mode.peakRssMb.join(' / ')} MB; lost saves ${v.lostSaves}, duplicate attempts ${v.duplicateAttempts}, missing ${v.missingAttempts})`,
        '',
      );
      if (mode.ops.signIn?.count) {
        const retried = mode.signInRetries ? `; ${mode.signInRetries} sign-in answer(s) were 503 "too many sign-ins at once" and sent again after their Retry-After (a sign-in's latency runs from its first try)` : '';
        lines.push(`Sign-in: ${num(mode.ops.signIn.rps)} sign-ins/s, ${argon2Description()}${retried}.`, '');
      }
      lines.push('| operation | requests | errors | req/s | p50 ms | p95 ms | p99 ms | max ms |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
      for (const op of OPS) {
        const s = mode.ops[op];
        if (!s || s.count === 0) continue;
        lines.push(`| ${OP_LABELS[op]} | ${s.count} | ${s.errors} | ${num(s.rps)} | ${num(s.p50)} | ${num(s.p95)} | ${num(s.p99)} | ${num(s.max)} |`);
      }
      lines.push('');
    }
    if (c.listPage?.length) {
      lines.push('| question list (25 per page) | matching rows | requests | p50 ms | p95 ms | max ms |', '| --- | ---: | ---: | ---: | ---: | ---: |');
      for (const l of c.listPage) lines.push(`| ${l.name} | ${l.total} | ${l.count} | ${num(l.p50)} | ${num(l.p95)} | ${num(l.max)} |`);
      lines.push('');
    }
    if (c.import) lines.push(`Import of a ${c.import.rows}-row sheet (${c.import.fileKb} kB): ${(c.import.ms / 1000).toFixed(1)} s, status ${c.import.status}, peak server RSS ${c.import.peakRssMb ?? 'n/a'} MB.`, '');
    if (c.grading) lines.push(`Grading ${c.grading.attempts} submitted attempts (${c.grading.answers} answers): ${(c.grading.ms / 1000).toFixed(2)} s (${c.grading.perAttemptMs} ms each).`, '');
    if (c.analysis) {
      const st = c.analysis.statistics;
      lines.push(`Quiz statistics (${st.attempts} submitted attempts, ${st.questions} questions): first request ${num(st.firstMs)} ms, then ${st.repeats.count} requests p50 ${num(st.repeats.p50)} ms, max ${num(st.repeats.max)} ms.`, '');
      lines.push('| dashboard | requests | p50 ms | p95 ms | max ms |', '| --- | ---: | ---: | ---: | ---: |');
      for (const d of c.analysis.dashboards) lines.push(`| ${d.role} | ${d.count} | ${num(d.p50)} | ${num(d.p95)} | ${num(d.max)} |`);
      lines.push('');
    }
  }
  if (results.bundle) {
    const b = results.bundle;
    lines.push('## Front-end bundle', '');
    lines.push(`Login page loads ${b.loginPage.jsGzipKB} kB of JS and ${b.loginPage.cssGzipKB} kB of CSS (gzip; ${b.loginPage.files.length} files; measured by ${b.loginPage.method}). All JS: ${b.totalJsGzipKB} kB gzip.`, '');
    if (b.transfer) {
      const t = b.transfer;
      lines.push(`Bytes transferred (${t.method}):`, '');
      lines.push('| page | cold cache | requests | warm cache | requests |', '| --- | ---: | ---: | ---: | ---: |');
      lines.push(`| login page | ${t.loginPage.coldKB} kB | ${t.loginPage.coldRequests} | ${t.loginPage.warmKB} kB | ${t.loginPage.warmRequests} |`);
      lines.push(`| exam page | ${t.examPage.coldKB} kB | ${t.examPage.coldRequests} | ${t.examPage.warmKB} kB | ${t.examPage.warmRequests} |`);
      if (t.mathExamPage) lines.push(`| exam page, math on its first question | ${t.mathExamPage.coldKB} kB | ${t.mathExamPage.coldRequests} | ${t.mathExamPage.warmKB} kB | ${t.mathExamPage.warmRequests} |`);
      lines.push('');
      if (t.mathExamPage) lines.push(`The math-first exam page showed ${t.mathExamPage.mathElements} formula(s), ${t.mathExamPage.katexElements} of them typeset by KaTeX (the others as MathML by the browser).`, '');
      if (t.firstMathQuestion) lines.push(`Moving on to the exam's first question with math (question ${t.firstMathQuestion.question}) then adds ${t.firstMathQuestion.kB} kB (${t.firstMathQuestion.requests} request(s): the math chunk, and KaTeX with its stylesheet and fonts only when a formula needs it).`, '');
    }
    lines.push('| chunk | kB | gzip kB |', '| --- | ---: | ---: |');
    for (const c of b.chunks.slice(0, 15)) lines.push(`| ${c.file} | ${c.kB} | ${c.gzipKB} |`);
    if (b.chunks.length > 15) lines.push(`| ${b.chunks.length - 15} smaller chunks | | |`);
    lines.push('');
  }
  return lines.join('\n');
}

const noisy = (m: Results['machine']) => Math.max(Number(m.loadAverageBefore ?? 0), Number(m.loadAverageAfter ?? 0)) > 1;

function codeLine(results: Results): string {
  const { before, after } = results.code ?? {};
  if (!before) return 'Code: not in a git work tree.';
  const state = (v: CodeVersion) => `${v.commit}${v.changedFiles ? ` with ${v.changedFiles} changed file(s)` : ''}`;
  const serverChanged = after?.server !== undefined && before.server !== undefined && after.server !== before.server;
  const treeChanged = after && (after.commit !== before.commit || after.changedFiles !== before.changedFiles);
  const note = serverChanged
    ? ' (the server code changed during the run: later configurations ran newer code)'
    : treeChanged && after?.server !== undefined
      ? ' (the server code did not change during the run)'
      : '';
  return `Code: commit ${state(before)}${treeChanged ? `; by the end of the run ${state(after!)}` : ''}${note}.`;
}

/** The short summary that `--readme` writes into bench/README.md below its marker. */
export function readmeSummary(results: Results): string {
  const m = results.machine;
  const d = results.dataSet;
  const lines: string[] = [];
  lines.push(
    `Run of ${results.generatedAt.slice(0, 10)} (\`npm run bench\` with ${d.students} students, a bank of ${d.questions} questions) on ${m.cpu}, ` +
      `${m.cores} cores, ${m.ramGb} GB RAM, ${m.os}, Node ${m.node}, ${m.postgres ?? 'no PostgreSQL'}, SQLite ${m.sqlite}; ` +
      `load average ${m.loadAverageBefore} before and ${m.loadAverageAfter} after the run${noisy(m) ? ' (above 1: other work shared the machine during the run, so the figures are noisy)' : ''}. ${codeLine(results)}`,
    '',
  );
  lines.push('| configuration | storm | sign-in p99 | exam link p99 | start p99 | paper p99 | save req/s | save p50 / p99 | submit p99 | errors | lost saves | duplicate attempts | peak RSS |');
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of Object.values(results.configurations)) {
    for (const modeName of STORM_MODES) {
      const r = c[modeName];
      if (!r) continue;
      const o = r.ops;
      lines.push(
        `| ${c.name} | ${modeName} | ${num(o.signIn.p99, 0)} | ${num(o.examLink.p99, 0)} | ${num(o.start.p99, 0)} | ${num(o.paper.p99, 0)} | ${num(o.save.rps, 0)} | ${num(o.save.p50, 1)} / ${num(o.save.p99, 0)} | ${num(o.submit.p99, 0)} | ${r.totalErrors} | ${r.lostSaves} | ${r.duplicateAttempts} | ${Math.max(...r.peakRssMb)} MB |`,
      );
    }
  }
  lines.push('', 'Latencies in ms. Save / bare-Fastify baseline throughput: ' + Object.values(results.configurations).map((c) => `${c.name} ${c.saveToBaselineRatio?.toFixed(3) ?? '-'} (baseline ${num(c.baseline?.rps, 0)} req/s)`).join(', ') + '.', '');
  lines.push(...saveRatioLines(results));
  const signIns = Object.values(results.configurations).filter((c) => c.throughput?.ops.signIn?.count);
  if (signIns.length) lines.push(`Sign-ins per second in the throughput storm (${argon2Description()}): ` + signIns.map((c) => `${c.name} ${num(c.throughput!.ops.signIn.rps, 0)}`).join(', ') + '.', '');
  const sebRatios = Object.values(results.configurations).filter((c) => c.sebToPlainSaveRatio !== undefined);
  if (sebRatios.length) lines.push('Save throughput of the SEB storm / the plain throughput storm: ' + sebRatios.map((c) => `${c.name} ${c.sebToPlainSaveRatio!.toFixed(3)}`).join(', ') + '.', '');
  const extras: string[] = [];
  for (const c of Object.values(results.configurations)) {
    for (const l of c.listPage ?? []) extras.push(`| ${c.name} | question list, ${l.name} (${l.total} rows) | p95 ${num(l.p95)} ms |`);
    if (c.grading) extras.push(`| ${c.name} | grading ${c.grading.attempts} submitted attempts | ${(c.grading.ms / 1000).toFixed(2)} s |`);
    if (c.analysis) {
      const st = c.analysis.statistics;
      extras.push(`| ${c.name} | quiz statistics, ${st.attempts} attempts x ${st.questions} questions | first ${num(st.firstMs)} ms, max ${num(st.repeats.max)} ms |`);
      extras.push(`| ${c.name} | dashboards p95 (${c.analysis.dashboards.map((d) => d.role).join(', ')}) | ${c.analysis.dashboards.map((d) => `${num(d.p95)} ms`).join(', ')} |`);
    }
    if (c.import) extras.push(`| ${c.name} | import of a ${c.import.rows}-row sheet | ${(c.import.ms / 1000).toFixed(1)} s, peak RSS ${c.import.peakRssMb ?? 'n/a'} MB |`);
  }
  if (results.bundle) extras.push(`| front end | login page JS (gzip) | ${results.bundle.loginPage.jsGzipKB} kB (all JS ${results.bundle.totalJsGzipKB} kB) |`);
  const tr = results.bundle?.transfer;
  if (tr) {
    extras.push(`| front end | login page transferred, cold / warm cache | ${tr.loginPage.coldKB} kB / ${tr.loginPage.warmKB} kB |`);
    extras.push(`| front end | exam page transferred, cold / warm cache | ${tr.examPage.coldKB} kB / ${tr.examPage.warmKB} kB |`);
    if (tr.mathExamPage) extras.push(`| front end | exam page with math on its first question, cold / warm cache | ${tr.mathExamPage.coldKB} kB / ${tr.mathExamPage.warmKB} kB |`);
    if (tr.firstMathQuestion) extras.push(`| front end | first exam question with math, added (cold) | ${tr.firstMathQuestion.kB} kB |`);
  }
  if (extras.length) lines.push('| configuration | measure | value |', '| --- | --- | --- |', ...extras, '');
  const missed = results.targets.filter((t) => t.met === false);
  lines.push(missed.length ? `Targets missed: ${missed.map((t) => `${t.configuration} ${t.name} (${t.value}, target ${t.target})`).join('; ')}.` : 'Every judged target met.', '');
  return lines.join('\n');
}

/** The autocannon save ratio: one row per database, kind of save and connection count, with the generator's figures beside it. */
export function saveRatioLines(results: Results): string[] {
  const all = results.saveRatio ?? [];
  if (!all.length) return [];
  const o = all[0].options;
  const lines = [
    `Save / bare-Fastify baseline with autocannon (${o.generators} generator processes, ${o.seconds} s phases after a 1 s warm-up, baseline and saves interleaved, ${o.rounds} rounds, medians; bench/saveRatio.ts):`,
    '',
    '| database | saves | connections | save req/s | baseline req/s | ratio | save p99 ms | server CPU µs a save | generator cores (save / baseline) | generator loop delay p99 ms (max) | load average |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
  ];
  const med = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
  };
  for (const r of all) {
    for (const x of r.ratios) {
      const saves = r.phases.filter((p) => p.kind === x.kind && p.variant === x.variant && p.connections === x.connections);
      const base = r.phases.filter((p) => p.kind === 'baseline' && p.connections === x.connections);
      const both = [...saves, ...base];
      lines.push(
        `| ${r.config}${r.options.variants.length > 1 ? ` (${x.variant})` : ''} | ${x.kind === 'distinct' ? 'distinct rows' : 'one row'} | ${x.connections} | ${num(x.saveRps, 0)} | ${num(x.baselineRps, 0)} | **${x.ratio.toFixed(3)}** | ${num(med(saves.map((p) => p.p99)), 1)} | ${num(med(saves.map((p) => p.serverCpuUsPerRequest ?? NaN)), 0)} | ${num(med(saves.map((p) => p.generatorCpuCores)), 2)} / ${num(med(base.map((p) => p.generatorCpuCores)), 2)} | ${num(Math.max(...both.map((p) => p.generatorLoopP99Ms)), 1)} | ${num(med(both.map((p) => p.loadAverage)), 2)} |`,
      );
    }
  }
  lines.push('');
  return lines;
}

/** A figure of this run against the previous one: `before → now (+x %)`. */
function against(before: number | undefined, now: number | undefined, digits = 1): string {
  if (now === undefined) return '-';
  if (before === undefined || !Number.isFinite(before)) return `${num(now, digits)} (new)`;
  const change = before === 0 ? '' : ` (${now >= before ? '+' : ''}${(((now - before) / before) * 100).toFixed(0)} %)`;
  return `${num(before, digits)} → ${num(now, digits)}${change}`;
}

/**
 * The figures a change is judged by, this run against the previous run of the same output folder
 * (kept as previous.json beside latest.json): each storm's p99 and the save throughput, the
 * server's CPU in the start and save phases, and the save ratio. Lines of a Markdown table, for
 * the console and latest.md alike; a different data set or machine state is said first.
 */
export function comparisonLines(previous: Results, current: Results): string[] {
  const lines = [`## Against the previous run`, ''];
  const p = previous.machine;
  lines.push(`Previous run: ${previous.generatedAt}, ${codeLine(previous).replace(/^Code: /, 'code ')} Load average ${p.loadAverageBefore} before it, ${current.machine.loadAverageBefore} before this one.`);
  const sameData = ['students', 'questions', 'quizQuestions'].every((k) => previous.dataSet[k] === current.dataSet[k]);
  if (!sameData) lines.push(`Not the same data set (${previous.dataSet.students} students and ${previous.dataSet.questions} questions then, ${current.dataSet.students} and ${current.dataSet.questions} now): the figures do not compare.`);
  lines.push('', '| configuration | storm | measure | previous → this run |', '| --- | --- | --- | --- |');
  for (const c of Object.values(current.configurations)) {
    const before = previous.configurations[c.name];
    if (!before || c.error) continue;
    for (const mode of STORM_MODES) {
      const now = c[mode];
      const then = before[mode];
      if (!now || !then) continue;
      for (const op of ['instructions', 'start', 'paper', 'save', 'submit'] as const) {
        if (now.ops[op]?.count) lines.push(`| ${c.name} | ${mode} | ${OP_LABELS[op]} p99 ms | ${against(then.ops[op]?.p99, now.ops[op].p99)} |`);
      }
      if (now.ops.save?.count) lines.push(`| ${c.name} | ${mode} | save answer req/s | ${against(then.ops.save?.rps, now.ops.save.rps, 0)} |`);
      for (const phase of ['startAndPaper', 'save'] as const) {
        const cpu = now.phaseServerCpuSeconds?.[phase];
        if (cpu !== undefined) lines.push(`| ${c.name} | ${mode} | server CPU, ${phase} phase (s) | ${against(then.phaseServerCpuSeconds?.[phase], cpu, 2)} |`);
      }
    }
  }
  for (const r of current.saveRatio ?? []) {
    const then = previous.saveRatio?.find((x) => x.config === r.config);
    for (const x of r.ratios) {
      const old = then?.ratios.find((y) => y.kind === x.kind && y.connections === x.connections && y.variant === x.variant);
      lines.push(`| ${r.config} | save ratio (autocannon) | ${x.kind}, ${x.connections} connections | ${against(old?.ratio, x.ratio, 3)} |`);
    }
  }
  lines.push('');
  return lines;
}
