import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startPortal, type Portal } from '../../server/start';
import { createTestDatabase, type TestDatabase } from '../support/testDb';
import { dbKind, describeDb } from './helper';

describeDb('unexpected errors', () => {
  let portal: Portal;
  let database: TestDatabase;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    const config = loadConfig({ DEMO_DATA: 'false', ...database.env });
    // Capture the structured log to check that the request id of a 500 is in it.
    const stream = { write: (line: string) => void logged.push(line) };
    portal = await startPortal(config, { level: 'error', stream });
    portal.app.get('/api/test-only/boom', async () => {
      throw new Error('secret internal detail');
    });
  });
  afterAll(async () => {
    await portal.close();
    await database.drop();
  });

  it('answers a 500 with a generic message and a request id that the log carries', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).not.toContain('secret internal detail');
    expect(body.data.requestId).toBeTruthy();
    expect(body.message).toContain(body.data.requestId);
    const entry = logged.map((l) => JSON.parse(l)).find((e) => e.reqId === body.data.requestId || e.requestId === body.data.requestId);
    expect(entry?.err?.message).toBe('secret internal detail');
  });

  it('answers malformed JSON with a 400 in the envelope', async () => {
    const res = await portal.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
