import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { fail } from './envelope';
import { fieldErrors, validationError } from './validation';


/**
 * Every error leaves in the generic envelope `{ success: false, message, data }`.
 * Messages of 4xx errors are safe to show;
 * a 5xx says only that something failed and gives the request id that the log carries.
 */
export function errorHandler(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    // A 503 is the server shedding load on purpose (with Retry-After): a warning, not a failure.
    if (err.statusCode === 503) req.log.warn({ code: err.code }, err.message);
    else if (err.statusCode >= 500) req.log.error({ err }, err.message);
    return reply.code(err.statusCode).send(fail(err.message, err.data));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean), message: v.message ?? 'Invalid value' }));
    const where = err.validationContext && err.validationContext !== 'body' ? `${err.validationContext} ` : '';
    const error = validationError(fieldErrors(issues), where);
    return reply.code(400).send(fail(error.message, error.data));
  }
  const refused = refusedValue(err);
  if (refused) {
    req.log.warn({ err }, 'the database refused a value of the request');
    return reply.code(400).send(fail(refused));
  }
  const status = err.statusCode ?? 500;
  if (status < 500) {
    return reply.code(status).send(fail(err.message || 'Bad request'));
  }
  req.log.error({ err, requestId: req.id }, 'unexpected error');
  return reply.code(500).send(fail(`Something went wrong on our side. Reference: ${req.id}`, { requestId: req.id }));
}

/**
 * PostgreSQL refuses some values that SQLite stores (SQLSTATE class 22, data exceptions): a NUL
 * character in text, a number beyond an integer column's range, a fraction where a whole number
 * is stored. They come from the request, so they are the caller's 400, not a 500.
 */
function refusedValue(err: unknown): string | undefined {
  const { code, severity } = (err ?? {}) as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string' || typeof severity !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  if (code === '22021' || code === '22P05') return 'Text in the request contains a character that cannot be stored (such as NUL, \\u0000)';
  if (code === '22003') return 'A number in the request is out of range';
  return 'A value in the request does not fit its field';
}
