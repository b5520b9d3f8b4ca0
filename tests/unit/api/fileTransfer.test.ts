import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { downloadFile, filenameOf, isDownloadedFile, uploadWithProgress } from '../../../src/api/fileTransfer';
import { clearStorage } from '../../../src/auth/session';
import { registerNavigator } from '../../../src/navigation/appNavigator';
import { getToasts } from '../../../src/ui/toast/toastStore';
import { useMswServer } from '../helpers/mswServer';
import { resetToastsAfterEach, toastSummaries } from '../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

afterEach(() => vi.restoreAllMocks());

const form = () => {
  const data = new FormData();
  data.append('semester', '3');
  return data;
};

describe('uploadWithProgress', () => {
  it('sends the form with the bearer token and reads the envelope', async () => {
    localStorage.setItem('token', 't-9');
    let authorization: string | null = null;
    server.use(
      http.post('/api/students/upload', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ success: true, message: '2 students imported', data: { imported: 2 } }, { status: 201 });
      }),
    );

    const { result, status } = await uploadWithProgress('/students/upload', form());

    expect(status).toBe(201);
    expect(result).toEqual({ success: true, message: '2 students imported', data: { imported: 2 } });
    expect(authorization).toBe('Bearer t-9');
  });

  it("raises the 'Error' toast unless the call disables it", async () => {
    server.use(http.post('/api/students/upload', () => HttpResponse.json({ success: false, message: 'Not allowed' }, { status: 403 })));

    await uploadWithProgress('/students/upload', form());
    await uploadWithProgress('/students/upload', form(), { toast: false });

    expect(getToasts()).toMatchObject([{ summary: 'Error', detail: 'Not allowed' }]);
  });

  it('drops an upload whose session ends on the way: it answers as the ended session, without a toast', async () => {
    localStorage.setItem('token', 't-2');
    localStorage.setItem('role', 'TEACHER');
    server.use(
      http.post('/api/students/upload', async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ success: true, message: 'late' }, { status: 201 });
      }),
    );

    const upload = uploadWithProgress('/students/upload', form());
    clearStorage();

    await expect(upload).resolves.toMatchObject({ status: 405, result: { success: false, message: 'Session Expired!!' } });
    expect(getToasts()).toHaveLength(0);
  });

  it("on 405 forgets the session, goes to '/' and shows no toast", async () => {
    localStorage.setItem('token', 't-1');
    localStorage.setItem('role', 'TEACHER');
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate);
    server.use(http.post('/api/students/upload', () => HttpResponse.json({ success: false, message: 'x' }, { status: 405 })));

    const { result } = await uploadWithProgress('/students/upload', form());
    unregister();

    expect(result).toEqual({ success: false, message: 'Session Expired!!' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(getToasts()).toHaveLength(0);
  });

  it("offline: sends nothing and answers 'Connection Issue' with its toast", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const received = vi.fn();
    server.use(http.post('/api/students/upload', received));

    const { result } = await uploadWithProgress('/students/upload', form());

    expect(result).toEqual({ success: false, internet: true, message: 'Connection Issue' });
    expect(received).not.toHaveBeenCalled();
    expect(toastSummaries()).toEqual(['Connection Issue']);
  });
});

describe('downloadFile', () => {
  it('returns the file and its name', async () => {
    server.use(
      http.get('/api/students/upload/template', () =>
        new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="students-template.xlsx"' },
        }),
      ),
    );

    const answer = await downloadFile('/students/upload/template');

    expect(isDownloadedFile(answer)).toBe(true);
    if (!isDownloadedFile(answer)) return;
    expect(answer.filename).toBe('students-template.xlsx');
    expect(answer.blob.size).toBe(4);
  });

  it("reads the server's error envelope and reports it", async () => {
    server.use(http.get('/api/students/upload/template', () => HttpResponse.json({ success: false, message: 'Not allowed' }, { status: 403 })));

    const answer = await downloadFile('/students/upload/template');

    expect(answer).toEqual({ success: false, message: 'Not allowed' });
    expect(getToasts()).toMatchObject([{ summary: 'Error', detail: 'Not allowed' }]);
  });
});

describe('filenameOf', () => {
  it('reads both forms of Content-Disposition', () => {
    expect(filenameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(filenameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.xlsx")).toBe('résumé.xlsx');
    expect(filenameOf(null)).toBeUndefined();
  });
});
