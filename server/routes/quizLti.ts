import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manageableQuiz, type ManagedQuiz } from '../quizzes/access';
import { AppError, notFound } from '../lib/errors';
import { ok } from '../lib/envelope';
import { linkOfQuiz, membersPreview, syncMembers, type LinkOfQuiz } from '../lti/members';
import { linksOfQuizForTeacher, scoresOfQuiz } from '../lti/quizView';
import { LmsError } from '../lti/serviceToken';

const dbId = z.coerce.number().int().positive().max(2 ** 31 - 1);
const quizParams = z.object({ id: dbId });

type Quiz = ManagedQuiz;

/** An LMS that refused or failed: 502 with what it said (the teacher's screen shows it). */
const lmsFailed = (err: unknown) =>
  err instanceof LmsError ? new AppError(502, `The LMS did not give the class list: ${err.message}`, 'LMS_ERROR', { lmsStatus: err.status }) : err;

/**
 * A quiz in LMS courses (LTI 1.3), for its teacher and the head of its department: the course links,
 * the grades sent to each link's line item (sent, waiting, failing with the LMS's answer), and the
 * course's class list (names and roles) synced into the quiz's group. Another teacher does not see
 * the quiz (404); a student is refused (403).
 */
const quizLtiRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireRole('TEACHER', 'DEPARTMENT-HEAD');
  const tags = ['quiz LTI'];


  /** The quiz's group and the link's member list URL, or a 409 that says which is missing. */
  async function syncable(quiz: Quiz, linkId: number): Promise<{ link: LinkOfQuiz & { memberships_url: string }; groupId: number }> {
    const link = await linkOfQuiz(app.db, quiz.id, linkId);
    if (!link) throw notFound('This quiz has no such LMS link');
    if (quiz.group_id === null) throw new AppError(409, 'The quiz has no group: choose its group first, then sync the class list into it', 'NO_GROUP');
    if (!link.memberships_url) {
      throw new AppError(409, 'The LMS did not offer this course’s class list (names and roles) with this link: turn on the Names and roles service for the tool in the LMS, then open the quiz from the course once', 'NO_MEMBERSHIPS');
    }
    return { link: link as LinkOfQuiz & { memberships_url: string }, groupId: quiz.group_id };
  }

  app.get('/quizzes/:id/lti', { onRequest, schema: { tags, summary: "The quiz's LMS course links and the grades sent to them", params: quizParams } }, async (req) => {
    const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
    return ok({ links: await linksOfQuizForTeacher(app.db, quiz.id), scores: await scoresOfQuiz(app.db, quiz.id) });
  });

  app.get(
    '/quizzes/:id/lti/members',
    { onRequest, schema: { tags, summary: "Preview of a class list sync: the course's learners added to the quiz's group and those already in it", params: quizParams, querystring: z.object({ linkId: dbId }) } },
    async (req) => {
      const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
      const { link, groupId } = await syncable(quiz, req.query.linkId);
      const preview = await membersPreview(app.db, link, groupId).catch((err: unknown) => {
        throw lmsFailed(err);
      });
      const entry = ({ sub, name, email }: { sub: string; name: string; email: string | null }) => ({ sub, name, email });
      return ok({ add: preview.add.map(entry), already: preview.already.map(entry), skipped: preview.skipped });
    },
  );

  app.post(
    '/quizzes/:id/lti/members',
    { onRequest, schema: { tags, summary: "Sync the course's learners into the quiz's group (accounts made for new ones)", params: quizParams, body: z.object({ linkId: dbId }) } },
    async (req) => {
      const quiz = await manageableQuiz(app.db, req.user!, req.params.id);
      const { link, groupId } = await syncable(quiz, req.body.linkId);
      const result = await syncMembers(app.db, link, { id: quiz.id, group_id: groupId, department_id: quiz.department_id }).catch((err: unknown) => {
        throw lmsFailed(err);
      });
      const message = result.added ? `${result.added} learner${result.added === 1 ? '' : 's'} added to the group` : 'Every learner is already in the group';
      return ok({ added: result.added, created: result.created, already: result.already }, message);
    },
  );
};

export default quizLtiRoutes;
