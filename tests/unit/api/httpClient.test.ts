import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { read, request, send, upload } from '../../../src/api/httpClient';
import { registerNavigator } from '../../../src/navigation/appNavigator';
import { getToasts } from '../../../src/ui/toast/toastStore';
import { useMswServer } from '../helpers/mswServer';
import { resetToastsAfterEach, toastSummaries } from '../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

afterEach(() => vi.restoreAllMocks());

describe('httpClient', () => {
  it('returns the envelope of a successful call without a toast', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json({ success: true, message: 'ok', data: [1, 2] })));

    await expect(read('/things')).resolves.toEqual({ success: true, message: 'ok', data: [1, 2] });
    expect(getToasts()).toHaveLength(0);
  });

  it("raises an 'Error' toast with the server message when the answer is success false", async () => {
    server.use(http.get('/api/things', () => HttpResponse.json({ success: false, message: 'Not yours' }, { status: 403 })));

    const result = await read('/things');

    expect(result).toEqual({ success: false, message: 'Not yours' });
    expect(getToasts()).toMatchObject([{ severity: 'error', summary: 'Error', detail: 'Not yours' }]);
  });

  it('stays quiet about success false when the call disables toasts', async () => {
    server.use(http.post('/api/things', () => HttpResponse.json({ success: false, message: 'Duplicate' })));

    const result = await send('/things', { a: 1 }, { toast: false });

    expect(result).toMatchObject({ success: false, message: 'Duplicate' });
    expect(getToasts()).toHaveLength(0);
  });

  it("on 405 removes role and token, goes to '/', answers 'Session Expired!!' and shows no toast", async () => {
    localStorage.setItem('token', 't-1');
    localStorage.setItem('role', 'TEACHER');
    localStorage.setItem('username', 'ann');
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate);
    server.use(http.get('/api/teacher/verify', () => HttpResponse.json({ success: false, message: 'x' }, { status: 405 })));

    const result = await read('/teacher/verify');
    unregister();

    expect(result).toEqual({ success: false, message: 'Session Expired!!' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('username')).toBe('ann');
    expect(navigate).toHaveBeenCalledWith('/');
    expect(getToasts()).toHaveLength(0);
  });

  it('drops the requests of a session that a 405 ends while they wait: each answers as the ended session, with one navigation and no toast', async () => {
    localStorage.setItem('token', 't-1');
    localStorage.setItem('role', 'TEACHER');
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate);
    const answered: string[] = [];
    server.use(
      http.get('/api/slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answered.push('slow');
        return HttpResponse.json({ success: true, message: 'late', data: 1 });
      }),
      http.get('/api/public', async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
      http.get('/api/revoked', () => HttpResponse.json({ success: false, message: 'x' }, { status: 405 })),
    );

    const slow = request('/slow');
    const ended = await request('/revoked');
    // Sent after the session ended: it carries no credentials and is nobody's to drop.
    const tokenless = read('/public', { toast: false });

    await expect(slow).resolves.toMatchObject({ status: 405, result: { success: false, message: 'Session Expired!!' } });
    expect(ended.status).toBe(405);
    await expect(tokenless).resolves.toEqual({ success: true, message: 'ok' });
    unregister();
    expect(navigate.mock.calls).toEqual([['/']]);
    expect(getToasts()).toHaveLength(0);
  });

  it("offline: makes no request and answers 'Connection Issue' with a toast", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const handler = vi.fn(() => HttpResponse.json({ success: true, message: '' }));
    server.use(http.get('/api/things', handler));

    const result = await read('/things', { toast: false });

    expect(handler).not.toHaveBeenCalled();
    expect(result).toEqual({ success: false, internet: true, message: 'Connection Issue' });
    expect(toastSummaries()).toEqual(['Connection Issue']);
  });

  it("treats a network failure as 'Connection Issue'", async () => {
    server.use(http.get('/api/things', () => HttpResponse.error()));

    const response = await request('/things');

    expect(response.result).toEqual({ success: false, internet: true, message: 'Connection Issue' });
    expect(response.status).toBe(0);
    expect(toastSummaries()).toEqual(['Connection Issue']);
  });

  it("treats a body that is not JSON as 'Connection Issue'", async () => {
    server.use(http.get('/api/things', () => new HttpResponse('<html>oops</html>', { status: 200 })));

    await expect(read('/things')).resolves.toEqual({ success: false, internet: true, message: 'Connection Issue' });
    expect(toastSummaries()).toEqual(['Connection Issue']);
  });

  it('sends the stored token as a bearer Authorization header, and none without a token', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/things', ({ request: req }) => {
        seen.push(req.headers.get('authorization'));
        return HttpResponse.json({ success: true, message: '' });
      }),
    );

    await read('/things');
    localStorage.setItem('token', 'abc');
    await read('/things');

    expect(seen).toEqual([null, 'Bearer abc']);
  });

  it('send posts JSON by default and passes other content types through untouched', async () => {
    const bodies: { method: string; type: string | null; text: string }[] = [];
    const record = async ({ request: req }: { request: Request }) => {
      bodies.push({ method: req.method, type: req.headers.get('content-type'), text: await req.text() });
      return HttpResponse.json({ success: true, message: '' });
    };
    server.use(http.post('/api/things', record), http.put('/api/things', record));

    await send('/things', { name: 'x' });
    await send('/things', 'a,b', { method: 'PUT', contentType: 'text/csv' });

    expect(bodies).toEqual([
      { method: 'POST', type: 'application/json', text: '{"name":"x"}' },
      { method: 'PUT', type: 'text/csv', text: 'a,b' },
    ]);
  });

  it('upload posts the form data as is and leaves the content type to the browser', async () => {
    let contentType: string | null = null;
    let fileName: string | undefined;
    server.use(
      http.post('/api/students/upload', async ({ request: req }) => {
        contentType = req.headers.get('content-type');
        const file = (await req.formData()).get('file');
        fileName = file instanceof File ? file.name : undefined;
        return HttpResponse.json({ success: true, message: 'Uploaded' });
      }),
    );
    const form = new FormData();
    form.append('file', new File(['x'], 'students.xlsx'));

    const result = await upload('/students/upload', form);

    expect(result.success).toBe(true);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(fileName).toBe('students.xlsx');
  });

  it('exposes the status and headers of the answer', async () => {
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json({ success: true, message: '', data: [] }, { headers: { 'Content-Range': 'things 0-0/0' } }),
      ),
    );

    const response = await request('/things');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toBe('things 0-0/0');
  });
});
