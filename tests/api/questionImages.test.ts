import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp, type TestApp } from './helper';
import { bodies, created, demoTenant, firstSignIn, json, newTenant, type Tenant } from './fixtures';
import { REVIEW_NOTHING } from '../support/review';

/**
 * Question images through the API on both databases: the upload's checks (type by content, size),
 * who is served an image (teachers who may see a question referring to it, its uploader until a
 * question holds it, a student while an attempt whose paper refers to it runs or may be reviewed),
 * and Moodle XML import (all or nothing, images included) and export with the images.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAwAAAAICAIAAABChommAAAAEUlEQVR4nGM4ISdHEDGMKgIAojBhgcEzWZQAAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\x00\x00\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>');
const fixture = (name: string) => fs.readFileSync(path.resolve(__dirname, '../fixtures/moodle-formats', name));

function multipart(fields: Record<string, string | number>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = '----question-images-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeDb('Question images', () => {
  const t = useTestApp();
  let A: Tenant;
  let B: Tenant;
  /** A second teacher of A's department. */
  let colleague: string;

  const db = () => t.portal.database.db;
  const imageCount = async () => Number((await db().selectFrom('question_images').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const postForm = (token: string, url: string, fields: Record<string, string | number>, file?: { name: string; content: Buffer; type?: string }) => {
    const body = multipart(fields, file);
    return t.portal.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  };
  const upload = (token: string, content: Buffer, name = 'picture.png', type = 'image/png') => postForm(token, '/api/question-images', {}, { name, content, type });
  const fetchImage = (token: string, id: number | string) => t.request('GET', `/api/question-images/${id}`, { token });
  const question = async (tenant: Tenant, text: string, optionText = 'Right') =>
    created(
      await t.request('POST', '/api/questions', { token: tenant.tokens.TEACHER, body: { ...bodies.question(tenant), question: text, options: [{ text: optionText, correct: true }, { text: 'Wrong', correct: false }] } }),
      'question',
    );

  beforeAll(async () => {
    const admin = await t.login('admin', 'ADMIN');
    A = await demoTenant(t);
    B = await newTenant(t, admin);
    const body = bodies.teacher(A);
    const teacher = created(await t.request('POST', '/api/teachers', { token: A.tokens['INSTITUTE-HEAD'], body }), 'colleague');
    colleague = await firstSignIn(t, body.username, 'TEACHER', teacher.initialPassword);
  });

  describe('upload', () => {
    it('stores a PNG or GIF checked by its bytes and answers its id and address', async () => {
      const png = await upload(A.tokens.TEACHER, PNG);
      expect(png.statusCode, png.body).toBe(201);
      const { id, url } = json(png).data;
      expect(url).toBe(`/api/question-images/${id}`);
      const row = await db().selectFrom('question_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ content_type: 'image/png', size: PNG.length, question_id: null, department_id: A.department, institute_id: A.institute, created_by: A.who.TEACHER.userId });
      expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Buffer.from(row.bytes).equals(PNG)).toBe(true);
      // The type comes from the bytes, not the name or the claimed type.
      const gif = await upload(A.tokens.TEACHER, GIF, 'not-really.png', 'image/png');
      expect(gif.statusCode, gif.body).toBe(201);
      expect((await db().selectFrom('question_images').select('content_type').where('id', '=', json(gif).data.id).executeTakeFirstOrThrow()).content_type).toBe('image/gif');
    });

    it('refuses SVG, other content named .png, an empty part, a missing file and a file over 1 MB, naming the field and rule, and stores nothing', async () => {
      const before = await imageCount();
      const svg = await upload(A.tokens.TEACHER, SVG, 'logo.svg', 'image/svg+xml');
      expect(svg.statusCode).toBe(400);
      expect(json(svg).data.errors.file).toMatch(/^SVG images are not accepted/);
      const text = await upload(A.tokens.TEACHER, Buffer.from('just text, named like a picture'), 'photo.png');
      expect(text.statusCode).toBe(400);
      expect(json(text).data.errors.file).toBe('Only PNG, JPEG, GIF and WebP images are accepted (checked by the file content)');
      const empty = await upload(A.tokens.TEACHER, Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(json(empty).data.errors.file).toBe('The image is empty');
      const missing = await postForm(A.tokens.TEACHER, '/api/question-images', { note: 'no file' });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).data.errors.file).toMatch(/^Choose an image file/);
      const big = await upload(A.tokens.TEACHER, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
      expect(big.statusCode).toBe(413);
      expect(json(big).data.errors.file).toBe('An image may be at most 1 MB (1,048,576 bytes)');
      expect(await imageCount()).toBe(before);
    });

    it('is for teachers only', async () => {
      for (const role of ['STUDENT', 'DEPARTMENT-HEAD', 'INSTITUTE-HEAD'] as const) expect((await upload(A.tokens[role], PNG)).statusCode, role).toBe(403);
      expect((await t.request('POST', '/api/question-images')).statusCode).toBe(405);
    });
  });

  describe('serving', () => {
    let image: number;
    let questionId: number;
    /** B's question that refers to A's image. */
    let copied: number;

    it('serves the uploader until a question holds the image, with its type, privately and never sniffed', async () => {
      image = json(await upload(A.tokens.TEACHER, PNG)).data.id;
      const res = await fetchImage(A.tokens.TEACHER, image);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PNG)).toBe(true);
      // A colleague sees no question with it yet; another institute, heads and students never.
      expect((await fetchImage(colleague, image)).statusCode).toBe(404);
      expect((await fetchImage(B.tokens.TEACHER, image)).statusCode).toBe(404);
      expect((await fetchImage(A.tokens['DEPARTMENT-HEAD'], image)).statusCode).toBe(404);
      expect((await fetchImage(A.tokens.STUDENT, image)).statusCode).toBe(404);
      expect((await t.request('GET', `/api/question-images/${image}`)).statusCode).toBe(405);
    });

    it('serves the teachers of the department once a saved question refers to it; the question holds it', async () => {
      questionId = (await question(A, `Which colour?\n\n![a flag](/api/question-images/${image})`)).id;
      expect((await db().selectFrom('question_images').select('question_id').where('id', '=', image).executeTakeFirstOrThrow()).question_id).toBe(questionId);
      expect((await fetchImage(colleague, image)).statusCode).toBe(200);
      expect((await fetchImage(A.tokens.TEACHER, image)).statusCode).toBe(200);
      expect((await fetchImage(B.tokens.TEACHER, image)).statusCode).toBe(404);
      // Another department's teacher cannot take it over by referring to it in a question of theirs...
      copied = (await question(B, `Copied ![x](/api/question-images/${image})`)).id;
      expect((await db().selectFrom('question_images').select('question_id').where('id', '=', image).executeTakeFirstOrThrow()).question_id).toBe(questionId);
      // Nor read it: image ids can be guessed, so a reference from another department opens nothing.
      expect((await fetchImage(B.tokens.TEACHER, image)).statusCode).toBe(404);
    });

    it('an image in an option is served to the teachers too; unknown and malformed ids are 404', async () => {
      const inOption = json(await upload(A.tokens.TEACHER, GIF)).data.id;
      await question(A, 'Which picture is a GIF?', `This ![one](/api/question-images/${inOption})`);
      expect((await fetchImage(colleague, inOption)).statusCode).toBe(200);
      for (const id of ['99999999', 'abc', '0', '1e3']) expect((await fetchImage(A.tokens.TEACHER, id)).statusCode, id).toBe(404);
    });

    it('serves a student while their running attempt refers to it, and after it only while the review shows the attempt', async () => {
      const noReview = created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body: bodies.openQuiz(A, { questions: [questionId], review: REVIEW_NOTHING }) }), 'quiz').id;
      expect((await fetchImage(A.tokens.STUDENT, image)).statusCode).toBe(404);
      const start = await t.request('POST', `/api/student/quizzes/${noReview}/attempts`, { token: A.tokens.STUDENT });
      expect([200, 201], start.body).toContain(start.statusCode);
      const res = await fetchImage(A.tokens.STUDENT, image);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect((await fetchImage(B.tokens.STUDENT, image)).statusCode).toBe(404);
      expect((await t.request('POST', `/api/student/attempts/${json(start).data.id}/submit`, { token: A.tokens.STUDENT })).statusCode).toBe(200);
      expect((await fetchImage(A.tokens.STUDENT, image)).statusCode).toBe(404);

      const review = created(await t.request('POST', '/api/quizzes', { token: A.tokens.TEACHER, body: bodies.openQuiz(A, { questions: [questionId] }) }), 'quiz').id;
      const again = await t.request('POST', `/api/student/quizzes/${review}/attempts`, { token: A.tokens.STUDENT });
      expect((await t.request('POST', `/api/student/attempts/${json(again).data.id}/submit`, { token: A.tokens.STUDENT })).statusCode).toBe(200);
      expect((await fetchImage(A.tokens.STUDENT, image)).statusCode).toBe(200);

      // B's students taking B's quiz with B's question that refers to A's image do not get it.
      const other = created(await t.request('POST', '/api/quizzes', { token: B.tokens.TEACHER, body: bodies.openQuiz(B, { questions: [copied] }) }), 'quiz B').id;
      expect((await t.request('POST', `/api/student/quizzes/${other}/attempts`, { token: B.tokens.STUDENT })).statusCode).toBe(201);
      expect((await fetchImage(B.tokens.STUDENT, image)).statusCode).toBe(404);
    });
  });

  describe('Moodle XML', () => {
    let module: number;
    beforeAll(async () => {
      module = created(await t.request('POST', '/api/modules', { token: A.tokens.TEACHER, body: bodies.module(A) }), 'module').id;
    });

    it('previews the image count, imports the question with its image in one transaction, exports it and imports it back', async () => {
      const file = { name: 'image-and-matching.xml', content: fixture('image-and-matching.xml') };
      const before = await imageCount();
      const preview = await postForm(A.tokens.TEACHER, '/api/questions/import/preview', { subject: A.subject, module }, file);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(json(preview).data).toMatchObject({ images: 1, refusals: [] });
      expect(json(preview).data.questions.map((q: any) => [q.name, q.images])).toEqual([['Red flag', 1], ['Flag colours', 0]]);
      expect(json(preview).message).toBe('2 questions (1 image) can be imported');
      expect(await imageCount()).toBe(before);

      const imported = await postForm(A.tokens.TEACHER, '/api/questions/import', { subject: A.subject, module }, file);
      expect(imported.statusCode, imported.body).toBe(201);
      expect(json(imported).data).toMatchObject({ imported: 2, images: 1 });
      const [flagId] = json(imported).data.ids as number[];
      const flag = json(await t.request('GET', `/api/questions/${flagId}`, { token: A.tokens.TEACHER })).data;
      const [, id] = /^Which colour is this flag\?\n!\[A red flag\]\(\/api\/question-images\/(\d+)\)$/.exec(flag.question) ?? [];
      expect(id, flag.question).toBeDefined();
      const row = await db().selectFrom('question_images').select(['question_id', 'content_type']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
      expect(row).toEqual({ question_id: flagId, content_type: 'image/png' });
      const served = await fetchImage(colleague, id);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const exported = await t.request('GET', `/api/questions/export?format=xml&ids=${encodeURIComponent(JSON.stringify([flagId]))}`, { token: A.tokens.TEACHER });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain(`![A red flag](@@PLUGINFILE@@/image-${id}.png)`);
      expect(exported.body).toContain(`<file name="image-${id}.png" path="/" encoding="base64">${PNG.toString('base64')}</file>`);
      const back = await postForm(A.tokens.TEACHER, '/api/questions/import', { subject: A.subject, module }, { name: 'export.xml', content: Buffer.from(exported.body) });
      expect(back.statusCode, back.body).toBe(201);
      expect(json(back).data).toMatchObject({ imported: 1, images: 1 });
      const copy = json(await t.request('GET', `/api/questions/${json(back).data.ids[0]}`, { token: A.tokens.TEACHER })).data;
      const [, copyId] = /\/api\/question-images\/(\d+)\)$/.exec(copy.question) ?? [];
      expect(Number(copyId)).not.toBe(Number(id));
      expect(copy.question.replace(copyId, id)).toBe(flag.question);
      expect((await fetchImage(A.tokens.TEACHER, copyId)).rawPayload.equals(PNG)).toBe(true);
    });

    it('refuses an SVG with its line and reason, and stores no question and no image when any question is refused', async () => {
      const svgQuestion = `<question type="truefalse"><name><text>Vector</text></name><questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/v.svg">]]></text><file name="v.svg" encoding="base64">${SVG.toString('base64')}</file></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`;
      const xml = fixture('image-and-matching.xml').toString('utf8').replace('</quiz>', `${svgQuestion}\n</quiz>`);
      const questionsBefore = Number((await db().selectFrom('questions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const imagesBefore = await imageCount();
      const res = await postForm(A.tokens.TEACHER, '/api/questions/import', { subject: A.subject, module }, { name: 'mixed.xml', content: Buffer.from(xml) });
      expect(res.statusCode).toBe(400);
      const line = xml.split('\n').findIndex((l) => l.includes('<question type="truefalse">')) + 1;
      expect(json(res).data.rows).toEqual([{ row: line, field: 'question', message: expect.stringMatching(/^Question 3 "Vector": the embedded file "v\.svg" cannot be imported: SVG images are not accepted/) }]);
      expect(Number((await db().selectFrom('questions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(questionsBefore);
      expect(await imageCount()).toBe(imagesBefore);
    });
  });
});
