import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the server is started from there, as `npm run serve` does). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every process started here; they are stopped when this process exits, even by a crash. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process printed (the last 64 kB). */
  output(): string;
  /** Resident memory now and its peak (VmRSS, VmHWM from /proc), in MB; undefined off Linux. */
  memory(): { rssMb: number; peakMb: number } | undefined;
  /** Starts a new peak (Linux: writes 5 to /proc/<pid>/clear_refs); false when not possible. */
  resetPeak(): boolean;
  /** CPU time the process has used so far (user + system), in seconds; undefined off Linux. */
  cpuSeconds(): number | undefined;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

export function readMemory(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    const rss = kb('VmRSS');
    const peak = kb('VmHWM');
    if (!Number.isFinite(rss) || !Number.isFinite(peak)) return undefined;
    return { rssMb: Math.round(rss / 102.4) / 10, peakMb: Math.round(peak / 102.4) / 10 };
  } catch {
    return undefined;
  }
}

export function readCpuSeconds(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [user, system] = [Number(fields[11]), Number(fields[12])];
    // BENCH_CPU=user counts user time only (a save's system time is mostly fsync and the socket).
    return (process.env.BENCH_CPU === 'user' ? user : user + system) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Spawns node itself (not a wrapper such as npm) so that the pid is the server's own process
 * and its peak memory can be read.
 */
async function spawnNode(args: string[], env: Record<string, string>, healthPath: string, name: string): Promise<ServerProcess> {
  const port = await freePort();
  const fullEnv: Record<string, string> = { ...(process.env as Record<string, string>), ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) delete fullEnv.DATABASE_URL;
  let out = '';
  // BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. "--cpu-prof --cpu-prof-dir=prof" to profile a run.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, ...args], { cwd: ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 65_536) out = out.slice(-65_536);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start-up:\n${out}`);
    try {
      const res = await fetch(`${url}${healthPath}`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start within 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    output: () => out,
    memory: () => readMemory(pid),
    resetPeak() {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    cpuSeconds: () => readCpuSeconds(pid),
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The node arguments of `npm run serve` (package.json: "node <flags> <entry>"), so the benchmark
 * runs the server exactly as users do, memory flags included.
 */
export function serveCommand(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = scripts.serve.trim().split(/\s+/);
  if (words[0] !== 'node' || words.includes('&&')) throw new Error(`the serve script should be "node <flags> <entry>": ${scripts.serve}`);
  return words.slice(1);
}

let serverBuilt = false;

/** Bundles the server as `npm run build` does (once per process); `serveCommand()` then runs it. */
export function buildServer(): void {
  if (serverBuilt) return;
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server (scripts/build-server.mjs) failed');
  serverBuilt = true;
}

/** The exam portal, built and started as `npm run serve` does. */
export function startPortalServer(env: Record<string, string>): Promise<ServerProcess> {
  buildServer();
  return spawnNode(serveCommand(), env, '/api/health', 'The portal server');
}

/** A bundled portal server at `entry` (another build of it, to compare two versions in one run). */
export const startPortalServerFrom = (entry: string, env: Record<string, string>) =>
  spawnNode([...serveCommand().slice(0, -1), entry], env, '/api/health', 'The portal server');

/** The bare Fastify server the save throughput is compared to (its one route needs no build). */
export const startBaselineServer = () => spawnNode(['--import', 'tsx', 'bench/baseline-server.ts'], {}, '/ok', 'The baseline server');
