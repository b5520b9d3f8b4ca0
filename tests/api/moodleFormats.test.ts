import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeDb, useTestApp, type TestApp } from './helper';
import { created } from './fixtures';

/**
 * Moodle's own format fixtures (tests/fixtures/moodle-formats) through the API: the preview lists
 * every question and every refusal without storing anything; the import stores the good ones (all
 * or nothing, or the good ones after a preview) in one transaction; export as GIFT and Moodle XML and
 * import again gives the same questions, weights and feedback.
 */
const fixture = (name: string) => fs.readFileSync(path.resolve(__dirname, '../fixtures/moodle-formats', name));

function multipart(fields: Record<string, string | number>, file: { name: string; content: Buffer }) {
  const boundary = '----moodle-formats-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (t: TestApp, token: string, url: string, fields: Record<string, string | number>, file: { name: string; content: Buffer }) => {
  const body = multipart(fields, file);
  return t.portal.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
};

const count = async (t: TestApp) => Number((await t.portal.database.db.selectFrom('questions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** What must survive a round trip: the type, text, name, category, tags, weights and every feedback. */
function keyOf(q: Record<string, any>) {
  return {
    type: q.type,
    question: q.question,
    name: q.name ?? null,
    category: q.category ?? null,
    general_feedback: q.general_feedback ?? null,
    combined_feedback: [q.correct_feedback ?? null, q.partially_correct_feedback ?? null, q.incorrect_feedback ?? null],
    options: q.options ? q.options.map((o: any) => ({ text: o.text, weight: o.weight, feedback: o.feedback ?? null })) : null,
    correct_bool: q.correct_bool ?? null,
    true_feedback: q.true_feedback ?? null,
    false_feedback: q.false_feedback ?? null,
    short_answers: q.short_answers ?? null,
    case_sensitive: q.type === 'short_answer' ? Boolean(q.case_sensitive) : null,
    numeric_answers: q.numeric_answers ?? null,
    match_pairs: q.match_pairs ? q.match_pairs.map((p: any) => ({ question: p.question, answer: p.answer })) : null,
    marks: q.marks,
  };
}

describeDb('Moodle formats through the API', () => {
  const t = useTestApp();
  let teacher: string;
  let subject: number;
  let module: number;

  const listed = async (ids: number[]) => {
    const res = await t.request('GET', `/api/questions?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}&range=[0,999]`, { token: teacher });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Record<string, any>[]).sort((a, b) => a.id - b.id);
  };

  beforeAll(async () => {
    teacher = await t.login('teacher', 'TEACHER');
    subject = (await t.portal.database.db.selectFrom('subjects').select('id').where('code', '=', 'CS201').executeTakeFirstOrThrow()).id;
    module = created(await t.request('POST', '/api/modules', { token: teacher, body: { course_outcome_name: 'Moodle bank', subject_id: subject } }), 'module').id;
  });

  it('previews a file without storing anything: every question with what it becomes, every refusal with its line and reason', async () => {
    const before = await count(t);
    const res = await post(t, teacher, '/api/questions/import/preview', { subject, module }, { name: 'questions.gift.txt', content: fixture('questions.gift.txt') });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.format).toBe('gift');
    expect(data.rowsAre).toBe('lines');
    expect(data.questions.map((q: any) => [q.line, q.name, q.question.type])).toEqual([
      [2, 'Q8', 'descriptive'],
      [5, 'Moodle activities', 'matching'],
      [14, 'Q2', 'single'],
      [22, 'colours', 'multiple'],
      [31, 'Q5', 'numeric'],
      [34, 'Shortanswer', 'short_answer'],
      [41, 'Q1', 'true_false'],
      [46, '2-08 TSL', 'true_false'],
      [49, '2-08 TSL', 'true_false'],
    ]);
    expect(data.questions[3].question.options.map((o: any) => o.weight)).toEqual([50, -100, 50, -100]);
    // Q5's {#3:2~#Completely wrong} is read as Moodle reads it: 3 ± 2, and * at 0% with the feedback.
    expect(data.questions[4].question.numeric_answers).toEqual([
      { value: 3, tolerance: 2, weight: 100 },
      { value: '*', tolerance: 0, weight: 0, feedback: 'Completely wrong' },
    ]);
    expect(data.refusals).toEqual([]);
    expect(await count(t)).toBe(before);
  });

  it('imports all or nothing by default, and the good questions only after a preview (skip_refused), in one go', async () => {
    const before = await count(t);
    // Moodle's fixture and one numeric question Moodle would read otherwise (the 3:1 answer after ~ dropped).
    const file = { name: 'questions.gift.txt', content: Buffer.from(`${fixture('questions.gift.txt')}\n\n::Bad:: Which? {#=2:0.5#ok ~%50%3:1#near}\n`) };
    const all = await post(t, teacher, '/api/questions/import', { subject, module }, file);
    expect(all.statusCode).toBe(400);
    expect(all.json().data.rows).toEqual([expect.objectContaining({ field: 'answer', message: expect.stringContaining('write a partly right answer as =%50%value:tolerance') })]);
    expect(await count(t)).toBe(before);

    const good = await post(t, teacher, '/api/questions/import', { subject, module, skip_refused: 'true' }, file);
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data).toMatchObject({ imported: 9, skipped: 1 });
    expect(await count(t)).toBe(before + 9);
    const stored = await listed(good.json().data.ids);
    const byName = Object.fromEntries(stored.map((q) => [q.name, q]));
    expect(byName.colours.options.map((o: any) => [o.text, o.weight, o.feedback])).toEqual([
      ['yellow', 50, 'right; good!'],
      ['red', -100, 'wrong'],
      ['off-beige', 50, 'right; good!'],
      ['blue', -100, 'wrong'],
    ]);
    expect(byName.Q1).toMatchObject({ correct_bool: false, true_feedback: '42 is the Ultimate Answer.', false_feedback: 'You gave the right answer.' });
    expect(byName.Q1.general_feedback).toMatch(/Hitchiker's Guide/);
    expect(byName.Shortanswer.short_answers).toEqual([
      { text: 'Frog', weight: 100, feedback: 'Good!' },
      { text: 'Cat', weight: 50, feedback: 'What is it with Moodlers and cats?' },
      { text: '*', weight: 0, feedback: 'Completely wrong' },
    ]);

    // A file whose every question is refused stores nothing, even with skip_refused.
    const none = await post(t, teacher, '/api/questions/import', { subject, module, skip_refused: 'true' }, { name: 'multichoice.xml', content: fixture('multichoice.xml') });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.rows[0]).toMatchObject({ row: 12, field: 'question' });
  });

  it.each([
    ['questions.gift.txt', 9],
    ['questions_in_category.gift.txt', 4],
    ['questions.aiken.txt', 2],
    ['nested_categories_with_questions.xml', 5],
    ['every-type.xml', 6],
    ['new-types.xml', 3],
  ])('imports %s, exports it as GIFT and Moodle XML, and imports the same questions back', async (name, expected) => {
    const imported = await post(t, teacher, '/api/questions/import', { subject, module, skip_refused: 'true' }, { name, content: fixture(name) });
    expect(imported.statusCode, imported.body).toBe(201);
    const ids: number[] = imported.json().data.ids;
    expect(ids).toHaveLength(expected);
    const originals = (await listed(ids)).map(keyOf);
    // Moodle's combined feedback is kept (Moodle's fixtures write it on their choice and matching questions).
    if (name === 'every-type.xml' || name === 'new-types.xml') {
      expect(originals.filter((q) => q.type === 'multiple' || q.type === 'matching').map((q) => q.combined_feedback)).toContainEqual([
        'Your answer is correct.',
        'Your answer is partially correct.',
        'Your answer is incorrect.',
      ]);
    }

    // GIFT has no Cloze.
    for (const format of name === 'new-types.xml' ? (['xml'] as const) : (['xml', 'gift'] as const)) {
      const exported = await t.request('POST', '/api/questions/export', { token: teacher, body: { format, ids } });
      expect(exported.statusCode, exported.body).toBe(200);
      const file = { name: `export.${format === 'xml' ? 'xml' : 'gift.txt'}`, content: exported.rawPayload };
      const preview = await post(t, teacher, '/api/questions/import/preview', { subject, module }, file);
      expect(preview.json().data.refusals).toEqual([]);
      const again = await post(t, teacher, '/api/questions/import', { subject, module }, file);
      expect(again.statusCode, again.body).toBe(201);
      const copies = (await listed(again.json().data.ids)).map(keyOf);
      // Aiken's questions are old-style (no name); every export names them after their text. GIFT has no marks and no combined feedback.
      const same = (c: ReturnType<typeof keyOf>) => ({ ...c, name: null, marks: format === 'gift' ? null : c.marks, combined_feedback: format === 'gift' ? null : c.combined_feedback });
      expect(copies.map(same)).toEqual(originals.map(same));
      if (name !== 'questions.aiken.txt') expect(copies.map((c) => c.name)).toEqual(originals.map((c) => c.name));
    }
  });

  it('places questions by their Moodle category when it names a module (and topic) of the subject, and keeps the path', async () => {
    const iota = created(await t.request('POST', '/api/modules', { token: teacher, body: { course_outcome_name: 'Iota', subject_id: subject } }), 'module').id;
    const kappa = created(await t.request('POST', '/api/topics', { token: teacher, body: { name: 'kappa', module_id: iota } }), 'topic').id;
    const preview = await post(t, teacher, '/api/questions/import/preview', { subject, module }, { name: 'nested.xml', content: fixture('nested_categories_with_questions.xml') });
    expect(preview.json().data.questions.map((q: any) => [q.category, q.place.moduleName, q.place.topicName ?? null])).toEqual([
      ['$course$/Iota', 'Iota', null],
      ['$course$/Iota/Kappa', 'Iota', 'kappa'],
      ['$course$/Iota/Kappa', 'Iota', 'kappa'],
      ['$course$/Iota/Kappa/Lambda', 'Moodle bank', null],
      ['$course$/Iota/Mu', 'Moodle bank', null],
    ]);
    const res = await post(t, teacher, '/api/questions/import', { subject, module }, { name: 'nested.xml', content: fixture('nested_categories_with_questions.xml') });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await listed(res.json().data.ids);
    expect(stored.map((q) => [q.module, q.topic ?? null, q.category])).toEqual([
      [iota, null, '$course$/Iota'],
      [iota, kappa, '$course$/Iota/Kappa'],
      [iota, kappa, '$course$/Iota/Kappa'],
      [module, null, '$course$/Iota/Kappa/Lambda'],
      [module, null, '$course$/Iota/Mu'],
    ]);
  });

  it('exports Moodle XML that names the file, and refuses what Moodle would mark differently', async () => {
    const q = created(
      await t.request('POST', '/api/questions', {
        token: teacher,
        body: { subject, module, type: 'multiple', scoring: 'all_or_nothing', question: 'Pick both', marks: 1, time_required: 1, difficulty: 'easy', options: [{ text: 'a', correct: true }, { text: 'b', correct: true }, { text: 'c', correct: false }] },
      }),
      'question',
    );
    const res = await t.request('GET', `/api/questions/export?format=xml&ids=${encodeURIComponent(JSON.stringify([q.id]))}`, { token: teacher });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/all or nothing, which Moodle multiple choice \(Moodle XML\) cannot express/);
  });

  it('imports a GIFT numeric answer with two spaces before its feedback as Moodle does (1822 ± 0 at 100%, with the feedback)', async () => {
    const res = await post(t, teacher, '/api/questions/import', { subject, module }, { name: 'spaces.gift.txt', content: Buffer.from('Q {#\n=1822:0  #fb\n}\n') });
    expect(res.statusCode, res.body).toBe(201);
    const [q] = await listed(res.json().data.ids);
    expect(q.numeric_answers).toEqual([{ value: 1822, tolerance: 0, weight: 100, feedback: 'fb' }]);
  });

  it("keeps a short answer's matching rule through every export it accepts, and refuses the old rule in GIFT and Moodle XML", async () => {
    const make = (body: Record<string, unknown>) =>
      t.request('POST', '/api/questions', { token: teacher, body: { subject, module, type: 'short_answer', question: 'Who is in the tomb?', marks: 1, time_required: 1, difficulty: 'easy', ...body } });
    const old = created(await make({ accepted_answers: ['no one', 'a*b'] }), 'question');
    const moodle = created(await make({ text_match: 'moodle', short_answers: [{ text: 'no  one', weight: 100 }, { text: 'Par*', weight: 100 }] }), 'question');
    const rule = (q: Record<string, any>) => ({ text_match: q.text_match ?? 'legacy', answers: q.short_answers ? q.short_answers.map((a: any) => a.text) : q.accepted_answers });
    const originals = (await listed([old.id, moodle.id])).map(rule);
    expect(originals.map((r) => r.text_match)).toEqual(['legacy', 'moodle']);

    const roundTrip = async (format: 'xlsx' | 'gift' | 'xml', ids: number[]) => {
      const exported = await t.request('POST', '/api/questions/export', { token: teacher, body: { format, ids } });
      expect(exported.statusCode, exported.body).toBe(200);
      const name = { xlsx: 'back.xlsx', gift: 'back.gift.txt', xml: 'back.xml' }[format];
      const again = await post(t, teacher, '/api/questions/import', { subject, module, format }, { name, content: exported.rawPayload });
      expect(again.statusCode, again.body).toBe(201);
      return (await listed(again.json().data.ids)).map(rule);
    };
    // The spreadsheet carries the rule in its matching column: both come back marked as they were.
    expect(await roundTrip('xlsx', [old.id, moodle.id])).toEqual(originals);
    for (const format of ['gift', 'xml'] as const) {
      const refused = await t.request('POST', '/api/questions/export', { token: teacher, body: { format, ids: [old.id, moodle.id] } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/old answer matching rule \(runs of inner spaces ignored\)/);
      expect(refused.json().message).toContain(String(old.id));
      expect(await roundTrip(format, [moodle.id])).toEqual([originals[1]]);
    }
  });
});
