import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { accountOf, addToGroup, emailOf, fullnameOf, learnerAccount, type LmsPerson } from './accounts';
import { isInstructor, isLearner, MEMBERSHIPS_ACCEPT, SCOPE } from './claims';
import { bodyExcerpt, ltiFetch } from './http';
import { platformById, type Platform } from './platforms';
import { accessToken, dropAccessToken, LmsError } from './serviceToken';

/**
 * Names and roles (LTI Advantage NRPS): a course's members read from the LMS, and its learners put
 * in the quiz's group (accounts made for those the portal does not know yet).
 */

/** The most pages of a member list the portal reads (a course of thousands fits with any page size a platform uses). */
export const MEMBER_PAGES_MAX = 100;

/** A member of an NRPS member list (its `user_id` is the `sub` of launches). */
export interface NrpsMember extends Omit<LmsPerson, 'sub'> {
  user_id: string;
  roles?: unknown;
  status?: unknown;
}

/** The URL of a Link header's rel="next", if any. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const m = /<([^>]+)>\s*;(.*)/.exec(part.trim());
    if (m && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(m[2])) return m[1];
  }
  return null;
}

/** Every member of the course, page by page (Link rel="next"), at most MEMBER_PAGES_MAX pages. */
export async function fetchMembers(db: Kysely<Database>, platform: Platform, membershipsUrl: string): Promise<NrpsMember[]> {
  const scopes = [SCOPE.memberships];
  const members: NrpsMember[] = [];
  let url: string | null = membershipsUrl;
  let retried = false;
  for (let page = 0; url && page < MEMBER_PAGES_MAX; page++) {
    const token = await accessToken(db, platform, scopes);
    let res: Response;
    try {
      res = await ltiFetch(url, { headers: { Accept: MEMBERSHIPS_ACCEPT, Authorization: `Bearer ${token}` } });
    } catch (err) {
      throw new LmsError(0, `The LMS's member list could not be reached: ${(err as Error).message}`);
    }
    if (res.status === 401 && !retried) {
      // A token the LMS no longer takes: one more try with a fresh one.
      dropAccessToken(platform, scopes);
      retried = true;
      page--;
      continue;
    }
    if (!res.ok) throw new LmsError(res.status, `The LMS refused the member list (HTTP ${res.status}): ${await bodyExcerpt(res)}`);
    const body = (await res.json().catch(() => null)) as { members?: unknown } | null;
    if (!body || !Array.isArray(body.members)) throw new LmsError(res.status, 'The LMS answered the member list request without a member list');
    for (const m of body.members) if (m && typeof m === 'object' && typeof (m as NrpsMember).user_id === 'string') members.push(m as NrpsMember);
    url = nextLink(res.headers.get('link'));
  }
  return members;
}

export interface MemberEntry {
  sub: string;
  name: string;
  email: string | null;
}

/** Learners (active) to sync; instructors, inactive members and other roles are skipped. */
export function learnersOf(members: readonly NrpsMember[]): { learners: NrpsMember[]; skipped: number } {
  const learners: NrpsMember[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const m of members) {
    const roles = Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [];
    const active = m.status === undefined || m.status === 'Active';
    if (!active || isInstructor(roles) || !isLearner(roles) || seen.has(m.user_id)) {
      skipped++;
      continue;
    }
    seen.add(m.user_id);
    learners.push(m);
  }
  return { learners, skipped };
}

const personOf = (m: NrpsMember): LmsPerson => ({ sub: m.user_id, name: m.name, given_name: m.given_name, family_name: m.family_name, email: m.email });
const entryOf = (m: NrpsMember): MemberEntry => ({ sub: m.user_id, name: fullnameOf(personOf(m)), email: emailOf(personOf(m)) });

export interface LinkOfQuiz {
  id: number;
  platform_id: number;
  memberships_url: string | null;
}

/** A link of this quiz (or undefined). */
export const linkOfQuiz = (db: Kysely<Database>, quizId: number, linkId: number): Promise<LinkOfQuiz | undefined> =>
  db.selectFrom('lti_links').select(['id', 'platform_id', 'memberships_url']).where('id', '=', linkId).where('quiz_id', '=', quizId).executeTakeFirst();

/** The learners of the link's course, split into those the sync adds to the group and those already in it. */
export async function membersPreview(
  db: Kysely<Database>,
  link: LinkOfQuiz & { memberships_url: string },
  groupId: number,
): Promise<{ platform: Platform; add: (MemberEntry & { person: LmsPerson })[]; already: (MemberEntry & { accountId: number })[]; skipped: number }> {
  const platform = await platformById(db, link.platform_id);
  if (!platform) throw new LmsError(0, 'The LMS registration of this link is gone');
  const { learners, skipped: notLearners } = learnersOf(await fetchMembers(db, platform, link.memberships_url));
  let skipped = notLearners;
  const inGroup = new Set((await db.selectFrom('group_students').select('student_id').where('group_id', '=', groupId).execute()).map((r) => r.student_id));
  const add: (MemberEntry & { person: LmsPerson })[] = [];
  const already: (MemberEntry & { accountId: number })[] = [];
  for (const m of learners) {
    const account = await accountOf(db, platform.id, m.user_id);
    if (account && account.role !== 'STUDENT') {
      // The LMS identity is a staff account of the portal: never put it in a group.
      skipped++;
      continue;
    }
    if (account && inGroup.has(account.id)) already.push({ ...entryOf(m), accountId: account.id });
    else add.push({ ...entryOf(m), person: personOf(m) });
  }
  return { platform, add, already, skipped };
}

/**
 * Puts the course's learners in the quiz's group: accounts found by (platform, sub) or made. Each
 * learner of the course (added now or already in the group) is remembered as coming through the
 * link: their quiz grade then goes to its line item.
 */
export async function syncMembers(
  db: Kysely<Database>,
  link: LinkOfQuiz & { memberships_url: string },
  quiz: { id: number; group_id: number; department_id: number | null },
  now = Date.now(),
): Promise<{ added: number; created: number; already: number; skipped: number }> {
  const { platform, add, already, skipped } = await membersPreview(db, link, quiz.group_id);
  let added = 0;
  let created = 0;
  await db.transaction().execute(async (trx) => {
    const cameThrough = async (userId: number, sub: string) => {
      const there = await trx.selectFrom('lti_link_users').select('link_id').where('link_id', '=', link.id).where('user_id', '=', userId).executeTakeFirst();
      if (!there) await trx.insertInto('lti_link_users').values({ link_id: link.id, user_id: userId, sub, created_at: now }).execute();
    };
    for (const entry of add) {
      const account = await learnerAccount(trx, platform, entry.person, quiz, now);
      if (account.created) created++;
      if (await addToGroup(trx, quiz.group_id, account.id)) added++;
      await cameThrough(account.id, entry.sub);
    }
    for (const entry of already) await cameThrough(entry.accountId, entry.sub);
  });
  return { added, created, already: already.length, skipped };
}
