import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { createDataProvider } from '../../../src/api/dataProvider';
import { getToasts } from '../../../src/ui/toast/toastStore';
import { useMswServer } from '../helpers/mswServer';
import { resetToastsAfterEach } from '../helpers/toasts';

const server = useMswServer();
resetToastsAfterEach();

const dataProvider = createDataProvider({ department: 'departments' });

describe('dataProvider', () => {
  it('lists the mapped API resource, unwrapping the envelope and reading Content-Range', async () => {
    let range: string | null = null;
    server.use(
      http.get('/api/departments', ({ request }) => {
        range = request.headers.get('range');
        return HttpResponse.json(
          { success: true, message: '', data: [{ id: 1, departmentName: 'Physics' }] },
          { headers: { 'Content-Range': 'departments 0-0/31' } },
        );
      }),
    );

    const result = await dataProvider.getList('department', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });

    expect(result).toEqual({ data: [{ id: 1, departmentName: 'Physics' }], total: 31 });
    expect(range).toBe('departments=0-24');
  });

  it('sends JSON bodies and returns the created record', async () => {
    server.use(
      http.post('/api/subjects', async ({ request }) =>
        HttpResponse.json({
          success: true,
          message: 'Created',
          data: { id: 7, ...((await request.json()) as object), type: request.headers.get('content-type') },
        }),
      ),
    );

    const { data } = await dataProvider.create('subjects', { data: { subjectname: 'Maths' } });

    expect(data).toEqual({ id: 7, subjectname: 'Maths', type: 'application/json' });
  });

  it("turns a 400's field map into react-admin field errors, without a toast of its own", async () => {
    server.use(
      http.post('/api/subjects', () =>
        HttpResponse.json(
          { success: false, message: 'Invalid input', data: { errors: { code: 'Subject code is required' } } },
          { status: 400 },
        ),
      ),
    );

    const error = await dataProvider.create('subjects', { data: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', body: { errors: { code: 'Subject code is required' } } });
    expect(getToasts()).toHaveLength(0);
  });

  it('reports other failures with their status', async () => {
    server.use(http.get('/api/subjects/3', () => HttpResponse.json({ success: false, message: 'Not found' }, { status: 404 })));

    await expect(dataProvider.getOne('subjects', { id: 3 })).rejects.toMatchObject({ status: 404, message: 'Not found' });
  });
});
