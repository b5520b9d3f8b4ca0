import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, useTestApp } from './helper';
import { bodies, created, demoTenant, firstSignIn, json, type Tenant } from './fixtures';
import { knownAs, linkQuiz, registeredPlatform } from './ltiFixtures';
import { INSTRUCTOR, LEARNER, type TestPlatform } from '../support/ltiPlatform';
import { MEMBERSHIPS_ACCEPT, SCOPE } from '../../server/lti/claims';
import type { Platform } from '../../server/lti/platforms';
import { LTI_USER_AGENT } from '../../server/lti/http';

/**
 * Names and roles (NRPS): the teacher previews a course's class list and syncs its learners into
 * the quiz's group; instructors and inactive members are skipped, known students are not made
 * twice, a second sync adds nothing.
 */
describeDb('LTI class list: preview and sync into the quiz group', () => {
  const t = useTestApp({ LTI_OUTBOX_SECONDS: '0' });
  let A: Tenant;
  let lms: TestPlatform;
  let platform: Platform;
  let quiz: number;
  let group: number;
  let link: number;
  let other: string;
  const db = () => t.portal.database.db;
  const teacher = (method: string, url: string, body?: unknown, token = A.tokens.TEACHER) => t.request(method, url, { token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    A = await demoTenant(t);
    ({ lms, platform } = await registeredPlatform(t, A.institute));
    // The demo student is known to the LMS and will be in the course.
    await knownAs(t, platform, A.who.STUDENT.userId, 'lms-demo-student');
    group = created(await teacher('POST', '/api/groups', bodies.group(A)), 'group').id;
    quiz = created(await teacher('POST', '/api/quizzes', bodies.openQuiz(A, { group_id: group })), 'quiz').id;
    link = await linkQuiz(t, lms, platform, quiz, null);
    lms.members.push(
      { user_id: 'lms-teacher', roles: [INSTRUCTOR], name: 'Ian Instructor', email: 'ian@lms.example', status: 'Active' },
      { user_id: 'lms-demo-student', roles: [LEARNER], name: 'Sara Student', status: 'Active' },
      { user_id: 'lms-new-1', roles: [LEARNER], given_name: 'Nina', family_name: 'New', email: 'Nina.New@LMS.example' },
      { user_id: 'lms-gone', roles: [LEARNER], name: 'Gary Gone', status: 'Inactive' },
      { user_id: 'lms-new-2', roles: ['Learner'], name: 'Omar Other', email: 'omar@lms.example', status: 'Active' },
    );
    const otherBody = bodies.teacher(A);
    const made = created(await t.request('POST', '/api/teachers', { token: A.tokens['INSTITUTE-HEAD'], body: otherBody }), 'other teacher');
    other = await firstSignIn(t, otherBody.username, 'TEACHER', made.initialPassword);
  });
  afterAll(async () => {
    await lms?.close();
  });

  const groupStudents = async () => (await db().selectFrom('group_students').select('student_id').where('group_id', '=', group).execute()).map((r) => r.student_id).sort((a, b) => a - b);

  it('lists the link as one whose class list can be synced', async () => {
    const res = await teacher('GET', `/api/quizzes/${quiz}/lti`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({ links: [{ id: link, platformIssuer: lms.issuer, contextTitle: 'Course one', lineitem: lms.lineitem, canSyncMembers: true }], scores: [] });
  });

  it('previews the learners to add and the one already in the group (every page read), instructors and inactive members skipped; nothing changes', async () => {
    const res = await teacher('GET', `/api/quizzes/${quiz}/lti/members?linkId=${link}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({
      add: [
        { sub: 'lms-new-1', name: 'Nina New', email: 'nina.new@lms.example' },
        { sub: 'lms-new-2', name: 'Omar Other', email: 'omar@lms.example' },
      ],
      already: [{ sub: 'lms-demo-student', name: 'Sara Student', email: null }],
      skipped: 2,
    });
    expect(lms.tokenRequests.map((r) => r.scope)).toContain(SCOPE.memberships);
    expect(lms.memberRequests.map((r) => r.path)).toEqual(['/memberships', '/memberships?page=2', '/memberships?page=3']);
    for (const r of lms.memberRequests) {
      expect(r.accept).toBe(MEMBERSHIPS_ACCEPT);
      expect(r.authorization).toMatch(/^Bearer at-/);
      expect(r.userAgent).toBe(LTI_USER_AGENT);
    }
    expect(await groupStudents()).toEqual([A.who.STUDENT.userId]);
    expect(await db().selectFrom('lti_users').select('sub').where('platform_id', '=', platform.id).execute()).toHaveLength(1);
  });

  it('syncs: the learners join the quiz group, accounts made for the new ones in the quiz’s department', async () => {
    const res = await teacher('POST', `/api/quizzes/${quiz}/lti/members`, { linkId: link });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ success: true, message: '2 learners added to the group', data: { added: 2, created: 2, already: 1 } });
    const made = await db()
      .selectFrom('lti_users')
      .innerJoin('users', 'users.id', 'lti_users.user_id')
      .select(['lti_users.sub', 'users.id', 'users.role', 'users.fullname', 'users.email', 'users.department_id', 'users.institute_id'])
      .where('lti_users.platform_id', '=', platform.id)
      .where('lti_users.sub', 'in', ['lms-new-1', 'lms-new-2'])
      .orderBy('lti_users.sub')
      .execute();
    expect(made.map((u) => [u.sub, u.role, u.fullname, u.email, u.department_id, u.institute_id])).toEqual([
      ['lms-new-1', 'STUDENT', 'Nina New', 'nina.new@lms.example', A.department, A.institute],
      ['lms-new-2', 'STUDENT', 'Omar Other', 'omar@lms.example', A.department, A.institute],
    ]);
    expect(await groupStudents()).toEqual([A.who.STUDENT.userId, ...made.map((u) => u.id)].sort((a, b) => a - b));
    // Their grades go to the link's line item.
    expect(await db().selectFrom('lti_link_users').select('sub').where('link_id', '=', link).orderBy('sub').execute()).toEqual([{ sub: 'lms-demo-student' }, { sub: 'lms-new-1' }, { sub: 'lms-new-2' }]);
    // Nobody for the instructor or the inactive member.
    expect(await db().selectFrom('lti_users').select('sub').where('sub', 'in', ['lms-teacher', 'lms-gone']).execute()).toEqual([]);
  });

  it('previews everyone as already there, and a second sync adds nothing', async () => {
    const preview = json(await teacher('GET', `/api/quizzes/${quiz}/lti/members?linkId=${link}`)).data;
    expect(preview.add).toEqual([]);
    expect(preview.already.map((m: { sub: string }) => m.sub)).toEqual(['lms-demo-student', 'lms-new-1', 'lms-new-2']);
    expect(preview.skipped).toBe(2);
    const before = await groupStudents();
    const res = await teacher('POST', `/api/quizzes/${quiz}/lti/members`, { linkId: link });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ message: 'Every learner is already in the group', data: { added: 0, created: 0, already: 3 } });
    expect(await groupStudents()).toEqual(before);
  });

  it('adds a learner who joined the course since', async () => {
    lms.members.push({ user_id: 'lms-late', roles: [LEARNER], name: 'Lara Late' });
    const preview = json(await teacher('GET', `/api/quizzes/${quiz}/lti/members?linkId=${link}`)).data;
    expect(preview.add).toEqual([{ sub: 'lms-late', name: 'Lara Late', email: null }]);
    expect(json(await teacher('POST', `/api/quizzes/${quiz}/lti/members`, { linkId: link })).data).toEqual({ added: 1, created: 1, already: 3 });
  });

  it('answers 409 for a link without a class list and for a quiz without a group; 404 for another quiz’s link', async () => {
    const bare = created(await teacher('POST', '/api/quizzes', bodies.openQuiz(A, { group_id: group })), 'quiz without memberships').id as number;
    const bareLink = await linkQuiz(t, lms, platform, bare, null, { memberships: false });
    const noList = await teacher('GET', `/api/quizzes/${bare}/lti/members?linkId=${bareLink}`);
    expect(noList.statusCode, noList.body).toBe(409);
    expect(json(noList).message).toMatch(/class list/);
    expect(json(await teacher('GET', `/api/quizzes/${bare}/lti`)).data.links[0].canSyncMembers).toBe(false);
    expect((await teacher('POST', `/api/quizzes/${bare}/lti/members`, { linkId: bareLink })).statusCode).toBe(409);

    const groupless = await db().insertInto('quizzes').values({ name: 'No group', institute_id: A.institute, department_id: A.department, created_by: A.who.TEACHER.userId, created_at: Date.now(), updated_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    const grouplessLink = await linkQuiz(t, lms, platform, groupless.id, null);
    const noGroup = await teacher('POST', `/api/quizzes/${groupless.id}/lti/members`, { linkId: grouplessLink });
    expect(noGroup.statusCode, noGroup.body).toBe(409);
    expect(json(noGroup).message).toMatch(/no group/);

    expect((await teacher('GET', `/api/quizzes/${bare}/lti/members?linkId=${link}`)).statusCode).toBe(404);
  });

  it('answers 502 with the LMS’s words when the LMS refuses the class list', async () => {
    const saved = lms.members.splice(0);
    const broken = await db().updateTable('lti_links').set({ memberships_url: `${lms.issuer}/no-such-list` }).where('id', '=', link).execute();
    expect(broken).toBeTruthy();
    const res = await teacher('GET', `/api/quizzes/${quiz}/lti/members?linkId=${link}`);
    expect(res.statusCode, res.body).toBe(502);
    expect(json(res).message).toMatch(/HTTP 404/);
    await db().updateTable('lti_links').set({ memberships_url: lms.membershipsUrl }).where('id', '=', link).execute();
    lms.members.push(...saved);
  });

  it('refuses another teacher (404) and a student (403); the department head may sync', async () => {
    expect((await teacher('GET', `/api/quizzes/${quiz}/lti/members?linkId=${link}`, undefined, other)).statusCode).toBe(404);
    expect((await teacher('POST', `/api/quizzes/${quiz}/lti/members`, { linkId: link }, other)).statusCode).toBe(404);
    expect((await teacher('GET', `/api/quizzes/${quiz}/lti/members?linkId=${link}`, undefined, A.tokens.STUDENT)).statusCode).toBe(403);
    expect((await teacher('POST', `/api/quizzes/${quiz}/lti/members`, { linkId: link }, A.tokens.STUDENT)).statusCode).toBe(403);
    expect((await teacher('GET', `/api/quizzes/${quiz}/lti/members?linkId=${link}`, undefined, A.tokens['DEPARTMENT-HEAD'])).statusCode).toBe(200);
  });
});
