// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { QUICK_START_FLAG, publicUrlNotice, quickStartEnv } from '../../../server/quickStart';

describe('quick start and PUBLIC_URL', () => {
  it('npm start passes the quick-start flag to the server', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain(QUICK_START_FLAG);
    expect(pkg.scripts.serve).not.toContain(QUICK_START_FLAG);
  });

  it('points links in mail at this machine in the quick start only', () => {
    expect(loadConfig(quickStartEnv({}, [QUICK_START_FLAG])).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig(quickStartEnv({ PORT: '8080' }, [QUICK_START_FLAG])).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig(quickStartEnv({ PUBLIC_URL: 'https://exam.example.edu' }, [QUICK_START_FLAG])).PUBLIC_URL).toBe('https://exam.example.edu');
    expect(loadConfig(quickStartEnv({}, [])).PUBLIC_URL).toBeUndefined();
  });

  it('says at start-up where links in mail point, or which variable to set', () => {
    expect(publicUrlNotice({ PUBLIC_URL: 'http://localhost:3000' })).toContain('http://localhost:3000');
    expect(publicUrlNotice({ PUBLIC_URL: undefined })).toMatch(/PUBLIC_URL is not set: password reset mails are refused/);
  });
});
