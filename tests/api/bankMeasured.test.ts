import { beforeAll, describe, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { json, unique, whoIs, type Who } from './fixtures';

/**
 * The question bank's rows carry their last calibration (read-only measured_* fields) and the
 * list filters by it (`measured`: easy, medium, hard, uncalibrated, flagged). Calibration rows are
 * written directly: what the estimator gives is tested in calibration.test.ts.
 */
describeDb('Measured difficulty in the question bank', () => {
  const t = useTestApp();
  const db = () => t.portal.database.db;
  let token: string;
  let teacher: Who;
  let subjectId: number;
  const q: Record<string, number> = {};

  /** name -> declared level and its calibration (null: never calibrated). */
  const CASES: Record<string, { declared: string; cal: null | { status: 'calibrated' | 'too-few' | 'all-correct' | 'all-wrong'; difficulty?: number; se?: number; responses: number; outfit?: number } }> = {
    // Declared hard, measured easy well beyond 2 SE: disagreement.
    hardLikeEasy: { declared: 'hard', cal: { status: 'calibrated', difficulty: -1.2, se: 0.2, responses: 212, outfit: 1.0 } },
    // Declared hard, just below the hard cut-off within 2 SE: measured medium, not flagged.
    hardNearly: { declared: 'hard', cal: { status: 'calibrated', difficulty: 0.3, se: 0.2, responses: 90, outfit: 1.1 } },
    // Medium and measured medium, but misfitting.
    misfit: { declared: 'medium', cal: { status: 'calibrated', difficulty: 0.1, se: 0.15, responses: 150, outfit: 1.8 } },
    easyOk: { declared: 'easy', cal: { status: 'calibrated', difficulty: -0.9, se: 0.2, responses: 120, outfit: 0.9 } },
    hardOk: { declared: 'hard', cal: { status: 'calibrated', difficulty: 1.4, se: 0.3, responses: 60, outfit: 1.2 } },
    tooFew: { declared: 'medium', cal: { status: 'too-few', responses: 12 } },
    allRight: { declared: 'easy', cal: { status: 'all-correct', responses: 40 } },
    never: { declared: 'medium', cal: null },
  };

  beforeAll(async () => {
    token = await t.login('teacher', 'TEACHER');
    teacher = await whoIs(t, 'teacher');
    const now = Date.now();
    const tenant = { institute_id: teacher.instituteId, department_id: teacher.departmentId, created_by: teacher.userId, created_at: now, updated_at: now };
    subjectId = (await db().insertInto('subjects').values({ ...tenant, subjectname: 'Measured', code: unique('MEA'), semester: '3' }).returning('id').executeTakeFirstOrThrow()).id;
    const moduleId = (await db().insertInto('modules').values({ ...tenant, course_outcome_name: 'CO1', subject_id: subjectId }).returning('id').executeTakeFirstOrThrow()).id;
    for (const [name, c] of Object.entries(CASES)) {
      const { id } = await db()
        .insertInto('questions')
        .values({
          ...tenant,
          subject_id: subjectId,
          module_id: moduleId,
          type: 'true_false',
          question: unique(`Measured ${name} `),
          marks: 1,
          time_required: 1,
          difficulty: c.declared,
          correct_bool: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      q[name] = id;
      if (c.cal) {
        await db()
          .insertInto('question_calibrations')
          .values({
            question_id: id,
            subject_id: subjectId,
            difficulty: c.cal.difficulty ?? null,
            se: c.cal.se ?? null,
            responses: c.cal.responses,
            infit: c.cal.outfit ?? null,
            outfit: c.cal.outfit ?? null,
            status: c.cal.status,
            min_responses: 30,
            calibrated_at: now,
          })
          .execute();
      }
    }
  });

  const list = async (filter: Record<string, unknown>) => {
    const res = await t.request('GET', `/api/questions?filter=${encodeURIComponent(JSON.stringify({ subject: subjectId, ...filter }))}&range=[0,99]`, { token });
    return res;
  };
  const ids = async (filter: Record<string, unknown>) => {
    const res = await list(filter);
    expect(res.statusCode, res.body).toBe(200);
    return (json(res).data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };
  const of = (...names: string[]) => names.map((n) => q[n]).sort((a, b) => a - b);

  it('each row carries its calibration, and null figures when it has none', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    const rows = new Map((json(res).data as Record<string, unknown>[]).map((r) => [r.id, r]));
    expect(rows.size).toBe(Object.keys(CASES).length);
    expect(rows.get(q.hardLikeEasy)).toMatchObject({
      difficulty: 'hard',
      measured_difficulty: -1.2,
      measured_se: 0.2,
      measured_responses: 212,
      measured_status: 'calibrated',
      measured_outfit: 1.0,
      measured_infit: 1.0,
    });
    expect(rows.get(q.tooFew)).toMatchObject({ measured_status: 'too-few', measured_responses: 12, measured_difficulty: null });
    expect(rows.get(q.never)).toMatchObject({ measured_status: null, measured_responses: null, measured_difficulty: null });
    // One record read carries them too.
    const one = await t.request('GET', `/api/questions/${q.misfit}`, { token });
    expect(json(one).data).toMatchObject({ measured_outfit: 1.8, measured_status: 'calibrated' });
  });

  it('filters by measured level, by no calibration, and by flags', async () => {
    expect(await ids({ measured: 'easy' })).toEqual(of('hardLikeEasy', 'easyOk'));
    expect(await ids({ measured: 'medium' })).toEqual(of('hardNearly', 'misfit'));
    expect(await ids({ measured: 'hard' })).toEqual(of('hardOk'));
    expect(await ids({ measured: 'uncalibrated' })).toEqual(of('tooFew', 'allRight', 'never'));
    expect(await ids({ measured: 'flagged' })).toEqual(of('hardLikeEasy', 'misfit'));
    // Combined with a field filter.
    expect(await ids({ measured: 'flagged', difficulty: ['hard'] })).toEqual(of('hardLikeEasy'));
  });

  it('refuses an unknown measured value with a 400 naming the filter, and the form never writes the figures', async () => {
    const bad = await list({ measured: 'tricky' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Invalid filter: "measured" must be one of easy, medium, hard, uncalibrated, flagged');

    const current = json(await t.request('GET', `/api/questions/${q.easyOk}`, { token })).data;
    const res = await t.request('PUT', `/api/questions/${q.easyOk}`, { token, body: { ...current, measured_difficulty: 3, measured_status: 'all-wrong' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ measured_difficulty: -0.9, measured_status: 'calibrated' });
  });

  it("lists the quizzes whose papers held a question (where its statistics link to), and refuses a filter that is not an id", async () => {
    const now = Date.now();
    const tenant = { institute_id: teacher.instituteId, department_id: teacher.departmentId, created_by: teacher.userId, created_at: now, updated_at: now };
    const quiz = async (name: string) => {
      const { id } = await db().insertInto('quizzes').values({ ...tenant, name: unique(name) }).returning('id').executeTakeFirstOrThrow();
      await db().insertInto('quiz_subjects').values({ quiz_id: id, subject_id: subjectId }).execute();
      return id;
    };
    // A fixed question of one quiz, drawn and answered in another, absent from a third of the same subject.
    const fixed = await quiz('Held fixed');
    await db().insertInto('quiz_questions').values({ quiz_id: fixed, question_id: q.misfit, position: 0 }).execute();
    const drawn = await quiz('Held drawn');
    const student = (await db().selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
    const attempt = await db()
      .insertInto('attempts')
      .values({ quiz_id: drawn, student_id: student, status: 'submitted', started_at: now, deadline: now + 3_600_000, submitted_at: now, closed_by: 'student', score: 1, max_score: 1, pending: 0, paper: '[]', attempt_no: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('answers').values({ attempt_id: attempt.id, question_id: q.misfit, response: 'true', seq: 1, saved_at: now }).execute();
    const other = await quiz('Not held');
    await db().insertInto('quiz_questions').values({ quiz_id: other, question_id: q.easyOk, position: 0 }).execute();

    const quizzesHolding = (question: unknown) => t.request('GET', `/api/quizzes?filter=${encodeURIComponent(JSON.stringify({ question }))}&range=[0,99]`, { token });
    const res = await quizzesHolding(q.misfit);
    expect(res.statusCode, res.body).toBe(200);
    expect((json(res).data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b)).toEqual([fixed, drawn].sort((a, b) => a - b));
    expect((json(await quizzesHolding(q.easyOk)).data as { id: number }[]).map((r) => r.id)).toEqual([other]);

    const bad = await quizzesHolding('x');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(`Invalid filter: "question" must be a question's id`);
  });
});
