import type { ApiResult } from '../../src/schemas/envelope';

/** SPEC.md's generic response shape for a success. */
export const ok = <T>(data: T, message = 'OK'): ApiResult<T> => ({ success: true, message, data });
export const fail = (message: string, data?: unknown): ApiResult => ({ success: false, message, data });
