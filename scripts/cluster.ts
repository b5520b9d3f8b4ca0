/**
 * `npm run cluster`: the production layout of deploy/ on this machine, without root: nginx (from
 * the same site template as production, on a port of its own) in front of N server processes
 * (the bundled server, as `npm run serve` runs it) on PostgreSQL, with a redis-server of its own.
 * For trying the setup, for the cluster tests and for the benchmark's cluster configuration.
 *
 *   npm run build && npm run cluster -- [--processes 2] [--port 8080] [--dir .cluster]
 *
 * PostgreSQL: DATABASE_URL if set, else a fresh database on TEST_PG_URL's server (dropped at the end).
 * Redis: REDIS_URL if set, else a redis-server of its own (nothing kept on disk).
 * Ctrl-C stops everything it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer, freePort, serveCommand } from '../bench/server';
import { createPostgresDatabase, PG_ADMIN_URL } from '../bench/db';
import { BROTLI_MODULE, renderSite, ROOT } from './nginx-config';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface ClusterOptions {
  /** Server processes behind nginx (default 2). */
  processes?: number;
  /** nginx's port (default: a free one). */
  port?: number;
  /** The cluster's own folder: nginx configuration, logs, temporary files, Redis (created; default a new one under .cluster/). */
  dir?: string;
  databaseUrl: string;
  /** An existing Redis; undefined starts a redis-server of the cluster's own; false runs without Redis. */
  redisUrl?: string | false;
  /** The built front end (default dist/); its .br / .gz files are made if missing. */
  staticDir?: string;
  /** More environment for the server processes. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface ClusterProcess {
  index: number;
  port: number;
  /** Its own address (bypassing nginx). */
  url: string;
  pid(): number | undefined;
  alive(): boolean;
  /** What it printed (the last 64 kB). */
  output(): string;
  start(): Promise<void>;
  /** SIGTERM (graceful) and wait for the exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ClusterRedis {
  url: string;
  /** Whether the cluster started it (and can stop and start it again). */
  own: boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface Cluster {
  /** nginx's address: what a browser uses. */
  url: string;
  dir: string;
  processes: ClusterProcess[];
  redis?: ClusterRedis;
  nginxPid(): number | undefined;
  /**
   * Restarts the processes one after the other, each once the one before is ready again, and gives
   * each stopped process's exit code (0: it closed within its grace; 1: the grace ran out).
   */
  rollingRestart(): Promise<(number | null)[]>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every process started here; they are stopped when this process exits, even by a crash. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function track(child: ChildProcess, keep?: (s: string) => void): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.stdout?.on('data', (d: Buffer) => keep?.(d.toString()));
  child.stderr?.on('data', (d: Buffer) => keep?.(d.toString()));
  return child;
}

/** A redis-server of its own on a free port, nothing kept on disk; it can be stopped and started again on the same port. */
export async function startOwnRedis(dir: string): Promise<ClusterRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let out = '';
  const start = async () => {
    out = '';
    child = track(
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] }),
      (s) => (out = (out + s).slice(-16_384)),
    );
    await waitFor('redis-server', () => redisPing(port), child, () => out, 20_000);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, own: true, start, stop: async () => void (await stopChild(child, 'SIGTERM', 5_000)) };
}

async function waitFor(what: string, ok: () => Promise<boolean>, child: ChildProcess | undefined, output: () => string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited during start-up:\n${output()}`);
    if (await ok().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${ms / 1000} s:\n${output()}`);
    await sleep(100);
  }
}

async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await res.arrayBuffer();
  return res.ok;
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.end();
      resolve(d.toString().startsWith('+PONG'));
    });
  });
}

function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 30_000): Promise<number | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
}

/** Makes the .br / .gz files of the build when they are missing or older (scripts/precompress.mjs). */
export function precompress(staticDir: string): void {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'precompress.mjs'), staticDir], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`precompressing the front end failed:\n${res.stdout}${res.stderr}`);
}

/** The main nginx configuration of an unprivileged nginx: everything inside the cluster's folder. */
function nginxMain(dir: string, site: string, brotli: boolean): string {
  const tmp = (name: string) => path.join(dir, 'tmp', name);
  return [
    '# Generated by scripts/cluster.ts: an nginx of its own, run without root.',
    ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
    // One worker per core. Each connection of a student holds a descriptor in a worker, and so does
    // each connection to a server process: 10,000 students at once need about 10,000 client and up to
    // as many upstream connections, shared by the two workers, each under the 20,000 descriptors a
    // process may hold on the machines this runs on (bench/README.md, "10,000 students").
    'worker_processes auto;',
    'worker_rlimit_nofile 19000;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'daemon off;',
    'events { worker_connections 16384; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log off;`,
    `  client_body_temp_path ${tmp('body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_timeout 65s;',
    '  keepalive_requests 100000;',
    `  include ${site};`,
    '}',
    '',
  ].join('\n');
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const log = o.log ?? (() => undefined);
  const n = o.processes ?? 2;
  const staticDir = path.resolve(o.staticDir ?? path.join(ROOT, 'dist'));
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) throw new Error(`no built front end in ${staticDir}: run npm run build first`);
  if (!fs.existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX}: run scripts/ensure-nginx.sh (or set NGINX_PATH)`);
  fs.mkdirSync(path.join(ROOT, '.cluster'), { recursive: true });
  const dir = path.resolve(o.dir ?? fs.mkdtempSync(path.join(ROOT, '.cluster', 'run-')));
  fs.mkdirSync(dir, { recursive: true });
  // nginx started by root runs its workers as nobody: they must reach the folder's temporary files.
  fs.chmodSync(dir, 0o755);
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, 'tmp', t), { recursive: true });
  precompress(staticDir);
  buildServer();

  const started: { stop(): Promise<unknown> }[] = [];
  try {
    // Redis of its own, nothing on disk.
    let redis: ClusterRedis | undefined;
    if (o.redisUrl === undefined) {
      redis = await startOwnRedis(dir);
      started.push(redis);
      log(`redis-server on ${redis.url}`);
    } else if (o.redisUrl) {
      redis = { url: o.redisUrl, own: false, start: async () => undefined, stop: async () => undefined };
    }

    // The server processes.
    const ports: number[] = [];
    for (let i = 0; i < n; i++) ports.push(await freePort());
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: o.databaseUrl,
      STATIC_DIR: staticDir,
      // nginx on this machine is the one proxy whose forwarded headers are believed.
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      ...(redis ? { REDIS_URL: redis.url } : {}),
      ...o.env,
    };
    if (!redis) delete env.REDIS_URL;
    const processes: ClusterProcess[] = ports.map((port, index) => {
      let child: ChildProcess | undefined;
      let out = '';
      const url = `http://127.0.0.1:${port}`;
      const proc: ClusterProcess = {
        index,
        port,
        url,
        pid: () => child?.pid,
        alive: () => !!child && child.exitCode === null && child.signalCode === null,
        output: () => out,
        async start() {
          child = track(
            spawn(process.execPath, serveCommand(), { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] }),
            (s) => (out = (out + s).slice(-65_536)),
          );
          await waitFor(`server process ${index + 1}`, () => httpOk(`${url}/api/ready`), child, () => out, 90_000);
        },
        stop: (signal = 'SIGTERM') => stopChild(child, signal),
      };
      return proc;
    });
    // The first one migrates (and seeds) the database alone; the others then start together.
    await processes[0].start();
    started.push(processes[0]);
    await Promise.all(processes.slice(1).map((p) => p.start()));
    started.push(...processes.slice(1));
    log(`${n} server process(es) on ports ${ports.join(', ')}`);

    // nginx, from the production site template.
    const port = o.port ?? (await freePort());
    const brotli = fs.existsSync(BROTLI_MODULE);
    const site = renderSite({
      out: path.join(dir, 'portal.conf'),
      root: staticDir,
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
      listen: `127.0.0.1:${port}`,
      serverName: 'localhost',
      brotli,
    });
    const main = path.join(dir, 'nginx.conf');
    fs.writeFileSync(main, nginxMain(dir, site, brotli));
    const test = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', main], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
    let nginxOut = '';
    const nginx = track(spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', main], { stdio: ['ignore', 'pipe', 'pipe'] }), (s) => (nginxOut = (nginxOut + s).slice(-16_384)));
    const url = `http://127.0.0.1:${port}`;
    started.push({ stop: () => stopChild(nginx, 'SIGQUIT', 10_000) });
    await waitFor('nginx', () => httpOk(`${url}/api/health`), nginx, () => nginxOut + readTail(path.join(dir, 'error.log')), 20_000);
    log(`nginx on ${url}${brotli ? '' : ' (without its Brotli module: .gz files only)'}`);

    return {
      url,
      dir,
      processes,
      redis,
      nginxPid: () => nginx.pid,
      async rollingRestart() {
        const codes: (number | null)[] = [];
        for (const p of processes) {
          const started = Date.now();
          codes.push(await p.stop('SIGTERM'));
          log(`server process ${processes.indexOf(p) + 1} stopped in ${Date.now() - started} ms (exit code ${codes.at(-1)})`);
          await p.start();
        }
        return codes;
      },
      async stop() {
        for (const s of started.reverse()) await s.stop();
      },
    };
  } catch (err) {
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    throw err;
  }
}

function readTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-4_000);
  } catch {
    return '';
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: a } = parseArgs({
    options: {
      processes: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      dir: { type: 'string', default: path.join(ROOT, '.cluster', 'local') },
      help: { type: 'boolean', default: false },
    },
  });
  if (a.help) {
    console.log('npm run cluster -- [--processes N] [--port 8080] [--dir .cluster/local]   (after npm run build)');
    process.exit(0);
  }
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const created = await createPostgresDatabase(PG_ADMIN_URL, 'portal_cluster');
    databaseUrl = created.url;
    drop = created.drop;
  }
  fs.rmSync(a.dir!, { recursive: true, force: true });
  const cluster = await startCluster({
    processes: Number(a.processes),
    port: Number(a.port),
    dir: a.dir,
    databaseUrl,
    redisUrl: process.env.REDIS_URL || undefined,
    log: (line) => console.log(line),
  }).catch(async (err) => {
    await drop?.();
    throw err;
  });
  console.log(`\n  Exam portal cluster at ${cluster.url} (Ctrl-C stops it)\n  Database: ${databaseUrl}${drop ? ' (dropped at the end)' : ''}\n`);
  const stop = async () => {
    await cluster.stop();
    await drop?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
