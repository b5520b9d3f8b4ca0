// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('deploy/ files agree with the project', () => {
  it("starts each systemd instance exactly as package.json's serve script does", () => {
    const serve = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.serve;
    const unit = fs.readFileSync('deploy/systemd/portal@.service', 'utf8');
    const execStart = /^ExecStart=(\S+) (.+)$/m.exec(unit);
    expect(execStart?.[1]).toBe('/usr/bin/node');
    expect(`node ${execStart?.[2]}`).toBe(serve);
  });

  it('names in the environment example only variables the server reads', async () => {
    const { loadConfig } = await import('../../../server/config');
    const example = fs.readFileSync('deploy/portal.env.example', 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(Object.keys(env)).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY']));
    const config = loadConfig(env);
    for (const key of Object.keys(env)) expect(config, key).toHaveProperty(key);
    expect(config.TRUST_PROXY).toEqual(['127.0.0.1']);
  });
});
