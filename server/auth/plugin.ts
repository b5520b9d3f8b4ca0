import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../src/schemas/roles';
import { AppError, forbidden, sessionExpired } from '../lib/errors';
import type { SessionUser } from './sessions';
import { examLinkScope } from './examLinkScope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route stays usable while the account still has its initial password (verify, profile, change-password, logout). */
    allowInitialPassword?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user; set by `app.authenticate`. */
    user?: SessionUser;
  }
  interface FastifyInstance {
    /** onRequest hook: a missing, expired or revoked bearer token is answered with 405. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook factory: authenticate, then require one of the roles (403 otherwise). */
    requireRole: (...roles: Role[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const bearerToken = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
};

export default fp(async (app) => {
  app.decorateRequest('user', undefined);
  const checkExamLinkScope = examLinkScope(app.db);
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const token = bearerToken(req);
    const user = token && token.length <= 128 ? await app.sessions.find(token) : undefined;
    if (!user) throw sessionExpired();
    req.user = user;
    // A session opened by an exam link reaches only that quiz's exam and results.
    if (user.examQuizId !== null) await checkExamLinkScope(req, user.examQuizId);
  });
  app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.user) await app.authenticate(req, reply);
    if (!roles.includes(req.user!.role)) throw forbidden();
    if (req.user!.mustChangePassword && !req.routeOptions.config.allowInitialPassword) {
      throw new AppError(403, 'Please set a new password before you continue', 'PASSWORD_CHANGE_REQUIRED');
    }
  });
});
