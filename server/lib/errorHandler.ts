import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { fail } from './envelope';
import { fieldErrors, validationError } from './validation';


/**
 * Every error leaves in SPEC.md's envelope. Messages of 4xx errors are safe to show;
 * a 5xx says only that something failed and gives the request id that the log carries.
 */
export function errorHandler(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.statusCode >= 500) req.log.error({ err }, err.message);
    return reply.code(err.statusCode).send(fail(err.message, err.data));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? 'Invalid value' }));
    const where = err.validationContext && err.validationContext !== 'body' ? `${err.validationContext} ` : '';
    const error = validationError(fieldErrors(issues), where);
    return reply.code(400).send(fail(error.message, error.data));
  }
  const status = err.statusCode ?? 500;
  if (status < 500) {
    return reply.code(status).send(fail(err.message || 'Bad request'));
  }
  req.log.error({ err, requestId: req.id }, 'unexpected error');
  return reply.code(500).send(fail(`Something went wrong on our side. Reference: ${req.id}`, { requestId: req.id }));
}
