import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { CLAIM } from './claims';
import type { Platform } from './platforms';

type Db = Kysely<Database> | Transaction<Database>;

/** What a launch says of the course link it came through. */
export interface LaunchLink {
  deploymentId: string;
  contextId: string;
  contextTitle: string | null;
  resourceLinkId: string;
  lineitem: string | null;
  agsScopes: string[];
  membershipsUrl: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/** The course link of a resource-link launch's claims. */
export function launchLinkOf(claims: Record<string, unknown>): LaunchLink {
  const context = (claims[CLAIM.context] ?? {}) as Record<string, unknown>;
  const resource = (claims[CLAIM.resourceLink] ?? {}) as Record<string, unknown>;
  const ags = (claims[CLAIM.ags] ?? {}) as Record<string, unknown>;
  const nrps = (claims[CLAIM.nrps] ?? {}) as Record<string, unknown>;
  return {
    deploymentId: String(claims[CLAIM.deploymentId]),
    contextId: str(context.id) ?? '',
    contextTitle: str(context.title) ?? str(context.label),
    resourceLinkId: str(resource.id) ?? '',
    lineitem: str(ags.lineitem),
    agsScopes: Array.isArray(ags.scope) ? ags.scope.filter((s): s is string => typeof s === 'string') : [],
    membershipsUrl: str(nrps.context_memberships_url),
  };
}

/**
 * Records (or refreshes) the link of a quiz in an LMS course, and, for a learner, that they came
 * through it: their quiz grade goes to its line item. Returns the link's id.
 */
export async function recordLink(trx: Db, platform: Platform, quizId: number, link: LaunchLink, learner: { userId: number; sub: string } | null, now: number): Promise<number> {
  const existing = await trx
    .selectFrom('lti_links')
    .select(['id'])
    .where('platform_id', '=', platform.id)
    .where('resource_link_id', '=', link.resourceLinkId)
    .where('quiz_id', '=', quizId)
    .executeTakeFirst();
  const values = {
    deployment_id: link.deploymentId,
    context_id: link.contextId,
    context_title: link.contextTitle,
    lineitem: link.lineitem,
    ags_scopes: JSON.stringify(link.agsScopes),
    memberships_url: link.membershipsUrl,
    updated_at: now,
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await trx.updateTable('lti_links').set(values).where('id', '=', id).execute();
  } else {
    id = (
      await trx
        .insertInto('lti_links')
        .values({ ...values, quiz_id: quizId, platform_id: platform.id, resource_link_id: link.resourceLinkId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  if (learner) {
    const there = await trx.selectFrom('lti_link_users').select('link_id').where('link_id', '=', id).where('user_id', '=', learner.userId).executeTakeFirst();
    if (!there) await trx.insertInto('lti_link_users').values({ link_id: id, user_id: learner.userId, sub: learner.sub, created_at: now }).execute();
  }
  return id;
}
