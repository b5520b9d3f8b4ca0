import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { IntegrityEventQueue } from '../../../src/student/integrity/eventQueue';
import { addSebHeaders } from '../../../src/api/sebBridge';
import { useMswServer } from '../helpers/mswServer';

const server = useMswServer();

describe('IntegrityEventQueue', () => {
  it('keeps events on the device until the server has them, in batches of at most 200', async () => {
    const batches: { id: string; at: number }[][] = [];
    let fail = true;
    server.use(
      http.post('/api/student/attempts/7/events', async ({ request }) => {
        if (fail) return HttpResponse.json({ success: false, message: 'busy' }, { status: 503 });
        const body = (await request.json()) as { events: { id: string; at: number }[] };
        batches.push(body.events);
        return HttpResponse.json({ success: true, message: 'Events recorded', data: {} });
      }),
    );
    const queue = new IntegrityEventQueue(7);
    for (let i = 0; i < 250; i++) queue.add({ type: 'copy', at: 1000.5 + i });
    await queue.flush();
    expect(queue.pending).toBe(250);
    // A new queue for the same attempt (the page reloaded) finds them.
    const again = new IntegrityEventQueue(7);
    fail = false;
    await again.flush();
    expect(batches.map((b) => b.length)).toEqual([200, 50]);
    expect(new Set(batches.flat().map((e) => e.id)).size).toBe(250);
    // Whole milliseconds, as the API takes them (the server clock's estimate has fractions).
    expect(batches.flat().every((e) => Number.isInteger(e.at))).toBe(true);
    expect(again.pending).toBe(0);
  });

  it('drops a batch the server refuses for good (the exam is over)', async () => {
    server.use(http.post('/api/student/attempts/8/events', () => HttpResponse.json({ success: false, message: 'The time for this exam is over' }, { status: 409 })));
    const queue = new IntegrityEventQueue(8);
    queue.add({ type: 'paste', at: 1 });
    await queue.flush();
    expect(queue.pending).toBe(0);
  });
});

describe('SEB JavaScript API headers', () => {
  it('adds nothing outside Safe Exam Browser, and the key with its page URL inside it', () => {
    const plain = new Headers();
    addSebHeaders(plain);
    expect([...plain.keys()]).toEqual([]);
    (window as unknown as { SafeExamBrowser: unknown }).SafeExamBrowser = { security: { configKey: 'a'.repeat(64), browserExamKey: 'b'.repeat(64) } };
    try {
      const inside = new Headers();
      addSebHeaders(inside);
      expect(inside.get('X-SEB-Config-Key')).toBe('a'.repeat(64));
      expect(inside.get('X-SEB-Browser-Exam-Key')).toBe('b'.repeat(64));
      expect(inside.get('X-SEB-Page-URL')).toBe(window.location.href.split('#')[0]);
    } finally {
      delete (window as unknown as { SafeExamBrowser?: unknown }).SafeExamBrowser;
    }
  });
});
