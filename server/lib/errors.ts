/** An error that is a value: it carries the HTTP status, a code and a message safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, 'BAD_REQUEST', errors ? { errors } : undefined);
/** A list filter the server cannot apply: 400 "Invalid filter: <rule>", the rule also under `errors.filter`. */
export const invalidFilter = (rule: string) => badRequest(`Invalid filter: ${rule}`, { filter: rule });
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found') => new AppError(404, message, 'NOT_FOUND');
/** A missing, expired or revoked session is answered with 405; the client then clears its session and goes to '/'. */
export const sessionExpired = () => new AppError(405, 'Session Expired!!', 'SESSION_EXPIRED');
export const conflict = (field: string, message: string) =>
  new AppError(409, message, 'CONFLICT', { errors: { [field]: message } });
export const tooLarge = (message: string) => new AppError(413, message, 'TOO_LARGE');
export const tooManyRequests = (message: string) => new AppError(429, message, 'RATE_LIMITED');
