import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, LtiHandoffKind } from '../db/tables';
import { hashToken, newToken } from '../auth/tokens';
import { loadQuiz, paperConfigOf } from '../exam/attempts';
import { paperSourceOf } from '../exam/paper';
import { questionMarks } from '../exam/studentQueries';
import { addToGroup, instructorAccount, learnerAccount, type LmsPerson } from './accounts';
import { CLAIM, DEEP_LINKING_RESPONSE, isInstructor, LTI_VERSION } from './claims';
import { signWithToolKey } from './keys';
import { launchLinkOf, recordLink } from './links';
import type { Platform } from './platforms';
import type { PickableQuiz } from './pages';
import { LaunchRefused, type VerifiedLaunch } from './verify';

type Db = Kysely<Database>;

/** A learner's one-time exam-link token works this long (the browser follows the redirect at once). */
export const LAUNCH_TOKEN_MS = 5 * 60_000;
/** An instructor's hand-over code works this long; a deep-linking choice this long. */
export const HANDOFF_MS = 2 * 60_000;
export const DEEP_LINK_CHOICE_MS = 30 * 60_000;
/** The deep-linking answer's lifetime. */
export const DEEP_LINK_RESPONSE_SECONDS = 600;

export type LaunchOutcome =
  | { kind: 'learner'; examToken: string; quizId: number; userId: number }
  | { kind: 'instructor'; handoff: string; quizId: number; userId: number }
  | { kind: 'deep_link'; code: string; teacherName: string; quizzes: PickableQuiz[] };

const refused = (title: string, what: string, check: string, status: number) => new LaunchRefused(title, what, check, status);

const personOf = (claims: VerifiedLaunch['claims']): LmsPerson => ({
  sub: String(claims.sub),
  name: claims.name,
  given_name: claims.given_name,
  family_name: claims.family_name,
  email: claims.email,
});
const rolesOf = (claims: VerifiedLaunch['claims']) => {
  const roles = claims[CLAIM.roles];
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
};

/** The quiz a resource link opens: its custom parameter quiz_id, in the platform's institute. */
async function linkedQuiz(db: Db, launch: VerifiedLaunch) {
  const custom = (launch.claims[CLAIM.custom] ?? {}) as Record<string, unknown>;
  const raw = custom.quiz_id;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw refused(
      'This LMS activity names no quiz',
      'The launch has no custom parameter quiz_id.',
      'Add the activity through the LMS’s "select content" (deep linking) so the portal writes quiz_id, or set the custom parameter quiz_id=<the quiz’s number> on the activity.',
      400,
    );
  }
  const quiz = await loadQuiz(db, id);
  if (!quiz || quiz.institute_id !== launch.platform.institute_id) {
    throw refused('The quiz of this activity was not found', `Quiz ${id} does not exist in the institute this LMS is registered for.`, 'Add the activity again through deep linking, choosing an existing quiz.', 404);
  }
  return quiz;
}

async function newHandoff(db: Db, kind: LtiHandoffKind, userId: number, platform: Platform, quizId: number | null, data: unknown, ttlMs: number, now: number): Promise<string> {
  const code = newToken();
  await db
    .insertInto('lti_handoffs')
    .values({ code_hash: hashToken(code), kind, user_id: userId, platform_id: platform.id, quiz_id: quizId, data: data === null ? null : JSON.stringify(data), created_at: now, expires_at: now + ttlMs, used_at: null })
    .execute();
  await db.deleteFrom('lti_handoffs').where('expires_at', '<', now - 24 * 3_600_000).execute();
  return code;
}

/** Spends a hand-over code once; undefined when it is unknown, used, expired or of another kind. */
export async function takeHandoff(db: Db, code: string, kind: LtiHandoffKind, now = Date.now()) {
  const row = await db.selectFrom('lti_handoffs').selectAll().where('code_hash', '=', hashToken(code)).executeTakeFirst();
  if (!row || row.kind !== kind || row.used_at !== null || row.expires_at <= now) return undefined;
  const moved = await db.updateTable('lti_handoffs').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1 ? row : undefined;
}

/** The most a student can score on the quiz: its fixed questions and the highest marks each random rule can draw. */
export async function quizMaxMarks(db: Db, quiz: NonNullable<Awaited<ReturnType<typeof loadQuiz>>>): Promise<number> {
  const config = await paperConfigOf(db, quiz);
  const source = await paperSourceOf(db, config);
  let total = source.fixed.length ? (await questionMarks(db, source.fixed)).reduce((s, q) => s + q.marks, 0) : 0;
  for (const [i, rule] of config.randomRules.entries()) {
    const pool = source.candidates[i] ?? [];
    if (!pool.length) continue;
    const marks = (await questionMarks(db, pool.slice(0, 5000))).map((q) => q.marks).sort((a, b) => b - a);
    total += marks.slice(0, rule.count).reduce((s, m) => s + m, 0);
  }
  return Math.round(total * 100) / 100;
}

/** The instructor's teacher account, or a page saying why there is none. */
async function instructorOf(db: Db, launch: VerifiedLaunch, now: number) {
  const person = personOf(launch.claims);
  const teacher = await instructorAccount(db, launch.platform, person, now);
  if (!teacher) {
    const email = typeof person.email === 'string' ? person.email : null;
    throw refused(
      'No teacher account matches you',
      email
        ? `No teacher of this institute has the e-mail address ${email} in the exam portal.`
        : 'The LMS did not send your e-mail address, and the portal finds instructors by e-mail.',
      email
        ? 'Ask the institute’s department head to give your teacher account in the portal the same e-mail address as your LMS account. The portal makes no accounts for instructors.'
        : 'The LMS administrator should let the tool receive the instructor’s e-mail (Moodle: "Share launcher’s email with the tool: Always"; Canvas: privacy level Public).',
      403,
    );
  }
  return teacher;
}

/** What a verified launch leads to: an exam for a learner, the manage page for an instructor, the quiz picker for deep linking. */
export async function handleLaunch(db: Db, launch: VerifiedLaunch, now = Date.now()): Promise<LaunchOutcome> {
  const roles = rolesOf(launch.claims);
  if (launch.messageType === 'LtiDeepLinkingRequest') {
    if (!isInstructor(roles)) {
      throw refused('Only instructors add quizzes', 'This deep-linking request does not come from an instructor of the course.', 'Add the activity while signed in to the LMS as the course’s instructor.', 403);
    }
    const settings = (launch.claims[CLAIM.deepLinkingSettings] ?? {}) as Record<string, unknown>;
    const returnUrl = typeof settings.deep_link_return_url === 'string' ? settings.deep_link_return_url : '';
    if (!/^https?:\/\//.test(returnUrl)) {
      throw refused('The LMS gave no return address', 'The deep-linking request has no deep_link_return_url.', 'The LMS must send deep_linking_settings with a deep_link_return_url.', 400);
    }
    const acceptTypes = Array.isArray(settings.accept_types) ? settings.accept_types : ['ltiResourceLink'];
    if (!acceptTypes.includes('ltiResourceLink')) {
      throw refused('The LMS does not take quiz links here', `This place in the LMS accepts ${acceptTypes.join(', ')}, not ltiResourceLink.`, 'Add the portal as an external tool activity (a resource link).', 400);
    }
    const teacher = await instructorOf(db, launch, now);
    const rows = await db
      .selectFrom('quizzes')
      .select(['id', 'name', 'valid_from', 'valid_to', 'published'])
      .where('created_by', '=', teacher.id)
      .where('institute_id', '=', launch.platform.institute_id)
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const quizzes: PickableQuiz[] = [];
    for (const r of rows) {
      const quiz = (await loadQuiz(db, r.id))!;
      quizzes.push({ id: r.id, name: r.name, validFrom: r.valid_from, validTo: r.valid_to, published: r.published === 1, totalMarks: await quizMaxMarks(db, quiz) });
    }
    const code = await newHandoff(
      db,
      'deep_link',
      teacher.id,
      launch.platform,
      null,
      { returnUrl, data: typeof settings.data === 'string' ? settings.data : null, deploymentId: launch.deploymentId },
      DEEP_LINK_CHOICE_MS,
      now,
    );
    return { kind: 'deep_link', code, teacherName: teacher.fullname, quizzes };
  }

  const quiz = await linkedQuiz(db, launch);
  const link = launchLinkOf(launch.claims);
  if (isInstructor(roles)) {
    const teacher = await instructorOf(db, launch, now);
    if (quiz.created_by !== teacher.id) {
      throw refused('This quiz is another teacher’s', `Quiz “${quiz.name}” belongs to another teacher in the portal.`, 'Ask the quiz’s teacher to add it to the course, or add one of your own quizzes through deep linking.', 403);
    }
    await recordLink(db, launch.platform, quiz.id, link, null, now);
    const handoff = await newHandoff(db, 'instructor', teacher.id, launch.platform, quiz.id, null, HANDOFF_MS, now);
    return { kind: 'instructor', handoff, quizId: quiz.id, userId: teacher.id };
  }
  if (quiz.published !== 1) {
    throw refused('This quiz is not open yet', `Quiz “${quiz.name}” is not published in the exam portal yet.`, 'The teacher publishes the quiz in the portal; open the activity again afterwards.', 403);
  }
  const person = personOf(launch.claims);
  return db.transaction().execute(async (trx) => {
    const account = await learnerAccount(trx, launch.platform, person, quiz, now);
    if (quiz.group_id !== null) await addToGroup(trx, quiz.group_id, account.id);
    await recordLink(trx, launch.platform, quiz.id, link, { userId: account.id, sub: person.sub }, now);
    const examToken = newToken();
    await trx
      .insertInto('exam_tokens')
      .values({ token: examToken, user_id: account.id, quiz_id: quiz.id, created_at: now, expires_at: now + LAUNCH_TOKEN_MS, revoked_at: null, single_use: 1 })
      .execute();
    return { kind: 'learner' as const, examToken, quizId: quiz.id, userId: account.id };
  });
}

/**
 * The deep-linking answer for the chosen quiz: an LtiDeepLinkingResponse JWT signed with the tool's
 * key, holding one ltiResourceLink (the quiz's title, custom quiz_id, a line item whose maximum is
 * the quiz's total marks), and where to post it.
 */
export async function deepLinkingResponse(db: Db, code: string, quizIdText: unknown, launchUrl: string, now = Date.now()): Promise<{ returnUrl: string; jwt: string; quizName: string }> {
  const choice = await takeHandoff(db, code, 'deep_link', now);
  if (!choice) {
    throw refused('This choice has expired', 'The page for choosing a quiz was open for more than 30 minutes, or its choice was sent already.', 'Choose "Add an activity" in the LMS course again.', 401);
  }
  const quizId = Number(quizIdText);
  const quiz = Number.isSafeInteger(quizId) && quizId > 0 ? await loadQuiz(db, quizId) : undefined;
  if (!quiz || quiz.created_by !== choice.user_id) {
    throw refused('That quiz cannot be added', 'The chosen quiz is not one of yours.', 'Choose "Add an activity" in the LMS course again and pick one of your quizzes.', 403);
  }
  const platform = (await db.selectFrom('lti_platforms').select(['issuer', 'clientId']).where('id', '=', choice.platform_id).executeTakeFirst())!;
  const data = JSON.parse(choice.data ?? '{}') as { returnUrl: string; data: string | null; deploymentId: string };
  const scoreMaximum = await quizMaxMarks(db, quiz);
  const jwt = await signWithToolKey(
    db,
    {
      iss: platform.clientId,
      aud: platform.issuer,
      azp: platform.clientId,
      nonce: randomUUID(),
      [CLAIM.messageType]: DEEP_LINKING_RESPONSE,
      [CLAIM.version]: LTI_VERSION,
      [CLAIM.deploymentId]: data.deploymentId,
      ...(data.data ? { [CLAIM.deepLinkingData]: data.data } : {}),
      [CLAIM.deepLinkingMsg]: `Added “${quiz.name}”`,
      [CLAIM.deepLinkingContentItems]: [
        {
          type: 'ltiResourceLink',
          title: quiz.name,
          url: launchUrl,
          custom: { quiz_id: String(quiz.id) },
          lineItem: { scoreMaximum: scoreMaximum > 0 ? scoreMaximum : 1, label: quiz.name, resourceId: String(quiz.id) },
        },
      ],
    },
    DEEP_LINK_RESPONSE_SECONDS,
    now,
  );
  return { returnUrl: data.returnUrl, jwt, quizName: quiz.name };
}
