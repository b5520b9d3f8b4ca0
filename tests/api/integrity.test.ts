import { createHash } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { configKeyOfPlist, parsePlist } from '../../server/integrity/sebConfigKey';
import { SAVE_GRACE_MS } from '../../server/exam/attempts';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, json, newTenant, type Tenant } from './fixtures';

/**
 * Exam integrity: Safe Exam Browser enforced by the server, the attempt's integrity events,
 * camera consent and waivers, and the integrity views for the quiz's teacher and heads.
 */

const SEB_MESSAGE = 'This quiz must be taken in Safe Exam Browser with the configuration from your teacher';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Headers = Record<string, string>;

describeDb('exam integrity', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let A: Tenant;
  let B: Tenant;

  beforeAll(async () => {
    A = await demoTenant(t);
    B = await newTenant(t, await t.login('admin', 'ADMIN'));
  });

  const makeQuiz = async (overrides: Record<string, unknown>) =>
    created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body: bodies.openQuiz(A, overrides) }), 'quiz').id as number;
  const sebQuiz = (overrides: Record<string, unknown> = {}) => makeQuiz({ options: { face_detection: false, safe_exam_browser: true, guest_flag: false, negative_marking: false }, ...overrides });

  /** The quiz's .seb file as the teacher downloads it, its Config Key and the portal address in its startURL. */
  async function download(quizId: number) {
    const res = await t.request('GET', `/api/quizzes/${quizId}/seb`, { token: A.tokens.TEACHER });
    expect(res.statusCode, res.body).toBe(200);
    const xml = res.body;
    const start = xml.match(/<key>startURL<\/key>\s*<string>([^<]+)<\/string>/)![1];
    return { res, xml, key: configKeyOfPlist(xml), base: new URL(start).origin };
  }

  /** SEB's header for a request to `url` (path and query) under a configuration with `key`. */
  const sebHeader = (base: string, url: string, key: string): Headers => ({ 'x-safeexambrowser-configkeyhash': sha256(`${base}${url}${key}`) });

  const student = (method: string, url: string, headers: Headers = {}, body?: unknown, who: Tenant = A) => t.request(method, url, { token: who.tokens.STUDENT, headers, body });

  it('serves the .seb file to the teacher and the student alike, with the key kept with the quiz', async () => {
    const quizId = await sebQuiz({ seb_quit_password: 'let-me-out' });
    const { res, xml, key, base } = await download(quizId);
    expect(res.headers['content-type']).toBe('application/seb');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.seb"$/);
    const stored = await db().selectFrom('quizzes').select(['seb_config_key', 'seb_quit_password_hash']).where('id', '=', quizId).executeTakeFirstOrThrow();
    expect(stored.seb_config_key).toBe(key);
    expect(stored.seb_quit_password_hash).toBe(sha256('let-me-out'));

    const config = parsePlist(xml);
    expect(config.type).toBe('dict');
    const entries = new Map(config.type === 'dict' ? config.entries : []);
    expect(entries.get('startURL')).toEqual({ type: 'string', value: `${base}/student/availableQuiz/instruction/${quizId}` });
    expect(entries.get('sendBrowserExamKey')).toEqual({ type: 'bool', value: true });
    expect(entries.get('hashedQuitPassword')).toEqual({ type: 'string', value: sha256('let-me-out') });
    expect(entries.get('URLFilterEnable')).toEqual({ type: 'bool', value: true });
    expect(xml).not.toContain('let-me-out');

    const own = await student('GET', `/api/student/quizzes/${quizId}/seb`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toBe(xml);
    expect((await student('GET', `/api/student/quizzes/${quizId}/seb`, {}, undefined, B)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/quizzes/${quizId}/seb`, { token: B.tokens.TEACHER })).statusCode).toBe(404);

    // The record never carries the password or its hash.
    const record = await t.request('GET', `/api/quizzes/${quizId}`, { token: A.tokens.TEACHER });
    expect(record.body).not.toContain('let-me-out');
    expect(record.body).not.toContain(sha256('let-me-out'));
  });

  it('changes the Config Key when the quit password changes', async () => {
    const quizId = await sebQuiz({ seb_quit_password: 'first' });
    const before = (await download(quizId)).key;
    const quiz = json(await t.request('GET', `/api/quizzes/${quizId}`, { token: A.tokens.TEACHER })).data;
    const { id: _id, ...rest } = quiz;
    const put = await t.request('PUT', `/api/quizzes/${quizId}`, { token: A.tokens.TEACHER, body: { ...rest, seb_quit_password: 'second' } });
    expect(put.statusCode, put.body).toBe(200);
    const after = (await download(quizId)).key;
    expect(after).not.toBe(before);
    // Left out, the password stays as it was.
    const again = await t.request('PUT', `/api/quizzes/${quizId}`, { token: A.tokens.TEACHER, body: { ...rest, name: `${rest.name} (renamed)` } });
    expect(again.statusCode, again.body).toBe(200);
    expect((await download(quizId)).key).toBe(after);
  });

  it('refuses every exam call of a SEB quiz without proof, with a wrong key and with another quiz’s key, and accepts the right one', async () => {
    const quizId = await sebQuiz({ seb_quit_password: 'one' });
    const otherId = await sebQuiz({ seb_quit_password: 'two' });
    const { key, base } = await download(quizId);
    const otherKey = (await download(otherId)).key;
    expect(otherKey).not.toBe(key);

    const refusedEach = async (method: string, url: string, body?: unknown) => {
      for (const headers of [{}, sebHeader(base, url, 'f'.repeat(64)), sebHeader(base, url, otherKey), sebHeader(base, `${url}?x=1`, key)]) {
        const res = await student(method, url, headers, body);
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(json(res).message).toBe(SEB_MESSAGE);
      }
    };
    const accepted = async (method: string, url: string, body?: unknown) => {
      const res = await student(method, url, sebHeader(base, url, key), body);
      expect([200, 201], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      return json(res).data;
    };

    const instructions = `/api/student/quizzes/${quizId}`;
    await refusedEach('GET', instructions);
    const refusal = json(await student('GET', instructions));
    expect(refusal.data.sebLink).toMatch(/^seb:\/\/.+\/api\/student\/quizzes\/\d+\/seb\?key=[0-9a-f]{64}$/);
    // The link's key lets SEB download the file without a session.
    const viaLink = await t.request('GET', refusal.data.sebDownloadUrl.replace(/^https?:\/\/[^/]+/, ''));
    expect(viaLink.statusCode).toBe(200);
    expect(configKeyOfPlist(viaLink.body)).toBe(key);
    expect((await t.request('GET', `/api/student/quizzes/${quizId}/seb?key=${'0'.repeat(64)}`)).statusCode).toBe(404);

    expect((await accepted('GET', instructions)).integrity.sebRequired).toBe(true);
    // The query string is part of the hashed URL.
    await accepted('GET', `${instructions}?from=list`);

    const start = `/api/student/quizzes/${quizId}/attempts`;
    await refusedEach('POST', start);
    const attemptId = (await accepted('POST', start)).id as number;
    const paperUrl = `/api/student/attempts/${attemptId}`;
    await refusedEach('GET', paperUrl);
    const paper = await accepted('GET', paperUrl);
    const question = paper.questions[0];
    const save = `/api/student/attempts/${attemptId}/answers/${question.id}`;
    const answer = { response: question.options[0].id, seq: 1 };
    await refusedEach('PUT', save, answer);
    await accepted('PUT', save, answer);
    const events = `/api/student/attempts/${attemptId}/events`;
    const batch = { events: [{ id: 'e-seb-1', type: 'tab-hidden', at: Date.now(), durationMs: 1000 }] };
    await refusedEach('POST', events, batch);
    expect((await accepted('POST', events, batch)).stored).toBe(1);

    // SEB's JavaScript API hashes the page's URL, which must be on the portal's own address.
    const page = `${base}/student/availableQuiz/instruction/${quizId}`;
    const js = { 'x-seb-page-url': page, 'x-seb-config-key': sha256(page + key) };
    expect((await student('GET', paperUrl, js)).statusCode).toBe(200);
    const foreign = 'https://elsewhere.example/student/availableQuiz/instruction/1';
    expect((await student('GET', paperUrl, { 'x-seb-page-url': foreign, 'x-seb-config-key': sha256(foreign + key) })).statusCode).toBe(403);

    const submit = `/api/student/attempts/${attemptId}/submit`;
    await refusedEach('POST', submit);
    expect((await accepted('POST', submit)).status).toBe('submitted');

    // The refusals on the attempt are on its timeline; the start proved SEB.
    const timeline = json(await t.request('GET', `/api/quizzes/${quizId}/attempts/${attemptId}/events`, { token: A.tokens.TEACHER })).data;
    expect(timeline.events.some((e: { type: string }) => e.type === 'seb-refused')).toBe(true);
    expect(timeline.attempt.sebVerifiedAt).toEqual(expect.any(Number));
  });

  it('checks the Browser Exam Key when the teacher lists the allowed builds', async () => {
    const bek = sha256('college SEB build');
    const quizId = await sebQuiz({ seb_browser_exam_keys: [bek.toUpperCase()] });
    const { key, base } = await download(quizId);
    const url = `/api/student/quizzes/${quizId}`;
    expect((await student('GET', url, sebHeader(base, url, key))).statusCode).toBe(403);
    const withBuild = { ...sebHeader(base, url, key), 'x-safeexambrowser-requesthash': sha256(`${base}${url}${bek}`) };
    expect((await student('GET', url, withBuild)).statusCode).toBe(200);
    const otherBuild = { ...sebHeader(base, url, key), 'x-safeexambrowser-requesthash': sha256(`${base}${url}${sha256('other')}`) };
    expect((await student('GET', url, otherBuild)).statusCode).toBe(403);
    const bad = await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body: bodies.openQuiz(A, { seb_browser_exam_keys: ['not-a-key'] }) });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(json(bad).data.errors)).toContain('A Browser Exam Key is 64 hexadecimal characters');
  });

  it('lets a quiz without the option be taken in any browser', async () => {
    const quizId = await makeQuiz({});
    expect((await student('GET', `/api/student/quizzes/${quizId}`)).statusCode).toBe(200);
    expect((await t.request('GET', `/api/quizzes/${quizId}/seb`, { token: A.tokens.TEACHER })).statusCode).toBe(409);
  });

  describeEvents();

  function describeEvents() {
    let quizId: number;
    let attemptId: number;
    const post = (body: unknown, who: Tenant = A, id = attemptId) => student('POST', `/api/student/attempts/${id}/events`, {}, body, who);
    const count = async () => Number((await db().selectFrom('integrity_events').select((eb) => eb.fn.countAll().as('n')).where('attempt_id', '=', attemptId).executeTakeFirstOrThrow()).n);

    it('records events idempotently by id and refuses bad or oversized batches whole', async () => {
      quizId = await makeQuiz({});
      attemptId = json(await student('POST', `/api/student/quizzes/${quizId}/attempts`)).data.id;
      const now = Date.now();
      const batch = {
        events: [
          { id: 'a1', type: 'tab-hidden', at: now - 20_000, durationMs: 8_000 },
          { id: 'a2', type: 'window-blur', at: now - 19_000, durationMs: 9_000 },
          { id: 'a3', type: 'copy', at: now - 5_000 },
          { id: 'a4', type: 'no-face', at: now - 4_000, durationMs: 6_000, faces: 0 },
        ],
      };
      const first = await post(batch);
      expect(first.statusCode, first.body).toBe(200);
      expect(json(first).data).toMatchObject({ stored: 4, duplicates: 0, total: 4 });
      const again = await post(batch);
      expect(json(again).data).toMatchObject({ stored: 0, duplicates: 4, total: 4 });
      expect(await count()).toBe(4);

      const badType = await post({ events: [{ id: 'b1', type: 'screenshot', at: now }] });
      expect(badType.statusCode).toBe(400);
      expect(JSON.stringify(json(badType).data.errors)).toContain('type must be one of');
      const tooMany = await post({ events: Array.from({ length: 201 }, (_, i) => ({ id: `big-${i}`, type: 'copy', at: now })) });
      expect([400, 413]).toContain(tooMany.statusCode);
      const farAway = await post({ events: [{ id: 'c1', type: 'copy', at: now + 3_600_000 }] });
      expect(farAway.statusCode).toBe(400);
      expect(await count()).toBe(4);
    });

    it('keeps at most 5,000 events an attempt', async () => {
      const now = Date.now();
      const rows = Array.from({ length: 4995 }, (_, i) => ({ attempt_id: attemptId, client_id: `bulk-${i}`, type: 'copy', at: now, duration_ms: null, detail: null, received_at: now }));
      for (let i = 0; i < rows.length; i += 500) await db().insertInto('integrity_events').values(rows.slice(i, i + 500)).execute();
      expect(await count()).toBe(4999);
      const over = await post({ events: [{ id: 'last-1', type: 'paste', at: now }, { id: 'last-2', type: 'paste', at: now }] });
      expect(over.statusCode).toBe(413);
      expect(await count()).toBe(4999);
      expect((await post({ events: [{ id: 'last-1', type: 'paste', at: now }] })).statusCode).toBe(200);
      expect(await count()).toBe(5000);
      await db().deleteFrom('integrity_events').where('attempt_id', '=', attemptId).where('client_id', 'like', 'bulk-%').execute();
    });

    it('takes events only from the attempt’s own student and only until the deadline and its grace', async () => {
      const now = Date.now();
      expect((await post({ events: [{ id: 'x1', type: 'copy', at: now }] }, B)).statusCode).toBe(404);
      const late = json(await student('POST', `/api/student/quizzes/${await makeQuiz({})}/attempts`)).data.id as number;
      await db().updateTable('attempts').set({ deadline: now - SAVE_GRACE_MS - 1000 }).where('id', '=', late).execute();
      const refused = await post({ events: [{ id: 'late-1', type: 'copy', at: now - 10_000 }] }, A, late);
      expect(refused.statusCode).toBe(409);
      expect(Number((await db().selectFrom('integrity_events').select((eb) => eb.fn.countAll().as('n')).where('attempt_id', '=', late).executeTakeFirstOrThrow()).n)).toBe(0);
    });

    it('shows the quiz’s teacher and heads the integrity table, the timeline and the export, and no one else', async () => {
      const table = await t.request('GET', `/api/quizzes/${quizId}/integrity?sort=awayMs&order=desc`, { token: A.tokens.TEACHER });
      expect(table.statusCode, table.body).toBe(200);
      const row = json(table).data.rows.find((r: { attemptId: number }) => r.attemptId === attemptId);
      expect(row.counts['tab-hidden']).toBe(1);
      expect(row.counts.copy).toBe(1);
      expect(row.counts.paste).toBe(1);
      // The blur (9 s) and the hidden tab (8 s) overlap: 10 s away in all.
      expect(row.awayMs).toBe(10_000);
      expect(row.noFaceMs).toBe(6_000);
      expect(row.flagged).toBe(false);
      const flaggedOnly = json(await t.request('GET', `/api/quizzes/${quizId}/integrity?flagged=true`, { token: A.tokens.TEACHER })).data.rows;
      expect(flaggedOnly).toEqual([]);

      const timeline = await t.request('GET', `/api/quizzes/${quizId}/attempts/${attemptId}/events`, { token: A.tokens['DEPARTMENT-HEAD'] });
      expect(timeline.statusCode, timeline.body).toBe(200);
      expect(json(timeline).data.events.map((e: { id: string }) => e.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'last-1']);
      expect(json(timeline).data.events[3].detail).toEqual({ faces: 0 });
      expect((await t.request('GET', `/api/quizzes/${quizId}/integrity`, { token: A.tokens['INSTITUTE-HEAD'] })).statusCode).toBe(200);

      for (const role of ['TEACHER', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'] as const) {
        expect((await t.request('GET', `/api/quizzes/${quizId}/integrity`, { token: B.tokens[role] })).statusCode, role).toBe(404);
        expect((await t.request('GET', `/api/quizzes/${quizId}/attempts/${attemptId}/events`, { token: B.tokens[role] })).statusCode, role).toBe(404);
      }
      expect((await t.request('GET', `/api/quizzes/${quizId}/integrity`, { token: A.tokens.STUDENT })).statusCode).toBe(403);
      expect((await t.request('GET', `/api/quizzes/${quizId}/attempts/${attemptId}/events`, { token: A.tokens.STUDENT })).statusCode).toBe(403);

      const csv = await t.request('GET', `/api/quizzes/${quizId}/integrity/export?format=csv`, { token: A.tokens.TEACHER });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\n')[0]).toBe('fullname,username,attemptId,type,at,durationMs,detail,eventId');
      expect(csv.body).toContain(',tab-hidden,');
      const xlsx = await t.request('GET', `/api/quizzes/${quizId}/integrity/export?format=xlsx`, { token: A.tokens.TEACHER });
      expect(xlsx.statusCode).toBe(200);
      const sheet = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
      expect(rows.length).toBe(1 + 5);
      expect((await t.request('GET', `/api/quizzes/${quizId}/integrity/export`, { token: B.tokens.TEACHER })).statusCode).toBe(404);
    });

    it('flags an attempt above the quiz’s thresholds', async () => {
      const strict = await makeQuiz({ integrity_thresholds: { away_seconds: 5, events: 100, no_face_seconds: 5, multiple_faces_seconds: 3 } });
      const id = json(await student('POST', `/api/student/quizzes/${strict}/attempts`)).data.id as number;
      expect((await post({ events: [{ id: 'h1', type: 'tab-hidden', at: Date.now() - 10_000, durationMs: 6_000 }] }, A, id)).statusCode).toBe(200);
      const rows = json(await t.request('GET', `/api/quizzes/${strict}/integrity?flagged=true`, { token: A.tokens.TEACHER })).data.rows;
      expect(rows.map((r: { attemptId: number }) => r.attemptId)).toEqual([id]);
      expect(rows[0].flagReasons[0]).toContain('away 6 s');
    });
  }

  it('starts a face-detection quiz only with the camera consent or the teacher’s waiver, and records which', async () => {
    const face = { face_detection: true, safe_exam_browser: false, guest_flag: false, negative_marking: false };
    const consentQuiz = await makeQuiz({ options: face });
    const refused = await student('POST', `/api/student/quizzes/${consentQuiz}/attempts`);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).data.errors.cameraConsent).toBeTruthy();
    const started = await student('POST', `/api/student/quizzes/${consentQuiz}/attempts`, {}, { cameraConsent: true });
    expect([200, 201], started.body).toContain(started.statusCode);

    const waivedQuiz = await makeQuiz({ options: face });
    expect((await t.request('PUT', `/api/quizzes/${waivedQuiz}/camera-waivers/${A.who.STUDENT.userId}`, { token: B.tokens.TEACHER })).statusCode).toBe(404);
    expect((await t.request('PUT', `/api/quizzes/${waivedQuiz}/camera-waivers/${B.who.STUDENT.userId}`, { token: A.tokens.TEACHER })).statusCode).toBe(404);
    const waiver = await t.request('PUT', `/api/quizzes/${waivedQuiz}/camera-waivers/${A.who.STUDENT.userId}`, { token: A.tokens.TEACHER });
    expect(waiver.statusCode, waiver.body).toBe(200);
    expect(json(await student('GET', `/api/student/quizzes/${waivedQuiz}`)).data.integrity.cameraWaived).toBe(true);
    expect((await student('POST', `/api/student/quizzes/${waivedQuiz}/attempts`)).statusCode).toBe(201);

    const camera = async (quizId: number) => json(await t.request('GET', `/api/quizzes/${quizId}/integrity`, { token: A.tokens.TEACHER })).data.rows[0].camera;
    expect(await camera(consentQuiz)).toBe('consented');
    expect(await camera(waivedQuiz)).toBe('waived');
  });
});
