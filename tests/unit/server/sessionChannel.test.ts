// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OwedRevocation, PgSessionChannel } from '../../../server/auth/sessionChannel';
import type { LinkLogger } from '../../../server/lib/redis';

const quietLog: LinkLogger = { warn: () => undefined, info: () => undefined };

describe('a revocation this process could not send', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is sent again every second until it goes through, then no more', async () => {
    const results = [false, false, true];
    const send = vi.fn(async () => results.shift() ?? true);
    const owed = new OwedRevocation(send);
    owed.failed();
    owed.failed(); // a second failure meanwhile: still one loop
    expect(owed.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(owed.pending).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('sends again when another failure came while a retry was being sent', async () => {
    let release: (sent: boolean) => void = () => undefined;
    const send = vi.fn(() => new Promise<boolean>((r) => (release = r)));
    const owed = new OwedRevocation(send);
    owed.failed();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    owed.failed(); // a newer revocation failed while the retry is under way
    release(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    release(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(owed.pending).toBe(false);
  });

  it('stops trying when the channel closes', async () => {
    const send = vi.fn(async () => false);
    const owed = new OwedRevocation(send);
    owed.failed();
    await vi.advanceTimersByTimeAsync(2_000);
    owed.close();
    const calls = send.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send.mock.calls.length).toBe(calls);
  });

  it('through PostgreSQL: a failed NOTIFY is followed by "forget everything" once NOTIFY works again', async () => {
    const channel = new PgSessionChannel('postgres://unused', quietLog);
    const sent: { name: string; payload: Record<string, unknown> }[] = [];
    let up = false;
    channel.publishWith(async (name, payload) => {
      if (!up) throw new Error('connection refused');
      sent.push({ name, payload: JSON.parse(payload) });
    });
    await channel.publish({ kind: 'session', id: 7 });
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent).toEqual([]);
    up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({ kind: 'all' });
    await channel.publish({ kind: 'user', id: 3 });
    expect(sent[1].payload).toMatchObject({ kind: 'user', id: 3 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(2);
    await channel.close();
  });
});
