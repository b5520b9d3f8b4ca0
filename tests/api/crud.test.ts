import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { entities } from '../../src/schemas';
import { ALL_ACTIONS, can, scopeFor, type Action, type Scope } from '../../src/schemas/entity';
import { ROLE_LABELS, ROLES, type Role } from '../../src/schemas/roles';
import { registry } from '../../server/storage';
import {
  bodies,
  created,
  demoTenant,
  firstSignIn,
  insertQuiz,
  json,
  newTenant,
  recordOf,
  RESOURCES,
  takenQuiz,
  unique,
  whoIs,
  type Resource,
  type Tenant,
  type TenantRole,
  type Who,
} from './fixtures';
import { describeDb, useTestApp } from './helper';

/**
 * The access matrix, written out by hand so that a mistake in an entity's access metadata shows
 * up as a failing test. One letter per action, in the order list, read, create, update, delete:
 *
 *   -  the role may not do this at all: 403
 *   *  every row, of any institute
 *   I  rows of the caller's institute       D  rows of the caller's department
 *   O  rows the caller created (in their department)
 *   S  the caller's own account or rows    R  rows written for the caller's role
 *
 * A row outside the letter's scope is 404 on read, update and delete, and absent from lists; a row the
 * role may read but not change (a colleague's, where it writes only its own) is 403 on update and delete.
 */
const MATRIX: Record<Resource, Record<Role, string>> = {
  institutes:  { STUDENT: '-----', TEACHER: '-----', 'DEPARTMENT-HEAD': '-----', 'INSTITUTE-HEAD': '-I---', ADMIN: '*****' },
  departments: { STUDENT: '-----', TEACHER: '-D---', 'DEPARTMENT-HEAD': '-D---', 'INSTITUTE-HEAD': 'IIIII', ADMIN: '**---' },
  teachers:    { STUDENT: '-----', TEACHER: '-S---', 'DEPARTMENT-HEAD': 'DD---', 'INSTITUTE-HEAD': 'IIIII', ADMIN: '-----' },
  students:    { STUDENT: '-S---', TEACHER: 'DDD--', 'DEPARTMENT-HEAD': 'DDDDD', 'INSTITUTE-HEAD': 'IIIII', ADMIN: '-----' },
  subjects:    { STUDENT: '-----', TEACHER: 'II---', 'DEPARTMENT-HEAD': 'II---', 'INSTITUTE-HEAD': 'IIIII', ADMIN: '-----' },
  groups:      { STUDENT: '-----', TEACHER: 'DDOOO', 'DEPARTMENT-HEAD': 'DDDDD', 'INSTITUTE-HEAD': 'II---', ADMIN: '-----' },
  modules:     { STUDENT: '-----', TEACHER: 'DDOOO', 'DEPARTMENT-HEAD': 'DD-DD', 'INSTITUTE-HEAD': '-----', ADMIN: '-----' },
  topics:      { STUDENT: '-----', TEACHER: 'DDOOO', 'DEPARTMENT-HEAD': '---DD', 'INSTITUTE-HEAD': '-----', ADMIN: '-----' },
  questions:   { STUDENT: '-----', TEACHER: 'DDOOO', 'DEPARTMENT-HEAD': '-----', 'INSTITUTE-HEAD': '-----', ADMIN: '-----' },
  quizzes:     { STUDENT: '-----', TEACHER: 'DDOOO', 'DEPARTMENT-HEAD': 'DD---', 'INSTITUTE-HEAD': 'II---', ADMIN: '-----' },
  rooms:       { STUDENT: '-----', TEACHER: 'DD---', 'DEPARTMENT-HEAD': 'DDDDD', 'INSTITUTE-HEAD': '-----', ADMIN: '-----' },
  guidelines:  { STUDENT: 'RR---', TEACHER: 'RR---', 'DEPARTMENT-HEAD': 'RR---', 'INSTITUTE-HEAD': 'RR---', ADMIN: '*****' },
  feedbacks:   { STUDENT: '--S--', TEACHER: 'OO---', 'DEPARTMENT-HEAD': 'DD---', 'INSTITUTE-HEAD': 'II---', ADMIN: '**--*' },
};

type Grant = '-' | '*' | 'I' | 'D' | 'O' | 'S' | 'R';
const SCOPE_OF: Record<Exclude<Grant, '-'>, Scope> = { '*': 'all', I: 'institute', D: 'department', O: 'own', S: 'self', R: 'role' };
const grantOf = (resource: Resource, role: Role, action: Action) => MATRIX[resource][role][ALL_ACTIONS.indexOf(action)] as Grant;

/** Who may read any record of a resource in its tenant: used to read a record back after a refused write. */
const READER: Record<Resource, Role> = {
  institutes: 'ADMIN',
  departments: 'ADMIN',
  teachers: 'INSTITUTE-HEAD',
  students: 'INSTITUTE-HEAD',
  subjects: 'INSTITUTE-HEAD',
  groups: 'INSTITUTE-HEAD',
  modules: 'TEACHER',
  topics: 'TEACHER',
  questions: 'TEACHER',
  quizzes: 'TEACHER',
  rooms: 'TEACHER',
  guidelines: 'ADMIN',
  feedbacks: 'ADMIN',
};

/** Who makes a throw-away record to delete when the role under test may delete but not create. */
const MAKER: Record<Resource, Role> = {
  institutes: 'ADMIN',
  departments: 'INSTITUTE-HEAD',
  teachers: 'INSTITUTE-HEAD',
  students: 'INSTITUTE-HEAD',
  subjects: 'INSTITUTE-HEAD',
  groups: 'DEPARTMENT-HEAD',
  modules: 'TEACHER',
  topics: 'TEACHER',
  questions: 'TEACHER',
  quizzes: 'TEACHER',
  rooms: 'DEPARTMENT-HEAD',
  guidelines: 'ADMIN',
  feedbacks: 'STUDENT',
};

/** A valid update: the record as read, with its name (or text) replaced by `marker`. */
const EDIT: Record<Resource, (record: Record<string, unknown>, marker: string) => Record<string, unknown>> = {
  institutes: (r, m) => ({ ...r, instituteName: m }),
  departments: (r, m) => ({ ...r, departmentName: m }),
  teachers: (r, m) => ({ ...r, fullname: m }),
  students: (r, m) => ({ ...r, fullname: m }),
  subjects: (r, m) => ({ ...r, subjectname: m }),
  groups: (r, m) => ({ ...r, groupName: m }),
  modules: (r, m) => ({ ...r, course_outcome_name: m }),
  topics: (r, m) => ({ ...r, name: m }),
  questions: (r, m) => ({ ...r, question: m }),
  quizzes: (r, m) => ({ ...r, name: m }),
  rooms: (r, m) => ({ ...r, name: m }),
  guidelines: (r, m) => ({ ...r, content: [{ title: m, description: 'Edited', faqs: [] }] }),
  feedbacks: (r, m) => ({ ...r, comment: m }),
};

/**
 * A create that names the other institute: either through a reference (refused, 400 on that field)
 * or through tenant columns smuggled into the body (ignored: the row lands in the caller's scope).
 */
const CREATE_ELSEWHERE: { [R in Resource]?: (body: Record<string, unknown>, other: Tenant, role: Role) => { body: object; refusedOn?: string } } = {
  departments: (body, o) => ({ body: { ...body, institute_id: o.institute } }),
  subjects: (body, o) => ({ body: { ...body, institute_id: o.institute, department_id: o.department, created_by: o.who.TEACHER.userId } }),
  teachers: (body, o) => ({ body: { ...body, departmentId: o.department }, refusedOn: 'departmentId' }),
  // Only the institute head picks a student's department; for everyone else the field is dropped.
  students: (body, o, role) => ({ body: { ...body, departmentId: o.department }, refusedOn: role === 'INSTITUTE-HEAD' ? 'departmentId' : undefined }),
  groups: (body, o) => ({ body: { ...body, students: [o.who.STUDENT.userId] }, refusedOn: 'students' }),
  modules: (body, o) => ({ body: { ...body, subject_id: o.subject }, refusedOn: 'subject_id' }),
  topics: (body, o) => ({ body: { ...body, module_id: o.module }, refusedOn: 'module_id' }),
  questions: (body, o) => ({ body: { ...body, subject: o.subject, module: o.module }, refusedOn: 'module' }),
  quizzes: (body, o) => ({ body: { ...body, group_id: o.group }, refusedOn: 'group_id' }),
  rooms: (body, o) => ({ body: { ...body, institute_id: o.institute, department_id: o.department, created_by: o.who['DEPARTMENT-HEAD'].userId } }),
  feedbacks: (body, o) => ({ body: { ...body, quiz: o.quiz }, refusedOn: 'quiz' }),
};

/**
 * Fields the server changes on every update: compared apart from the rest of the record
 * (editing a question raises its version by one, so attempts can tell the old text from the new).
 */
const BUMPED_ON_UPDATE: { [R in Resource]?: string } = { questions: 'version' };

/** A record without its server-maintained field, for comparing what the caller wrote. */
function asWritten(resource: Resource, record: Record<string, unknown>): Record<string, unknown> {
  const bumped = BUMPED_ON_UPDATE[resource];
  if (!bumped) return record;
  const { [bumped]: _bumped, ...rest } = record;
  return rest;
}

/** What the row scopes look at, read straight from the tables (not through the API under test). */
interface ScopeRow {
  id: number;
  institute?: number | null;
  department?: number | null;
  owner?: number | null;
  self?: number;
  role?: Role;
}

function inScope(grant: Grant, row: ScopeRow, who: Who): boolean {
  switch (grant) {
    case '*':
      return true;
    case 'I':
      return row.institute != null && row.institute === who.instituteId;
    case 'D':
      return row.department != null && row.department === who.departmentId;
    case 'O':
      return row.owner === who.userId && row.department === who.departmentId;
    case 'S':
      return row.self === who.userId;
    case 'R':
      return row.role === who.role;
    default:
      return false;
  }
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describeDb('CRUD API: tenant and role access', () => {
  const t = useTestApp();
  let A: Tenant;
  let B: Tenant;
  let adminToken: string;
  let admin: Who;
  /** Guideline ids by the role they are written for (the admin's own is made and removed by its tests). */
  const guideline: Partial<Record<Role, number>> = {};
  /** Tenant A's second department, so that department scopes have something to leave out. */
  let otherDepartment: { id: number; student: number; head: Who; group: number };

  const db = () => t.portal.database.db;

  const rowsOf = async (resource: Resource) => (await scopeRows(resource)).sort((a, b) => a.id - b.id);
  async function scopeRows(resource: Resource): Promise<ScopeRow[]> {
    const q = db();
    switch (resource) {
      case 'institutes':
        return (await q.selectFrom('institutes').select('id').execute()).map((r) => ({ id: r.id, institute: r.id }));
      case 'departments':
        return (await q.selectFrom('departments').select(['id', 'institute_id']).execute()).map((r) => ({
          id: r.id,
          institute: r.institute_id,
          department: r.id,
        }));
      case 'teachers':
      case 'students':
        return (
          await q
            .selectFrom('users')
            .select(['id', 'institute_id', 'department_id', 'created_by'])
            .where('role', '=', resource === 'teachers' ? 'TEACHER' : 'STUDENT')
            .execute()
        ).map((r) => ({ id: r.id, institute: r.institute_id, department: r.department_id, owner: r.created_by, self: r.id }));
      case 'guidelines':
        return (await q.selectFrom('guidelines').select(['id', 'role', 'created_by']).execute()).map((r) => ({
          id: r.id,
          role: r.role,
          owner: r.created_by,
        }));
      case 'feedbacks':
        return (
          await q
            .selectFrom('feedbacks as f')
            .innerJoin('quizzes as z', 'z.id', 'f.quiz_id')
            .select(['f.id', 'z.institute_id', 'z.department_id', 'f.created_by', 'z.created_by as author'])
            .execute()
          // The staff scopes of feedback are tested on its quiz: its institute, department and author.
        ).map((r) => ({ id: r.id, institute: r.institute_id, department: r.department_id, owner: r.author, self: r.created_by! }));
      default:
        return (
          await q
            .selectFrom(resource as 'subjects')
            .select(['id', 'institute_id', 'department_id', 'created_by'])
            .execute()
        ).map((r) => ({ id: r.id, institute: r.institute_id, department: r.department_id, owner: r.created_by }));
    }
  }
  const exists = async (resource: Resource, id: number) => (await rowsOf(resource)).some((r) => r.id === id);

  const tokenOf = (tenant: Tenant, role: Role) => (role === 'ADMIN' ? adminToken : tenant.tokens[role]);
  const whoOf = (role: Role) => (role === 'ADMIN' ? admin : A.who[role]);

  /** A free guideline role: the table holds one guideline per role. */
  async function freeGuidelineRole(): Promise<Role> {
    const taken = new Set((await db().selectFrom('guidelines').select('role').execute()).map((r) => r.role));
    return ROLES.find((r) => !taken.has(r)) ?? 'ADMIN';
  }

  /** A valid create body for a record of `tenant`. */
  async function createBody(resource: Resource, tenant: Tenant): Promise<Record<string, unknown>> {
    switch (resource) {
      case 'institutes':
        return bodies.institute();
      case 'departments':
        return bodies.department();
      case 'teachers':
        return bodies.teacher(tenant);
      case 'students':
        return bodies.student(tenant);
      case 'subjects':
        return bodies.subject();
      case 'groups':
        return bodies.group(tenant);
      case 'modules':
        return bodies.module(tenant);
      case 'topics':
        return bodies.topic(tenant);
      case 'questions':
        return bodies.question(tenant);
      case 'quizzes':
        return bodies.quiz(tenant);
      case 'rooms':
        return bodies.room();
      case 'guidelines':
        return bodies.guideline(await freeGuidelineRole());
      case 'feedbacks':
        return bodies.feedback(await takenQuiz(t, tenant));
    }
  }

  /** A throw-away record of `tenant` made through the API by `role` (or by the resource's usual maker). */
  async function make(resource: Resource, tenant: Tenant, role: Role): Promise<number> {
    const maker = grantOf(resource, role, 'create') === '-' ? MAKER[resource] : role;
    const res = await t.request('POST', `/api/${resource}`, { token: tokenOf(tenant, maker), body: await createBody(resource, tenant) });
    return created(res, `${maker} makes a ${resource} record to delete`).id;
  }

  const readBack = async (resource: Resource, tenant: Tenant, id: number) => {
    const res = await t.request('GET', `/api/${resource}/${id}`, { token: tokenOf(tenant, READER[resource]) });
    expect(res.statusCode, `read back ${resource}/${id}: ${res.body}`).toBe(200);
    return json(res).data as Record<string, unknown>;
  };

  /** A refusal in the envelope: the status, success false, a message and no record. */
  function expectRefused(res: LightMyRequestResponse, status: number, what: string) {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
    const body = json(res);
    expect(body.success, what).toBe(false);
    expect(typeof body.message, what).toBe('string');
    expect(body.data?.id, what).toBeUndefined();
  }

  beforeAll(async () => {
    adminToken = await t.login('admin', 'ADMIN');
    admin = await whoIs(t, 'admin');
    A = await demoTenant(t);
    B = await newTenant(t, adminToken);

    // The demo data has a guideline for every role; these tests write their own.
    await t.portal.database.db.deleteFrom('guidelines').execute();
    for (const role of ['INSTITUTE-HEAD', 'DEPARTMENT-HEAD', 'TEACHER', 'STUDENT'] as const) {
      const res = await t.request('POST', '/api/guidelines', { token: adminToken, body: bodies.guideline(role) });
      guideline[role] = created(res, `guideline for ${role}`).id;
    }

    // Tenant A's second department: its head, a student, and (written directly) a group, module,
    // topic, question and quiz, and feedback on a quiz of someone other than the demo teacher.
    const head = A.tokens['INSTITUTE-HEAD'];
    const departmentBody = bodies.department();
    const department = created(await t.request('POST', '/api/departments', { token: head, body: departmentBody }), 'department A2');
    const studentBody = { ...bodies.student(A), departmentId: department.id };
    const student = created(await t.request('POST', '/api/students', { token: head, body: studentBody }), 'student A2');
    otherDepartment = { id: department.id, student: student.id, head: await whoIs(t, departmentBody.username), group: 0 };
    const now = Date.now();
    const stamp = { institute_id: A.institute, department_id: department.id, created_by: otherDepartment.head.userId, created_at: now, updated_at: now };
    otherDepartment.group = (await db().insertInto('groups').values({ ...stamp, name: 'A2 group' }).returning('id').executeTakeFirstOrThrow()).id;
    const mod = await db().insertInto('modules').values({ ...stamp, course_outcome_name: 'A2 module', subject_id: A.subject }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('topics').values({ ...stamp, name: 'A2 topic', module_id: mod.id }).execute();
    await db()
      .insertInto('questions')
      .values({ ...stamp, subject_id: A.subject, module_id: mod.id, topic_id: null, type: 'true_false', question: 'A2 question', marks: 1, time_required: 1, difficulty: 'easy', options: null, scoring: null, correct_bool: 1, numeric_value: null, numeric_tolerance: null, accepted_answers: null })
      .execute();
    const otherQuiz = await insertQuiz(t, otherDepartment.head, 'A2 quiz');
    // Rooms are a plain entity without a table type of their own.
    await (db() as Kysely<any>).insertInto('rooms').values({ ...stamp, name: 'A2 room', capacity: 30, building: 'Annexe' }).execute();
    const quiz = await insertQuiz(t, A.who['DEPARTMENT-HEAD']);
    await db().insertInto('feedbacks').values({ ...stamp, created_by: student.id, quiz_id: quiz, rating: 3, comment: null }).execute();
    // Feedback on the second department's quiz: in the institute head's scope, not in the first department's.
    await db().insertInto('feedbacks').values({ ...stamp, created_by: student.id, quiz_id: otherQuiz, rating: 2, comment: null }).execute();
  });

  describe('the matrix', () => {
    it('covers exactly the resources the API serves', () => {
      // The LMS platforms belong to no tenant (the admin's alone): tests/api/lti.test.ts holds their access.
      expect([...registry.keys()].sort()).toEqual([...RESOURCES, 'lti-platforms'].sort());
    });

    it.each(RESOURCES)('agrees with the access declared by the %s entity (can, scopeFor)', (resource) => {
      for (const role of ROLES) {
        for (const action of ALL_ACTIONS) {
          const grant = grantOf(resource, role, action);
          const where = `${resource}: ${role} ${action}`;
          expect(can(entities[resource], role, action), where).toBe(grant !== '-');
          expect(scopeFor(entities[resource], role, action), where).toBe(grant === '-' ? undefined : SCOPE_OF[grant]);
        }
      }
    });

    it.each(RESOURCES)('answers 405 on %s without a session', async (resource) => {
      const res = await t.request('GET', `/api/${resource}`);
      expect(res.statusCode).toBe(405);
      expect(json(res)).toEqual({ success: false, message: 'Session Expired!!' });
    });
  });

  describe.each(RESOURCES)('%s', (resource) => {
    it.each(ROLES)('as %s: list, read, create, update and delete in the own and the other institute', async (role) => {
      const token = tokenOf(A, role);
      const who = whoOf(role);
      const grant = (action: Action) => grantOf(resource, role, action);
      const target = (side: 'own' | 'other'): number => {
        if (resource !== 'guidelines') return recordOf(side === 'own' ? A : B, resource);
        // Guidelines are per role: the caller's own role's guideline, and another role's.
        if (side === 'own') return guideline[role === 'ADMIN' ? 'TEACHER' : role]!;
        return guideline[role === 'STUDENT' ? 'TEACHER' : 'STUDENT']!;
      };
      const tenantOf = (side: 'own' | 'other') => (side === 'own' ? A : B);
      const expected = (action: Action, side: 'own' | 'other') =>
        grant(action) === '-' ? 403 : side === 'own' || grant(action) === '*' ? 200 : 404;
      const url = (id?: number) => `/api/${resource}${id === undefined ? '' : `/${id}`}`;

      // list: exactly the rows in scope, counted right in Content-Range, nothing of the other institute
      if (grant('list') === '-') {
        expectRefused(await t.request('GET', url(), { token }), 403, 'list');
      } else {
        const res = await t.request('GET', `${url()}?range=${enc([0, 999])}`, { token });
        expect(res.statusCode, res.body).toBe(200);
        const ids = (json(res).data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
        const rows = await rowsOf(resource);
        const visible = rows.filter((r) => inScope(grant('list'), r, who)).map((r) => r.id);
        expect(ids).toEqual(visible.sort((a, b) => a - b));
        expect(ids).toContain(target('own'));
        if (grant('list') !== '*') {
          expect(ids).not.toContain(target('other'));
          const foreign = rows.filter((r) => r.institute != null && r.institute === B.institute).map((r) => r.id);
          expect(ids.filter((id) => foreign.includes(id))).toEqual([]);
        }
        expect(res.headers['content-range']).toBe(`${resource} 0-${Math.max(ids.length - 1, 0)}/${ids.length}`);
        const page = await t.request('GET', `${url()}?range=${enc([0, 0])}`, { token });
        expect(page.headers['content-range']).toBe(`${resource} 0-0/${ids.length}`);
        expect(json(page).data).toHaveLength(Math.min(ids.length, 1));
      }

      // read: one record, and react-admin's getMany (a list filtered by ids)
      for (const side of ['own', 'other'] as const) {
        const res = await t.request('GET', url(target(side)), { token });
        const status = expected('read', side);
        if (status === 200) expect(json(res).data?.id, res.body).toBe(target(side));
        else expectRefused(res, status, `read ${side}`);
      }
      const many = await t.request('GET', `${url()}?filter=${enc({ id: [target('own'), target('other')] })}`, { token });
      if (grant('read') === '-') expectRefused(many, 403, 'getMany');
      else {
        const wanted = grant('read') === '*' ? [target('own'), target('other')] : [target('own')];
        expect((json(many).data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b)).toEqual(wanted.sort((a, b) => a - b));
      }

      // create: in the caller's scope; naming the other institute is refused or ignored
      const before = (await rowsOf(resource)).length;
      const res = await t.request('POST', url(), { token, body: await createBody(resource, A) });
      let made: number | undefined;
      if (grant('create') === '-') {
        expectRefused(res, 403, 'create');
        expect((await rowsOf(resource)).length, 'nothing created').toBe(before);
      } else {
        made = created(res, 'create').id as number;
        const row = (await rowsOf(resource)).find((r) => r.id === made)!;
        expect(inScope(grant('create'), row, who), `created ${resource} is in the caller's scope`).toBe(true);
        const elsewhere = CREATE_ELSEWHERE[resource]?.(await createBody(resource, A), B, role);
        if (elsewhere) {
          const count = (await rowsOf(resource)).length;
          const other = await t.request('POST', url(), { token, body: elsewhere.body });
          if (elsewhere.refusedOn) {
            expectRefused(other, 400, 'create naming the other institute');
            expect(json(other).data.errors[elsewhere.refusedOn]).toEqual(expect.any(String));
            expect((await rowsOf(resource)).length, 'nothing created').toBe(count);
          } else {
            const row = (await rowsOf(resource)).find((r) => r.id === created(other, 'create naming the other institute').id)!;
            expect(inScope(grant('create'), row, who), 'stamped into the caller scope').toBe(true);
            expect(row.institute).not.toBe(B.institute);
          }
        }
      }

      // update: the own record changes, the other institute's is untouched
      for (const side of ['own', 'other'] as const) {
        const id = target(side);
        const was = await readBack(resource, tenantOf(side), id);
        const edited = EDIT[resource](was, `Edited by ${ROLE_LABELS[role]}`);
        const put = await t.request('PUT', url(id), { token, body: edited });
        const status = expected('update', side);
        if (status === 200) {
          expect(put.statusCode, put.body).toBe(200);
          const after = await readBack(resource, tenantOf(side), id);
          expect(asWritten(resource, after)).toEqual(asWritten(resource, edited));
          const bumped = BUMPED_ON_UPDATE[resource];
          if (bumped) expect(after[bumped], `${bumped} raised by the update`).toBe(Number(was[bumped]) + 1);
        } else {
          expectRefused(put, status, `update ${side}`);
          expect(await readBack(resource, tenantOf(side), id), 'unchanged').toEqual(was);
        }
      }

      // delete: a throw-away record (or the one just created) goes; the fixtures stay unless in scope
      for (const side of ['own', 'other'] as const) {
        const status = expected('delete', side);
        const id = status !== 200 ? target(side) : side === 'own' && made !== undefined ? made : await make(resource, tenantOf(side), role);
        const del = await t.request('DELETE', url(id), { token });
        if (status === 200) {
          expect(del.statusCode, del.body).toBe(200);
          expect(await exists(resource, id), 'deleted').toBe(false);
        } else {
          expectRefused(del, status, `delete ${side}`);
          expect(await exists(resource, id), 'still there').toBe(true);
        }
      }
    });
  });

  describe('row scopes in detail', () => {
    it('shows each role the guideline written for it and lets only the admin write one', async () => {
      const teacher = A.tokens.TEACHER;
      const list = await t.request('GET', '/api/guidelines', { token: teacher });
      expect(json(list).data.map((g: { role: Role }) => g.role)).toEqual(['TEACHER']);
      expect((await t.request('GET', `/api/guidelines/${guideline.TEACHER}`, { token: teacher })).statusCode).toBe(200);
      expect((await t.request('GET', `/api/guidelines/${guideline.STUDENT}`, { token: teacher })).statusCode).toBe(404);
      const byStudent = await t.request('POST', '/api/guidelines', { token: A.tokens.STUDENT, body: bodies.guideline('STUDENT') });
      expectRefused(byStudent, 403, 'student writes a guideline');
    });

    it("lets a teacher read the department head's group but not change or delete it", async () => {
      const teacher = A.tokens.TEACHER;
      const demoGroup = await db().selectFrom('groups').select('id').where('name', '=', 'CS 2026 - Section A').executeTakeFirstOrThrow();
      const was = await readBack('groups', A, demoGroup.id);
      expect((await t.request('GET', `/api/groups/${demoGroup.id}`, { token: teacher })).statusCode).toBe(200);
      const put = await t.request('PUT', `/api/groups/${demoGroup.id}`, { token: teacher, body: { ...was, groupName: 'Taken over' } });
      expectRefused(put, 403, 'teacher updates the head group');
      expectRefused(await t.request('DELETE', `/api/groups/${demoGroup.id}`, { token: teacher }), 403, 'teacher deletes the head group');
      expect(await readBack('groups', A, demoGroup.id)).toEqual(was);
    });

    it.each(['modules', 'topics'] as const)(
      "lets a colleague read the teacher's %s but not change or delete them (403); the author and the department head may",
      async (resource) => {
        const body = bodies.teacher(A);
        const account = created(await t.request('POST', '/api/teachers', { token: A.tokens['INSTITUTE-HEAD'], body }), 'colleague');
        const colleague = await firstSignIn(t, body.username, 'TEACHER', account.initialPassword);
        const author = A.tokens.TEACHER;
        const head = A.tokens['DEPARTMENT-HEAD'];
        const make = async () => created(await t.request('POST', `/api/${resource}`, { token: author, body: await createBody(resource, A) }), resource).id as number;
        const url = (id: number) => `/api/${resource}/${id}`;

        const id = await make();
        const was = await readBack(resource, A, id);
        expect((await t.request('GET', url(id), { token: colleague })).statusCode).toBe(200);
        const put = await t.request('PUT', url(id), { token: colleague, body: EDIT[resource](was, 'Taken over') });
        expectRefused(put, 403, 'colleague updates');
        expect(json(put).message).toBe(`This ${entities[resource].singular.toLowerCase()} was made by someone else: you may not update it`);
        expectRefused(await t.request('DELETE', url(id), { token: colleague }), 403, 'colleague deletes');
        expect(await readBack(resource, A, id), 'unchanged').toEqual(was);

        const byAuthor = await t.request('PUT', url(id), { token: author, body: EDIT[resource](was, 'Edited by its author') });
        expect(byAuthor.statusCode, byAuthor.body).toBe(200);
        const byHead = await t.request('PUT', url(id), { token: head, body: EDIT[resource](was, 'Edited by the head') });
        expect(byHead.statusCode, byHead.body).toBe(200);
        expect(await readBack(resource, A, id)).toEqual(EDIT[resource](was, 'Edited by the head'));
        expect((await t.request('DELETE', url(id), { token: head })).statusCode).toBe(200);
        expect(await exists(resource, id)).toBe(false);
        const another = await make();
        expect((await t.request('DELETE', url(another), { token: author })).statusCode).toBe(200);
        expect(await exists(resource, another)).toBe(false);
      },
    );

    it('stops a teacher moved to another department from changing the groups they made in the old one', async () => {
      const head = A.tokens['INSTITUTE-HEAD'];
      const body = bodies.teacher(A);
      const account = created(await t.request('POST', '/api/teachers', { token: head, body }), 'teacher');
      const teacher = await firstSignIn(t, body.username, 'TEACHER', account.initialPassword);
      const group = created(await t.request('POST', '/api/groups', { token: teacher, body: bodies.group(A) }), 'group');

      const move = await t.request('PUT', `/api/teachers/${account.id}`, { token: head, body: { ...body, departmentId: otherDepartment.id } });
      expect(move.statusCode, move.body).toBe(200);
      expect((await t.request('GET', `/api/groups/${group.id}`, { token: teacher })).statusCode).toBe(404);
      const was = await readBack('groups', A, group.id);
      expectRefused(await t.request('PUT', `/api/groups/${group.id}`, { token: teacher, body: { ...was, groupName: 'Renamed' } }), 404, 'update');
      expectRefused(await t.request('DELETE', `/api/groups/${group.id}`, { token: teacher }), 404, 'delete');
      expect(await readBack('groups', A, group.id)).toEqual(was);
    });

    it.each(['DEPARTMENT-HEAD', 'TEACHER'] as const)(
      "puts a student created by the %s in the caller's department whatever department the body names",
      async (role) => {
        const body = { ...bodies.student(A), departmentId: otherDepartment.id };
        const student = created(await t.request('POST', '/api/students', { token: A.tokens[role], body }), 'student');
        expect(student.departmentId).toBe(A.department);
        const row = await db().selectFrom('users').select(['department_id', 'institute_id']).where('id', '=', student.id).executeTakeFirstOrThrow();
        expect(row).toEqual({ department_id: A.department, institute_id: A.institute });
      },
    );

    it("lets the institute head place a student in any department of the institute, and not in another institute's", async () => {
      const head = A.tokens['INSTITUTE-HEAD'];
      const placed = created(await t.request('POST', '/api/students', { token: head, body: { ...bodies.student(A), departmentId: otherDepartment.id } }), 'student');
      expect(placed.departmentId).toBe(otherDepartment.id);
      const elsewhere = await t.request('POST', '/api/students', { token: head, body: { ...bodies.student(A), departmentId: B.department } });
      expectRefused(elsewhere, 400, 'student in institute B');
      expect(json(elsewhere).data.errors).toEqual({ departmentId: expect.any(String) });
    });

    it("keeps department heads to their own department's students and groups", async () => {
      const res = await t.request('GET', `/api/students/${otherDepartment.student}`, { token: A.tokens['DEPARTMENT-HEAD'] });
      expectRefused(res, 404, 'student of the other department');
      const filtered = await t.request('GET', `/api/students?filter=${enc({ departmentId: otherDepartment.id })}`, { token: A.tokens['DEPARTMENT-HEAD'] });
      expect(json(filtered).data).toEqual([]);
      expect(filtered.headers['content-range']).toBe('students 0-0/0');
    });
  });

  describe('references to records outside the caller scope', () => {
    type Case = [what: string, role: TenantRole, method: 'POST' | 'PUT', resource: Resource, body: () => Promise<Record<string, unknown>>, field: string];
    const cases: Case[] = [
      ['a teacher with a subject of institute B', 'INSTITUTE-HEAD', 'POST', 'teachers', async () => ({ ...bodies.teacher(A), subjects: [A.subject, B.subject] }), 'subjects'],
      ['a teacher in a department of institute B', 'INSTITUTE-HEAD', 'POST', 'teachers', async () => ({ ...bodies.teacher(A), departmentId: B.department }), 'departmentId'],
      ['a group with a student of institute B', 'DEPARTMENT-HEAD', 'POST', 'groups', async () => ({ ...bodies.group(A), students: [B.who.STUDENT.userId] }), 'students'],
      ['a group with a student of the other department', 'TEACHER', 'POST', 'groups', async () => ({ ...bodies.group(A), students: [otherDepartment.student] }), 'students'],
      ['a module of a subject of institute B', 'TEACHER', 'POST', 'modules', async () => ({ ...bodies.module(A), subject_id: B.subject }), 'subject_id'],
      ['a topic of a module of institute B', 'TEACHER', 'POST', 'topics', async () => ({ ...bodies.topic(A), module_id: B.module }), 'module_id'],
      ['feedback on a quiz of institute B', 'STUDENT', 'POST', 'feedbacks', async () => bodies.feedback(B.quiz), 'quiz'],
      ['feedback on a quiz that does not exist', 'STUDENT', 'POST', 'feedbacks', async () => bodies.feedback(2 ** 31 - 1), 'quiz'],
      ['moving a teacher to institute B', 'INSTITUTE-HEAD', 'PUT', 'teachers', async () => ({ ...(await readBack('teachers', A, A.who.TEACHER.userId)), subjects: [B.subject] }), 'subjects'],
      ['moving a student to institute B', 'INSTITUTE-HEAD', 'PUT', 'students', async () => ({ ...(await readBack('students', A, A.who.STUDENT.userId)), departmentId: B.department }), 'departmentId'],
      ['adding a student of institute B to a group', 'DEPARTMENT-HEAD', 'PUT', 'groups', async () => ({ ...(await readBack('groups', A, A.group)), students: [B.who.STUDENT.userId] }), 'students'],
      ['moving a module to a subject of institute B', 'TEACHER', 'PUT', 'modules', async () => ({ ...(await readBack('modules', A, A.module)), subject_id: B.subject }), 'subject_id'],
      ['moving a topic to a module of institute B', 'TEACHER', 'PUT', 'topics', async () => ({ ...(await readBack('topics', A, A.topic)), module_id: B.module }), 'module_id'],
      ['a question of a subject of institute B', 'TEACHER', 'POST', 'questions', async () => ({ ...bodies.question(A), subject: B.subject }), 'subject'],
      ['a question in a module of institute B', 'TEACHER', 'POST', 'questions', async () => ({ ...bodies.question(A), module: B.module }), 'module'],
      ['a question on a topic of institute B', 'TEACHER', 'POST', 'questions', async () => ({ ...bodies.question(A), topic: B.topic }), 'topic'],
      ['moving a question to a module of institute B', 'TEACHER', 'PUT', 'questions', async () => ({ ...(await readBack('questions', A, A.question)), module: B.module }), 'module'],
      ['a quiz for a group of institute B', 'TEACHER', 'POST', 'quizzes', async () => ({ ...bodies.quiz(A), group_id: B.group }), 'group_id'],
      ['a quiz for a group of the other department', 'TEACHER', 'POST', 'quizzes', async () => ({ ...bodies.quiz(A), group_id: otherDepartment.group }), 'group_id'],
      ['a quiz on a subject of institute B', 'TEACHER', 'POST', 'quizzes', async () => ({ ...bodies.quiz(A), subjects: [String(B.subject)], questions: [] }), 'subjects'],
      ['a quiz with a question of institute B', 'TEACHER', 'POST', 'quizzes', async () => ({ ...bodies.quiz(A), questions: [B.question] }), 'questions'],
      ['giving a quiz to a group of institute B', 'TEACHER', 'PUT', 'quizzes', async () => ({ ...(await readBack('quizzes', A, A.quiz)), group_id: B.group }), 'group_id'],
    ];

    it.each(cases)('refuses %s (as %s) with 400 naming the field, changing nothing', async (_what, role, method, resource, body, field) => {
      const id = method === 'PUT' ? recordOf(A, resource as Exclude<Resource, 'guidelines'>) : undefined;
      const was = id === undefined ? await rowsOf(resource) : await readBack(resource, A, id);
      const res = await t.request(method, `/api/${resource}${id === undefined ? '' : `/${id}`}`, { token: A.tokens[role], body: await body() });
      expectRefused(res, 400, 'reference');
      expect(Object.keys(json(res).data.errors)).toEqual([field]);
      expect(json(res).message).toContain(field);
      if (id === undefined) expect(await rowsOf(resource)).toEqual(was);
      else expect(await readBack(resource, A, id)).toEqual(was);
    });
  });

  describe('deleting records still in use', () => {
    it('refuses to delete a subject that has modules, with a clear message, and deletes nothing', async () => {
      const subject = created(await t.request('POST', '/api/subjects', { token: A.tokens['INSTITUTE-HEAD'], body: bodies.subject() }), 'subject');
      const mod = created(await t.request('POST', '/api/modules', { token: A.tokens.TEACHER, body: { ...bodies.module(A), subject_id: subject.id } }), 'module');
      const res = await t.request('DELETE', `/api/subjects/${subject.id}`, { token: A.tokens['INSTITUTE-HEAD'] });
      expectRefused(res, 409, 'delete subject');
      expect(json(res).message).toBe('Cannot delete this subject while it has modules (1). Remove them first.');
      expect(await exists('subjects', subject.id)).toBe(true);
      expect(await exists('modules', mod.id)).toBe(true);
    });

    it.each([
      ['a module that has topics', 'TEACHER', 'modules', () => A.module, /topics/],
      ['a department that has teachers', 'INSTITUTE-HEAD', 'departments', () => A.department, /teachers/],
      ['an institute that has departments', 'ADMIN', 'institutes', () => A.institute, /departments/],
      ['a question that a quiz uses', 'TEACHER', 'questions', () => A.question, /quizzes using it/],
      ['a quiz that a student has taken', 'TEACHER', 'quizzes', () => A.quiz, /attempts/],
    ] as const)('refuses to delete %s (409)', async (_what, role, resource, id, message) => {
      const before = await rowsOf(resource);
      const res = await t.request('DELETE', `/api/${resource}/${id()}`, { token: tokenOf(A, role) });
      expectRefused(res, 409, 'delete');
      expect(json(res).message).toMatch(message);
      expect(await rowsOf(resource)).toEqual(before);
    });
  });

  describe('conflicts', () => {
    const accounts = [
      ['institutes', 'ADMIN', () => bodies.institute()],
      ['departments', 'INSTITUTE-HEAD', () => bodies.department()],
      ['teachers', 'INSTITUTE-HEAD', () => bodies.teacher(A)],
      ['students', 'DEPARTMENT-HEAD', () => bodies.student(A)],
    ] as const;

    it.each(accounts)('%s: a username taken in any case is 409 on username; a taken email is 409 on email', async (resource, role, body) => {
      const token = tokenOf(A, role);
      const before = await rowsOf(resource);
      const users = await db().selectFrom('users').select('id').orderBy('id').execute();

      const sameName = await t.request('POST', `/api/${resource}`, { token, body: { ...body(), username: 'TEACHER' } });
      expectRefused(sameName, 409, 'duplicate username');
      expect(json(sameName).data.errors).toEqual({ username: 'This username is already taken' });

      const sameEmail = await t.request('POST', `/api/${resource}`, { token, body: { ...body(), email: 'Student@Demo.Example' } });
      expectRefused(sameEmail, 409, 'duplicate email');
      expect(json(sameEmail).data.errors).toEqual({ email: 'This email is already used by another account' });

      // The institute or department row made before the head's account is rolled back too.
      expect(await rowsOf(resource)).toEqual(before);
      expect(await db().selectFrom('users').select('id').orderBy('id').execute()).toEqual(users);
    });

    it("refuses an update to another account's email with 409 on email", async () => {
      const was = await readBack('students', A, A.who.STUDENT.userId);
      const res = await t.request('PUT', `/api/students/${A.who.STUDENT.userId}`, { token: A.tokens['DEPARTMENT-HEAD'], body: { ...was, email: 'TEACHER@demo.example' } });
      expectRefused(res, 409, 'duplicate email');
      expect(json(res).data.errors).toEqual({ email: 'This email is already used by another account' });
      expect(await readBack('students', A, A.who.STUDENT.userId)).toEqual(was);
    });

    it('refuses a subject code the institute already uses (any case), but not one of another institute', async () => {
      const head = A.tokens['INSTITUTE-HEAD'];
      const dup = await t.request('POST', '/api/subjects', { token: head, body: { ...bodies.subject(), code: 'cs201' } });
      expectRefused(dup, 409, 'duplicate code');
      expect(Object.keys(json(dup).data.errors)).toEqual(['code']);
      const elsewhere = await t.request('POST', '/api/subjects', { token: B.tokens['INSTITUTE-HEAD'], body: { ...bodies.subject(), code: 'CS201' } });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    });

    it('refuses a second guideline for a role and a second feedback on a quiz', async () => {
      const guidelineDup = await t.request('POST', '/api/guidelines', { token: adminToken, body: bodies.guideline('TEACHER') });
      expectRefused(guidelineDup, 409, 'duplicate guideline');
      expect(Object.keys(json(guidelineDup).data.errors)).toEqual(['role']);
      const feedbackDup = await t.request('POST', '/api/feedbacks', { token: A.tokens.STUDENT, body: bodies.feedback(A.quiz) });
      expectRefused(feedbackDup, 409, 'duplicate feedback');
      expect(Object.keys(json(feedbackDup).data.errors)).toEqual(['quiz']);
    });
  });

  describe('validation', () => {
    const long = 'x'.repeat(31);
    type Case = [resource: Resource, role: Role, body: () => Record<string, unknown>, field: string, message: string];
    const cases: Case[] = [
      ['institutes', 'ADMIN', () => ({ ...bodies.institute(), instituteName: '' }), 'instituteName', 'Institute name is required'],
      ['institutes', 'ADMIN', () => ({ ...bodies.institute(), phone: '12345' }), 'phone', 'Please enter the valid phone number'],
      ['departments', 'INSTITUTE-HEAD', () => ({ ...bodies.department(), departmentName: undefined }), 'departmentName', 'Department name is required'],
      ['departments', 'INSTITUTE-HEAD', () => ({ ...bodies.department(), email: 'not-an-email' }), 'email', 'Please enter the valid E-mail'],
      ['teachers', 'INSTITUTE-HEAD', () => ({ ...bodies.teacher(A), departmentId: undefined }), 'departmentId', 'Please select department'],
      ['teachers', 'INSTITUTE-HEAD', () => ({ ...bodies.teacher(A), subjects: [] }), 'subjects', 'Please select atleast 1 subject'],
      ['students', 'INSTITUTE-HEAD', () => ({ ...bodies.student(A), departmentId: undefined }), 'departmentId', 'Please select department'],
      ['students', 'DEPARTMENT-HEAD', () => ({ ...bodies.student(A), email: 'student-at-example' }), 'email', 'Please enter valid email'],
      ['subjects', 'INSTITUTE-HEAD', () => ({ ...bodies.subject(), subjectname: '  ' }), 'subjectname', 'Subject name is required'],
      ['subjects', 'INSTITUTE-HEAD', () => ({ ...bodies.subject(), code: undefined }), 'code', 'Subject code is required'],
      ['groups', 'DEPARTMENT-HEAD', () => ({ ...bodies.group(A), students: [] }), 'students', 'Select students'],
      ['groups', 'TEACHER', () => ({ ...bodies.group(A), groupName: '' }), 'groupName', 'Group name required'],
      ['modules', 'TEACHER', () => ({ ...bodies.module(A), course_outcome_name: 'ab' }), 'course_outcome_name', 'Module name should be atleast 3 characters'],
      ['modules', 'TEACHER', () => ({ ...bodies.module(A), course_outcome_name: long }), 'course_outcome_name', 'Module length should not exceed 30 characters'],
      ['modules', 'TEACHER', () => ({ ...bodies.module(A), subject_id: undefined }), 'subject_id', 'Select the subject'],
      ['topics', 'TEACHER', () => ({ ...bodies.topic(A), module_id: 'first' }), 'module_id', 'Select the module'],
      ['questions', 'TEACHER', () => ({ ...bodies.question(A), marks: 0 }), 'marks', 'Enter valid marks'],
      ['questions', 'TEACHER', () => ({ ...bodies.question(A), module: undefined }), 'module', 'Select the module'],
      ['questions', 'TEACHER', () => ({ ...bodies.question(A), options: [{ text: 'Only', correct: true }] }), 'options', 'Add at least two options'],
      ['questions', 'TEACHER', () => ({ ...bodies.question(A), options: [{ text: 'A' }, { text: 'B' }] }), 'options', 'Mark at least one correct option'],
      ['quizzes', 'TEACHER', () => ({ ...bodies.quiz(A), group_id: undefined }), 'group_id', 'Group is required'],
      ['quizzes', 'TEACHER', () => ({ ...bodies.quiz(A), subjects: [] }), 'subjects', 'At least one subject is required'],
      ['quizzes', 'TEACHER', () => ({ ...bodies.quiz(A), duration: 120 }), 'duration', 'Duration entered does not match valid from and valid to date'],
      ['guidelines', 'ADMIN', () => ({ ...bodies.guideline('ADMIN'), role: 'JANITOR' }), 'role', 'Invalid role selected'],
      ['guidelines', 'ADMIN', () => ({ ...bodies.guideline('ADMIN'), content: [] }), 'content', 'Add atleast one Tab Menu item'],
      ['guidelines', 'ADMIN', () => ({ role: 'ADMIN', content: [{ title: 'Tab', description: '' }] }), 'content.0.description', 'Description is required'],
      ['feedbacks', 'STUDENT', () => ({ ...bodies.feedback(A.quiz), rating: 9 }), 'rating', 'Rating must be a whole number from 1 to 5'],
    ];

    it.each(cases)('%s as %s: 400 naming the field %s', async (resource, role, body, field, message) => {
      const before = await rowsOf(resource);
      const res = await t.request('POST', `/api/${resource}`, { token: tokenOf(A, role), body: body() });
      expectRefused(res, 400, 'invalid body');
      expect(json(res).data.errors[field]).toBe(message);
      expect(json(res).message).toBe(`Invalid ${field}: ${message}`);
      expect(await rowsOf(resource)).toEqual(before);
    });

    it('validates an update the same way and leaves the record as it was', async () => {
      const was = await readBack('modules', A, A.module);
      const res = await t.request('PUT', `/api/modules/${A.module}`, { token: A.tokens.TEACHER, body: { ...was, course_outcome_name: 'ab' } });
      expectRefused(res, 400, 'invalid update');
      expect(json(res).data.errors).toEqual({ course_outcome_name: 'Module name should be atleast 3 characters' });
      expect(await readBack('modules', A, A.module)).toEqual(was);
    });
  });

  describe('list queries', () => {
    it.each([
      ['a sort by a field that is not sortable', 'students', { sort: ['email', 'ASC'] }, 'sort'],
      ['a sort in an unknown order', 'students', { sort: ['fullname', 'UP'] }, 'sort'],
      ['a filter by an unknown field', 'students', { filter: { password_hash: 'x' } }, 'filter'],
      ['a filter by a tenant column', 'subjects', { filter: { institute_id: 1 } }, 'filter'],
      ['a filter value the field cannot hold', 'teachers', { filter: { departmentId: 'abc' } }, 'filter'],
      ['a filter by ids that are not ids', 'teachers', { filter: { id: ['abc'] } }, 'filter'],
      ['a filter value of the wrong type', 'teachers', { filter: { departmentId: true } }, 'filter'],
      ['a range over 1000 rows', 'students', { range: [0, 1000] }, 'range'],
      ['a range that ends before it starts', 'students', { range: [10, 5] }, 'range'],
      ['malformed JSON in sort', 'students', { sort: '["fullname",' }, 'sort'],
      ['malformed JSON in range', 'students', { range: '[0,' }, 'range'],
      ['malformed JSON in filter', 'students', { filter: '{"batch":' }, 'filter'],
    ] as const)('refuses %s with 400', async (_what, resource, query, field) => {
      const qs = Object.entries(query)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? encodeURIComponent(v) : enc(v)}`)
        .join('&');
      const res = await t.request('GET', `/api/${resource}?${qs}`, { token: A.tokens['INSTITUTE-HEAD'] });
      expectRefused(res, 400, 'list query');
      expect(Object.keys(json(res))).toEqual(expect.arrayContaining(['success', 'message']));
      expect(Object.keys(json(res).data.errors)).toEqual([field]);
    });

    it('sorts, pages and filters within the scope', async () => {
      const token = A.tokens['INSTITUTE-HEAD'];
      const all = await t.request('GET', `/api/students?sort=${enc(['fullname', 'DESC'])}&range=${enc([0, 999])}`, { token });
      const ids = json(all).data.map((s: { id: number }) => s.id);
      const total = ids.length;
      expect(total).toBeGreaterThan(3);
      const page = await t.request('GET', `/api/students?sort=${enc(['fullname', 'DESC'])}&range=${enc([1, 2])}`, { token });
      expect(json(page).data.map((s: { id: number }) => s.id)).toEqual(ids.slice(1, 3));
      expect(page.headers['content-range']).toBe(`students 1-2/${total}`);
      const semester = await t.request('GET', `/api/subjects?filter=${enc({ semester: 3 })}`, { token });
      expect(json(semester).data.map((s: { code: string }) => s.code)).toContain('CS201');

      // A free-text search finds nothing of the other institute, which finds its own.
      const studentB = await readBack('students', B, B.who.STUDENT.userId);
      const search = `/api/students?filter=${enc({ q: studentB.username })}`;
      expect(json(await t.request('GET', search, { token })).data).toEqual([]);
      expect(json(await t.request('GET', search, { token: B.tokens['INSTITUTE-HEAD'] })).data.map((s: { id: number }) => s.id)).toEqual([studentB.id]);
    });
  });
});
