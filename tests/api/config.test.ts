import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { trustProxySetting } from '../../server/app';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.sqliteFile.endsWith('portal.db')).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['LOG_LEVEL', 'loud'],
    ['RECAPTCHA_VERIFY_URL', 'not a url'],
    ['TRUST_PROXY', 'nginx-please'],
    ['TRUST_PROXY', '10.0.0.1, *'],
    ['PUBLIC_URL', 'ftp://exam.example.edu'],
    ['PUBLIC_URL', 'exam.example.edu'],
    ['LOGIN_RATE_PER_MINUTE', '0'],
    ['PASSWORD_CHANGE_RATE_PER_MINUTE', 'many'],
    ['LOGIN_MAX_DELAY_SECONDS', '0'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('reads TRUST_PROXY as off, a hop count, or a list of addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.2, 192.168.0.0/16 ,loopback,::1' }).TRUST_PROXY).toEqual(['10.0.0.2', '192.168.0.0/16', 'loopback', '::1']);
  });

  it('hands Fastify a hop count as a function trusting that many hops (a bare number is ignored by Fastify)', () => {
    expect(trustProxySetting({ TRUST_PROXY: false })).toBe(false);
    expect(trustProxySetting({ TRUST_PROXY: ['10.0.0.2', '192.168.0.0/16'] })).toBe('10.0.0.2,192.168.0.0/16');
    const hops = trustProxySetting({ TRUST_PROXY: 2 });
    expect(typeof hops).toBe('function');
    const trusts = hops as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trusts('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('has per-address limits that let 500 students behind one address through within a minute', () => {
    const config = loadConfig({});
    expect(config.LOGIN_RATE_PER_MINUTE).toBeGreaterThanOrEqual(1000);
    expect(config.PASSWORD_CHANGE_RATE_PER_MINUTE).toBeGreaterThanOrEqual(1000);
    expect(config.EXAM_LINK_RATE_PER_MINUTE).toBeGreaterThanOrEqual(1000);
    expect(config.PUBLIC_URL).toBeUndefined();
  });
});
