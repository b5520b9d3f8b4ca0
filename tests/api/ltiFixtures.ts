import { expect } from 'vitest';
import type { TestApp } from './helper';
import { created } from './fixtures';
import { ensureToolKey, publicKeySet } from '../../server/lti/keys';
import { platformById, type Platform } from '../../server/lti/platforms';
import { recordLink } from '../../server/lti/links';
import { SCOPE } from '../../server/lti/claims';
import { startTestPlatform, type TestPlatform } from '../support/ltiPlatform';

/** The test platform, registered by the admin for `instituteId` through the API. */
export async function registeredPlatform(t: TestApp, instituteId: number): Promise<{ lms: TestPlatform; platform: Platform }> {
  // The tool's key pair exists before the first grade (a portal makes it when it starts serving LTI).
  await ensureToolKey(t.portal.database.db);
  const lms = await startTestPlatform({ toolJwks: () => publicKeySet(t.portal.database.db) });
  const admin = await t.login('admin', 'ADMIN');
  const id = created(await t.request('POST', '/api/lti-platforms', { token: admin, body: lms.registration(instituteId) }), 'LTI platform').id as number;
  return { lms, platform: (await platformById(t.portal.database.db, id))! };
}

/** A course link of `quizId` with the platform's line item and member list, as a launch records it; `learner` came through it. */
export async function linkQuiz(t: TestApp, lms: TestPlatform, platform: Platform, quizId: number, learner: { userId: number; sub: string } | null, opts: { memberships?: boolean; lineitem?: boolean } = {}): Promise<number> {
  return recordLink(
    t.portal.database.db,
    platform,
    quizId,
    {
      deploymentId: lms.deploymentId,
      contextId: 'course-1',
      contextTitle: 'Course one',
      resourceLinkId: `link-${quizId}`,
      lineitem: opts.lineitem === false ? null : lms.lineitem,
      agsScopes: [SCOPE.score],
      membershipsUrl: opts.memberships === false ? null : lms.membershipsUrl,
    },
    learner,
    Date.now(),
  );
}

/** An existing portal student known to the platform as `sub` (what a first launch records). */
export async function knownAs(t: TestApp, platform: Platform, userId: number, sub: string): Promise<void> {
  await t.portal.database.db.insertInto('lti_users').values({ platform_id: platform.id, sub, user_id: userId, created_at: Date.now() }).execute();
}

/** Waits until `check` gives a truthy value (polled every 20 ms), at most `ms`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, ms = 5_000): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) expect.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
