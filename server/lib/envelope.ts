import type { ApiResult } from '../../src/schemas/envelope';

/** The generic response shape `{ success, message, data }` for a success. */
export const ok = <T>(data: T, message = 'OK'): ApiResult<T> => ({ success: true, message, data });
export const fail = (message: string, data?: unknown): ApiResult => ({ success: false, message, data });
