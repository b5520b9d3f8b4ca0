import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sha256Hex } from '../server/integrity/sebConfigKey';
import { absoluteUrlOf, CONFIG_KEY_HASH_HEADER } from '../server/integrity/sebProof';
import { JsonClient, loopbackAddress, type JsonResponse, type RequestOptions } from './http';
import { prng } from './random';
import { OpRecorder, type OpStats } from './stats';
import { readCpuSeconds } from './server';

/**
 * The load generator: virtual students who take an exam through the student's exam API, and
 * the closed-loop baseline. It runs in its own process (see loadgen-child.ts),
 * but the functions work in any process (the CI storm test calls them directly).
 */

export const OPS = ['signIn', 'examLink', 'instructions', 'start', 'paper', 'save', 'submit'] as const;
export type OpName = (typeof OPS)[number];

export const OP_LABELS: Record<OpName, string> = {
  signIn: 'sign-in (password)',
  examLink: 'exam-link verify',
  instructions: 'instruction page',
  start: 'start',
  paper: 'fetch paper',
  save: 'save answer',
  submit: 'submit',
};

export interface StormStudent {
  username: string;
  /** The exam-link token of this quiz: the student enters through the link, not the password. */
  token?: string;
}

/**
 * The storms: `throughput` (phases with barriers, no think time), `realistic` (arrivals spread,
 * think time) and `seb`, the throughput storm on a quiz that needs Safe Exam Browser, whose
 * students send SEB's Config Key hash with every request.
 */
export const STORM_MODES = ['throughput', 'seb', 'realistic'] as const;
export type StormMode = (typeof STORM_MODES)[number];

export interface StormPlan {
  mode: StormMode;
  /** Base URLs of the server processes; a student's requests go round them in turn. */
  servers: string[];
  quizId: number;
  password: string;
  students: StormStudent[];
  /** Realistic mode: students arrive spread evenly over this many seconds. */
  rampSeconds: number;
  /** Realistic mode: think times are multiplied by this (1 = 1-5 s before each answer). */
  thinkScale: number;
  /** Share of the questions answered a second time later (seq 2, another answer: an overwrite). */
  overwriteShare: number;
  /** Students that share one loopback source address; 0 = everyone from 127.0.0.1. */
  studentsPerAddress: number;
  timeoutMs: number;
  seed: number;
  /**
   * The quiz's Config Key as each server address computes it (from the .seb file it serves):
   * then every request carries `X-SafeExamBrowser-ConfigKeyHash`, SHA-256 of the request's
   * absolute URL followed by the key, as Safe Exam Browser sends it.
   */
  sebConfigKeys?: Record<string, string>;
  /** The server processes' pids (same machine): their CPU time is read at each phase's start and end. */
  serverPids?: number[];
  /**
   * Throughput modes: how many students (the first ones) start twice at once; the others start
   * once. Each double start holds a second socket, so the file-descriptor limit of a process
   * bounds it for 10,000 students (see run.ts). Default: every student.
   */
  doubleStarts?: number;
}

/**
 * The header Safe Exam Browser adds to a request for `path` at `baseUrl`, running a configuration with this Config Key.
 * Remembered per address: a real SEB hashes on the student's own machine, while here the load generator shares
 * the server's cores, so hashing again for every request would charge the client's work to the server's figure.
 */
const sebHeaderMemo = new Map<string, Record<string, string>>();
export function sebHeaders(baseUrl: string, path: string, configKey: string): Record<string, string> {
  const memoKey = `${configKey} ${baseUrl}${path}`;
  const known = sebHeaderMemo.get(memoKey);
  if (known) return known;
  const { protocol, host } = new URL(baseUrl);
  const headers = { [CONFIG_KEY_HASH_HEADER]: sha256Hex(absoluteUrlOf({ protocol: protocol.slice(0, -1), host, url: path }) + configKey) };
  if (sebHeaderMemo.size >= 200_000) sebHeaderMemo.clear();
  sebHeaderMemo.set(memoKey, headers);
  return headers;
}

export interface ErrorSample {
  op: OpName;
  status: number;
  message: string;
  count: number;
}

export interface StormResult {
  mode: StormPlan['mode'];
  ops: Record<OpName, OpStats>;
  errorSamples: ErrorSample[];
  totalErrors: number;
  /** The latest acknowledged save of each (attempt, question): [attemptId, questionId, seq, response as JSON]. */
  acks: [number, number, number, string][];
  /** Saves the server acknowledged (every one, not only the latest). */
  ackCount: number;
  /** Attempt id each student got (null: never started). */
  attempts: (number | null)[];
  /** Two concurrent starts by one student answered with different attempts (must be 0). */
  startMismatches: number;
  /**
   * Sign-ins answered 503 (the server's hashing queue full) and sent again after their Retry-After,
   * as the login page's user would; the sign-in's latency is from its first try to its success.
   */
  signInRetries: number;
  /** Throughput mode: saves sent with an older seq than the stored one (each student sends one). */
  staleSaves: number;
  /** Stale saves not answered with the stored, newer answer (must be 0: a save with a
   *  lower seq than the stored one is ignored and answered with the stored answer). */
  staleViolations: number;
  studentsCompleted: number;
  /** Throughput mode: how long each phase took (ms). */
  phases: Record<string, number>;
  /** Throughput mode: CPU seconds the server processes used in each phase, all processes together. */
  phaseServerCpuSeconds: Record<string, number>;
  wallMs: number;
  /** The load generator's own health: event-loop delay p99 (ms) and CPU used (s). */
  generator: { loopDelayP99Ms: number; cpuSeconds: number };
}

interface PaperQuestion {
  id: number;
  type: 'single' | 'multiple' | 'true_false' | 'numeric' | 'short_answer' | 'descriptive';
  options?: { id: string; text: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const WORDS = 'the a of stack queue tree graph node because therefore order time space each first last value key pointer memory sorted search'.split(' ');

class Recorder {
  readonly ops = Object.fromEntries(OPS.map((op) => [op, new OpRecorder()])) as Record<OpName, OpRecorder>;
  private readonly samples = new Map<string, ErrorSample>();
  totalErrors = 0;

  /** Records one answer; true when it succeeded. */
  take(op: OpName, res: JsonResponse): boolean {
    const ok = res.status >= 200 && res.status < 300 && res.body?.success !== false && !res.error;
    this.ops[op].record(res.startedAt, res.endedAt, ok);
    if (!ok) {
      this.totalErrors += 1;
      const message = res.error ?? String(res.body?.message ?? 'no JSON body').slice(0, 200);
      const key = `${op}|${res.status}|${message}`;
      const sample = this.samples.get(key);
      if (sample) sample.count += 1;
      else if (this.samples.size < 50) this.samples.set(key, { op, status: res.status, message, count: 1 });
    }
    return ok;
  }

  errorSamples(): ErrorSample[] {
    return [...this.samples.values()].sort((a, b) => b.count - a.count);
  }
}

/** One virtual student's connection: its source address and its servers, taken in turn. */
class StudentClient {
  private turn: number;
  constructor(
    private readonly clients: JsonClient[],
    index: number,
    private readonly localAddress: string | undefined,
    /** Config Key by server address: the student is in Safe Exam Browser and proves it on every request. */
    private readonly sebKeys?: Record<string, string>,
  ) {
    this.turn = index;
  }
  /** The next server in turn (with one server, always that one). */
  send(opts: Omit<RequestOptions, 'localAddress'>, server?: number): Promise<JsonResponse> {
    const client = this.clients[(server ?? this.turn++) % this.clients.length];
    const key = this.sebKeys?.[client.baseUrl];
    return client.request({ ...opts, localAddress: this.localAddress, ...(key ? { headers: sebHeaders(client.baseUrl, opts.path, key) } : {}) });
  }
}

function responseFor(q: PaperQuestion, rnd: () => number, long: boolean): unknown {
  const options = q.options ?? [];
  switch (q.type) {
    case 'single':
      return options[Math.floor(rnd() * options.length)]?.id ?? null;
    case 'multiple': {
      const chosen = options.filter(() => rnd() < 0.5).map((o) => o.id);
      return chosen.length ? chosen : options.slice(0, 1).map((o) => o.id);
    }
    case 'true_false':
      return rnd() < 0.5;
    case 'numeric':
      return Math.round(rnd() * 10_000) / 100;
    case 'short_answer':
      return `${WORDS[Math.floor(rnd() * WORDS.length)]} ${WORDS[Math.floor(rnd() * WORDS.length)]}`;
    case 'descriptive':
      return Array.from({ length: long ? 120 : 30 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
  }
}

export async function runStorm(plan: StormPlan): Promise<StormResult> {
  if (plan.mode === 'seb' && !plan.servers.every((url) => plan.sebConfigKeys?.[new URL(url).origin])) throw new Error('the SEB storm needs the Config Key of every server address');
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const rec = new Recorder();
  // One idle socket kept per source address and student on it (see JsonClient); everything from one address: all of them.
  const clients = plan.servers.map((url) => new JsonClient(url, plan.timeoutMs, plan.studentsPerAddress > 0 ? plan.studentsPerAddress : 100_000));
  const rnd = prng(plan.seed);
  const acks = new Map<string, [number, number, number, string]>();
  let ackCount = 0;
  let startMismatches = 0;
  let signInRetries = 0;
  let staleSaves = 0;
  let staleViolations = 0;
  let completed = 0;
  const attempts: (number | null)[] = plan.students.map(() => null);
  const phases: Record<string, number> = {};
  const phaseServerCpuSeconds: Record<string, number> = {};
  const serverCpu = () => (plan.serverPids ?? []).reduce((sum, pid) => sum + (readCpuSeconds(pid) ?? 0), 0);

  interface State {
    index: number;
    student: StormStudent;
    http: StudentClient;
    token?: string;
    attemptId?: number;
    paper?: PaperQuestion[];
    failed: boolean;
  }
  const states: State[] = plan.students.map((student, index) => ({
    index,
    student,
    http: new StudentClient(clients, index, plan.studentsPerAddress > 0 ? loopbackAddress(Math.floor(index / plan.studentsPerAddress)) : undefined, plan.sebConfigKeys),
    failed: false,
  }));

  const signIn = async (s: State) => {
    if (s.student.token) {
      const res = await s.http.send({ method: 'GET', path: `/api/student/verify/exam-token/${encodeURIComponent(s.student.token)}` });
      if (!rec.take('examLink', res)) return (s.failed = true);
      s.token = res.body.data.token;
    } else {
      const first = performance.now();
      let res = await s.http.send({ method: 'POST', path: '/api/auth/login', body: { username: s.student.username, password: plan.password, role: 'STUDENT', userTime: Date.now() } });
      // Too many sign-ins at once: the server says when to come back (plus up to a second, as people do not all click at once).
      while (res.status === 503 && res.retryAfter) {
        signInRetries += 1;
        await sleep((res.retryAfter + rnd()) * 1000);
        res = await s.http.send({ method: 'POST', path: '/api/auth/login', body: { username: s.student.username, password: plan.password, role: 'STUDENT', userTime: Date.now() } });
      }
      if (!rec.take('signIn', { ...res, startedAt: first })) return (s.failed = true);
      s.token = res.body.data.token;
    }
    return false;
  };

  const instructions = async (s: State) => {
    const res = await s.http.send({ method: 'GET', path: `/api/student/quizzes/${plan.quizId}`, token: s.token });
    if (!rec.take('instructions', res)) s.failed = true;
  };

  /** Start; with `twice`, two starts at once (a double click, or two server processes racing). */
  const start = async (s: State, twice: boolean) => {
    const req = { method: 'POST' as const, path: `/api/student/quizzes/${plan.quizId}/attempts`, token: s.token };
    const answers = await Promise.all(twice ? [s.http.send(req, s.index), s.http.send(req, s.index + 1)] : [s.http.send(req)]);
    const oks = answers.map((res) => rec.take('start', res));
    if (!oks.every(Boolean)) return (s.failed = true);
    const ids = answers.map((res) => res.body.data.id as number);
    if (new Set(ids).size !== 1) startMismatches += 1;
    s.attemptId = ids[0];
    attempts[s.index] = ids[0];
    return false;
  };

  const fetchPaper = async (s: State) => {
    const res = await s.http.send({ method: 'GET', path: `/api/student/attempts/${s.attemptId}`, token: s.token });
    if (!rec.take('paper', res)) return (s.failed = true);
    s.paper = res.body.data.questions as PaperQuestion[];
    if (!Array.isArray(s.paper) || s.paper.length === 0) s.failed = true;
    return s.failed;
  };

  const save = async (s: State, q: PaperQuestion, seq: number, long: boolean) => {
    const response = responseFor(q, rnd, long);
    const res = await s.http.send({ method: 'PUT', path: `/api/student/attempts/${s.attemptId}/answers/${q.id}`, token: s.token, body: { response, seq } });
    if (!rec.take('save', res)) return false;
    ackCount += 1;
    // The server answers with what it stores (a stale save is answered with the newer stored answer).
    const data = res.body.data;
    const prevAck = acks.get(`${s.attemptId}:${q.id}`);
    if (prevAck && prevAck[2] > seq) {
      staleSaves += 1;
      if (data.stale !== true || data.seq !== prevAck[2] || JSON.stringify(data.response) !== prevAck[3]) staleViolations += 1;
    }
    const key = `${s.attemptId}:${q.id}`;
    const prev = acks.get(key);
    if (!prev || prev[2] <= data.seq) acks.set(key, [s.attemptId!, q.id, data.seq, JSON.stringify(data.response)]);
    return true;
  };

  const submit = async (s: State) => {
    const res = await s.http.send({ method: 'POST', path: `/api/student/attempts/${s.attemptId}/submit`, token: s.token });
    if (rec.take('submit', res)) completed += 1;
    else s.failed = true;
  };

  const phase = async (name: string, fn: (s: State) => Promise<unknown>) => {
    const t = performance.now();
    const cpu = serverCpu();
    const t0 = process.hrtime.bigint() / 1000n;
    await Promise.all(states.filter((s) => !s.failed).map(fn));
    if (process.env.BENCH_PHASE_LOG) console.error(`PHASE ${name} ${t0} ${process.hrtime.bigint() / 1000n}`);
    phases[name] = Math.round(performance.now() - t);
    phaseServerCpuSeconds[name] = Math.round((serverCpu() - cpu) * 100) / 100;
  };

  if (plan.mode === 'throughput' || plan.mode === 'seb') {
    // Phases with a barrier between them, so that each is measured on its own; no think time.
    await phase('signIn', signIn);
    await phase('startAndPaper', async (s) => {
      await instructions(s);
      if (s.failed || (await start(s, s.index < (plan.doubleStarts ?? Infinity)))) return;
      await fetchPaper(s);
    });
    await phase('save', async (s) => {
      for (const q of s.paper!) if (!(await save(s, q, 1, false))) return;
      const again = s.paper!.filter(() => rnd() < plan.overwriteShare);
      for (const q of again) if (!(await save(s, q, 2, false))) return;
      // One late, out-of-order save (seq 1 after seq 2): it must be ignored and answered with the stored answer.
      if (again.length) await save(s, again[0], 1, false);
    });
    await phase('submit', submit);
  } else {
    const think = (minS: number, maxS: number) => sleep((minS + rnd() * (maxS - minS)) * 1000 * plan.thinkScale);
    await phase('exam', async (s) => {
      await sleep(rnd() * plan.rampSeconds * 1000);
      if (await signIn(s)) return;
      await instructions(s);
      if (s.failed) return;
      await think(1, 3);
      if (await start(s, false)) return;
      if (await fetchPaper(s)) return;
      for (const q of s.paper!) {
        await think(1, 5);
        if (!(await save(s, q, 1, true))) return;
      }
      for (const q of s.paper!.filter(() => rnd() < plan.overwriteShare)) {
        await think(1, 5);
        if (!(await save(s, q, 2, true))) return;
      }
      await think(1, 3);
      await submit(s);
    });
  }

  loop.disable();
  for (const c of clients) c.close();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    mode: plan.mode,
    ops: Object.fromEntries(OPS.map((op) => [op, rec.ops[op].summary()])) as Record<OpName, OpStats>,
    errorSamples: rec.errorSamples(),
    totalErrors: rec.totalErrors,
    acks: [...acks.values()],
    ackCount,
    attempts,
    startMismatches,
    signInRetries,
    staleSaves,
    staleViolations,
    studentsCompleted: completed,
    phases,
    phaseServerCpuSeconds,
    wallMs: Math.round(performance.now() - started),
    generator: { loopDelayP99Ms: Math.round(loop.percentile(99) / 1e4) / 100, cpuSeconds: Math.round(((cpu.user + cpu.system) / 1e6) * 10) / 10 },
  };
}

export interface BaselinePlan {
  url: string;
  /** Closed-loop workers, each with its own connection (as many as the storm's students). */
  concurrency: number;
  durationMs: number;
  studentsPerAddress: number;
  timeoutMs: number;
}

/** GET /ok as fast as `concurrency` closed-loop workers can, for `durationMs` (after a 1 s warm-up). */
export async function runBaseline(plan: BaselinePlan): Promise<{ stats: OpStats; totalErrors: number; generator: StormResult['generator'] }> {
  const client = new JsonClient(plan.url, plan.timeoutMs);
  const rec = new Recorder();
  const warmUp = new Recorder();
  const cpuBefore = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = performance.now();
  const measureFrom = t0 + 1000;
  const end = measureFrom + plan.durationMs;
  await Promise.all(
    Array.from({ length: plan.concurrency }, async (_, i) => {
      const localAddress = plan.studentsPerAddress > 0 ? loopbackAddress(Math.floor(i / plan.studentsPerAddress)) : undefined;
      while (performance.now() < end) {
        const res = await client.request({ method: 'GET', path: '/ok', localAddress });
        (res.startedAt >= measureFrom ? rec : warmUp).take('save', res);
      }
    }),
  );
  loop.disable();
  client.close();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    stats: rec.ops.save.summary(),
    totalErrors: rec.totalErrors + warmUp.totalErrors,
    generator: { loopDelayP99Ms: Math.round(loop.percentile(99) / 1e4) / 100, cpuSeconds: Math.round(((cpu.user + cpu.system) / 1e6) * 10) / 10 },
  };
}
