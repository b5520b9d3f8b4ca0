import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { isPostgres } from '../db/migrations/helpers';
import { AppError } from '../lib/errors';
import { detailOf, EVENTS_PER_ATTEMPT_MAX, type IntegrityEvent } from '../../src/schemas/integrity';

/** An event the server itself observed (a SEB refusal); stored once per client id. */
export async function recordServerEvent(db: Kysely<Database>, attemptId: number, clientId: string, type: string, at: number, detail?: Record<string, unknown>) {
  await db
    .insertInto('integrity_events')
    .values({ attempt_id: attemptId, client_id: clientId, type, at, duration_ms: null, detail: detail ? JSON.stringify(detail) : null, received_at: at })
    .onConflict((oc) => oc.columns(['attempt_id', 'client_id']).doNothing())
    .execute();
}

/**
 * Stores a batch of an attempt's events, idempotent by the browser's event id. The whole batch
 * is refused (nothing stored) when it would take the attempt past EVENTS_PER_ATTEMPT_MAX.
 */
export async function storeEvents(db: Kysely<Database>, attemptId: number, events: IntegrityEvent[], now: number): Promise<{ stored: number; duplicates: number; total: number }> {
  // A batch may repeat an id (a resend inside one batch): the first copy counts.
  const unique = [...new Map(events.map((e) => [e.id, e])).values()];
  return db.transaction().execute(async (trx) => {
    // Two batches of one attempt at once must not both pass the limit: they queue on the attempt's row.
    if (isPostgres(db)) await trx.selectFrom('attempts').select('id').where('id', '=', attemptId).forUpdate().execute();
    const known = new Set(
      (await trx.selectFrom('integrity_events').select('client_id').where('attempt_id', '=', attemptId).where('client_id', 'in', unique.map((e) => e.id)).execute()).map((r) => r.client_id),
    );
    const fresh = unique.filter((e) => !known.has(e.id));
    const { count } = await trx.selectFrom('integrity_events').select((eb) => eb.fn.countAll<number>().as('count')).where('attempt_id', '=', attemptId).executeTakeFirstOrThrow();
    const total = Number(count);
    if (total + fresh.length > EVENTS_PER_ATTEMPT_MAX) {
      throw new AppError(413, `An attempt keeps at most ${EVENTS_PER_ATTEMPT_MAX} integrity events`, 'TOO_MANY_EVENTS', { errors: { events: `At most ${EVENTS_PER_ATTEMPT_MAX} events an attempt` } });
    }
    if (fresh.length) {
      await trx
        .insertInto('integrity_events')
        .values(
          fresh.map((e) => {
            const detail = detailOf(e);
            return { attempt_id: attemptId, client_id: e.id, type: e.type, at: e.at, duration_ms: e.durationMs ?? null, detail: Object.keys(detail).length ? JSON.stringify(detail) : null, received_at: now };
          }),
        )
        .onConflict((oc) => oc.columns(['attempt_id', 'client_id']).doNothing())
        .execute();
    }
    return { stored: fresh.length, duplicates: events.length - fresh.length, total: total + fresh.length };
  });
}

/** How far an event's time may lie before the attempt's start or after the server's clock (a device's clock drifts). */
const CLOCK_SLACK_MS = 5 * 60_000;

/** Refuses (400, naming the event) a batch with an event timed outside the attempt. */
export function assertEventsWithinAttempt(events: readonly Pick<IntegrityEvent, 'at'>[], startedAt: number, now: number): void {
  for (const [i, e] of events.entries()) {
    if (e.at < startedAt - CLOCK_SLACK_MS || e.at > now + CLOCK_SLACK_MS) {
      throw new AppError(400, `Invalid event: at must lie within the attempt`, 'BAD_EVENT', { errors: { [`events.${i}.at`]: 'at must lie within the attempt' } });
    }
  }
}
