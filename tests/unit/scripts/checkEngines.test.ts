// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-engines.mjs');
const dirs: string[] = [];

function run(args: string[]) {
  const res = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

/** A project folder with this package.json engines and these lock entries. */
function project(engines: unknown, packages: Record<string, object>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-engines-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', engines }));
  const root = { name: 'p', dependencies: { katex: '0.19.1', vite: '8.3.8', old: '1.0.0' } };
  fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': root, ...packages } }));
  return dir;
}

const tree = {
  'node_modules/katex': { version: '0.19.1', dependencies: { commander: '^15.0.0' } },
  'node_modules/commander': { version: '15.1.0', engines: { node: '>=22.12.0' } },
  'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
  'node_modules/old': { version: '1.0.0', engines: ['node >= 0.4'], dependencies: { cookie: '^1' } },
  'node_modules/old/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
  'node_modules/cookie': { version: '1.1.1', engines: { node: '>=18' } },
};

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('scripts/check-engines.mjs', () => {
  it("accepts this project's package-lock.json on its minimum Node.js and on the running one", () => {
    const res = run([]);
    expect(res.out).toContain('all accept Node.js 20.19.0');
    expect(res.status).toBe(0);
  });

  it('names each package whose engines.node excludes the minimum, with its version, range and dependants', () => {
    const res = run(['--dir', project({ node: '>=20.19.0' }, tree), '--node', '20.19.0']);
    expect(res.status).toBe(1);
    expect(res.out).toContain('commander@15.1.0 requires node ">=22.12.0", which excludes Node.js 20.19.0');
    expect(res.out).toContain('required by katex@0.19.1');
    // Nested copies are found and attributed to the package that resolves to them.
    expect(res.out).toContain('cookie@2.0.2 requires node ">=22"');
    expect(res.out).toContain('node_modules/old/node_modules/cookie; required by old@1.0.0');
    // A range that includes the minimum passes; an old array `engines` is ignored, as npm does.
    expect(res.out).not.toMatch(/vite@|cookie@1\.1\.1|old@1\.0\.0 requires/);
  });

  it("checks the lowest version of the project's range, not only the running Node.js", () => {
    const packages = { 'node_modules/vite': tree['node_modules/vite'] };
    const res = run(['--dir', project({ node: '>=20' }, packages)]);
    expect(res.status).toBe(1);
    expect(res.out).toContain('vite@8.3.8 requires node "^20.19.0 || >=22.12.0", which excludes Node.js 20.0.0');
    expect(run(['--dir', project({ node: '>=20.19.0' }, packages)]).status).toBe(0);
  });

  it('checks a version given with --node, and refuses one outside the project range', () => {
    const packages = { 'node_modules/vite': tree['node_modules/vite'] };
    const dir = project({ node: '>=20.19.0' }, packages);
    expect(run(['--dir', dir, '--node', '22.0.0']).out).toContain('excludes Node.js 22.0.0');
    expect(run(['--dir', dir, '--node', '18.20.4']).out).toContain('Node.js 18.20.4 is outside this project\'s engines.node ">=20.19.0"');
  });

  it('fails when package.json declares no engines.node range', () => {
    const res = run(['--dir', project(undefined, {})]);
    expect(res.status).toBe(1);
    expect(res.out).toContain('package.json: engines.node must be a version range such as ">=20.19.0" (found undefined)');
  });
});
