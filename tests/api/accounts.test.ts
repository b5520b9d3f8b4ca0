import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import { describeDb, useTestApp, type TestApp } from './helper';

/** A multipart body built by hand, as a browser would send it. */
function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = '----portal-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const sheet = (rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx') => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Students');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
};

const upload = (t: TestApp, token: string, fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
  const body = multipart(fields, file);
  return t.portal.app.inject({ method: 'POST', url: '/api/students/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
};

const countStudents = async (t: TestApp) =>
  Number((await t.portal.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'STUDENT').executeTakeFirstOrThrow()).n);

describeDb('student sheet upload', () => {
  const t = useTestApp();
  const header = ['fullname', 'username', 'email', 'phone'];

  it('imports nothing when one row is bad, names that row, then imports the fixed sheet', async () => {
    const token = await t.login('department-head', 'DEPARTMENT-HEAD');
    const before = await countStudents(t);
    const rows = [
      header,
      ['Asha Rao', 'asha', 'asha@college.edu', '9876543210'],
      ['Bilal Khan', 'bilal', 'bilal@college.edu', '98765'],
      ['Chen Li', 'chen', 'chen@college.edu', '9876543212'],
    ];
    const bad = await upload(t, token, { semester: '3', batch: '2026' }, { name: 'class.xlsx', content: sheet(rows) });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/No students were imported/);
    expect(body.data.rows).toEqual([{ row: 3, field: 'phone', message: 'Please enter valid phone number' }]);
    expect(await countStudents(t)).toBe(before);

    rows[2][3] = '9876543211';
    const good = await upload(t, token, { semester: '3', batch: '2026' }, { name: 'class.xlsx', content: sheet(rows) });
    expect(good.statusCode).toBe(201);
    const data = good.json().data;
    expect(data.imported).toBe(3);
    expect(data.accounts.map((a: { username: string }) => a.username)).toEqual(['asha', 'bilal', 'chen']);
    expect(await countStudents(t)).toBe(before + 3);
    // The password sheet opens as a workbook with the same accounts.
    const wb = XLSX.read(Buffer.from(data.passwordSheet, 'base64'), { type: 'buffer' });
    const back = XLSX.utils.sheet_to_json<Record<string, string>>(wb.Sheets[wb.SheetNames[0]]);
    expect(back[1]).toMatchObject({ username: 'bilal', initialPassword: data.accounts[1].initialPassword });
    // The new student is in the department head's department, with the form's semester and batch.
    const asha = await t.portal.database.db.selectFrom('users').selectAll().where('username', '=', 'asha').executeTakeFirstOrThrow();
    expect(asha).toMatchObject({ semester: '3', batch: '2026', must_change_password: 1 });
    const head = await t.portal.database.db.selectFrom('users').selectAll().where('username', '=', 'department-head').executeTakeFirstOrThrow();
    expect(asha.department_id).toBe(head.department_id);
  });

  it('reports duplicates inside the sheet and against existing accounts by row', async () => {
    const token = await t.login('teacher', 'TEACHER');
    const res = await upload(t, token, { semester: '3', batch: '2026' }, {
      name: 'dupes.xls',
      content: sheet([header, ['Dev Patel', 'dev', 'dev@college.edu', '9876500001'], ['Dev Again', 'DEV', 'dev2@college.edu', '9876500002'], ['Sam Other', 'student', 'x@college.edu', '9876500003']], 'xls'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.rows).toEqual([
      { row: 3, field: 'username', message: 'Same username as row 2' },
      { row: 4, field: 'username', message: 'This username is already taken' },
    ]);
  });

  it.each([
    ['a file that is not Excel by name', { name: 'class.csv', content: Buffer.from('a,b\n') }, 400, 'Only Excel files are allowed'],
    ['a renamed executable', { name: 'class.xlsx', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 1)]) }, 400, 'Only Excel files are allowed'],
    ['a file over 2 MB', { name: 'big.xlsx', content: Buffer.alloc(2 * 1024 * 1024 + 10, 0x50) }, 413, 'File size should be less than 2 MB'],
  ])('refuses %s', async (_what, file, status, message) => {
    const token = await t.login('department-head', 'DEPARTMENT-HEAD');
    const res = await upload(t, token, { semester: '3', batch: '2026' }, file);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('validates semester and batch with their messages', async () => {
    const token = await t.login('department-head', 'DEPARTMENT-HEAD');
    const res = await upload(t, token, { semester: '', batch: '12345678901' }, { name: 'a.xlsx', content: sheet([header]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toMatchObject({ semester: 'Semester is required', batch: 'Batch should not exceed 10 characters' });
  });

  it('makes the institute head choose a department of their own institute, and refuses students', async () => {
    const head = await t.login('institute-head', 'INSTITUTE-HEAD');
    const res = await upload(t, head, { semester: '3', batch: '2026' }, { name: 'a.xlsx', content: sheet([header, ['Eva Moss', 'eva', 'eva@college.edu', '9876500009']]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.departmentId).toBe('Please select department');
    const student = await t.login('student', 'STUDENT');
    expect((await upload(t, student, { semester: '3', batch: '2026' })).statusCode).toBe(403);
  });

  it('offers a template with the expected columns', async () => {
    const token = await t.login('teacher', 'TEACHER');
    const res = await t.request('GET', '/api/students/upload/template', { token });
    expect(res.statusCode).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json(wb.Sheets.Students, { header: 1 })[0]).toEqual(header);
  });
});

/** A real SMTP server on loopback that keeps every message it receives. */
async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const smtp = await startSmtp();
afterAll(() => smtp.close());

describeDb('passwords: first sign-in, change, forgotten', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://portal.test' });

  it('sends a single-use reset link by SMTP that sets a new password', async () => {
    const before = smtp.received.length;
    const res = await t.request('POST', '/api/auth/forgot-password', { body: { login: 'TEACHER@demo.example' } });
    expect(res.statusCode).toBe(200);
    const unknown = await t.request('POST', '/api/auth/forgot-password', { body: { login: 'nobody' } });
    expect(unknown.json().message).toBe(res.json().message);
    // The mail is sent after the answer; wait for that work to finish.
    await t.portal.app.jobs.drain();
    expect(smtp.received.length).toBe(before + 1);
    // Undo the quoted-printable transfer encoding (soft line breaks, =XX bytes).
    const mail = smtp.received
      .at(-1)!
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(mail).toMatch(/To: teacher@demo\.example/i);
    const token = /reset-password\?token=([\w%-]+)/.exec(mail)![1];

    const weak = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'short', confirmPassword: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.errors.newPassword).toBe('Password must have at least 8 characters');

    const done = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'new-secret-42', confirmPassword: 'new-secret-42' } });
    expect(done.statusCode).toBe(200);
    expect(await t.login('teacher', 'TEACHER', 'new-secret-42')).toBeTruthy();
    await expect(t.login('teacher', 'TEACHER')).rejects.toThrow();
    const again = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'other-secret-7', confirmPassword: 'other-secret-7' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link is invalid or has expired');
  });

  it('makes a new account set its own password before anything else', async () => {
    const head = await t.login('institute-head', 'INSTITUTE-HEAD');
    const created = await t.request('POST', '/api/subjects', { token: head, body: { subjectname: 'Algorithms', code: 'CS301', semester: '5' } });
    expect(created.statusCode).toBe(201);
    const teacher = await t.request('POST', '/api/teachers', {
      token: head,
      body: { email: 'new.teacher@college.edu', fullname: 'Nina New', username: 'nina', phone: '9811111111', departmentId: 1, subjects: [created.json().data.id] },
    });
    expect(teacher.statusCode).toBe(201);
    const initial = teacher.json().data.initialPassword as string;
    expect(initial.length).toBeGreaterThanOrEqual(10);

    const token = await t.login('nina', 'TEACHER', initial);
    expect((await t.request('GET', '/api/teacher/verify', { token })).json().data.mustChangePassword).toBe(true);
    const blocked = await t.request('GET', '/api/modules', { token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please set a new password before you continue');
    const mismatch = await t.request('POST', '/api/auth/change-password', { token, body: { currentPassword: initial, newPassword: 'my-own-pass-1', confirmPassword: 'typo' } });
    expect(mismatch.json().data.errors.confirmPassword).toBe('Passwords do not match');
    const changed = await t.request('POST', '/api/auth/change-password', { token, body: { currentPassword: initial, newPassword: 'my-own-pass-1', confirmPassword: 'my-own-pass-1' } });
    expect(changed.statusCode).toBe(200);
    expect((await t.request('GET', '/api/modules', { token })).statusCode).toBe(200);
  });

  it('shows a person their profile and lets them change their phone', async () => {
    const token = await t.login('student', 'STUDENT');
    const res = await t.request('GET', '/api/profile', { token });
    expect(res.json().data).toMatchObject({
      username: 'student',
      role: 'STUDENT',
      institute: 'Demo Institute of Technology',
      department: 'Computer Science',
      semester: '3',
      batch: '2026',
      groups: [expect.objectContaining({ name: 'CS 2026 - Section A' })],
    });
    const bad = await t.request('PUT', '/api/profile', { token, body: { phone: '12' } });
    expect(bad.json().data.errors.phone).toBe('Please enter the valid phone number');
    const ok = await t.request('PUT', '/api/profile', { token, body: { phone: '9123400000' } });
    expect(ok.json().data.phone).toBe('9123400000');
  });
});
