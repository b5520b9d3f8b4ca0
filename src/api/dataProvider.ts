import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type fetchUtils } from 'react-admin';
import { request, type HttpResponse } from './httpClient';

/**
 * react-admin's data provider: ra-data-simple-rest's REST dialect, which the API's CRUD routes
 * speak, through our HTTP client, so every call carries the token and follows the error rules.
 */

const isErrorMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string');

/** A 400 with `data.errors` becomes react-admin's field errors; anything else a plain HttpError. */
function toHttpError({ result, status }: HttpResponse<unknown>): HttpError {
  const errors = (result.data as { errors?: unknown } | undefined)?.errors;
  if (status === 400 && isErrorMap(errors)) return new HttpError(result.message, 400, { errors });
  return new HttpError(result.message, status, result);
}

/**
 * The fetch function ra-data-simple-rest calls. It gets a path (the provider's base is ''), and
 * must return the plain records: the envelope's `data`, plus the headers for Content-Range.
 */
async function restHttpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  const body = options.body ?? undefined;
  if (typeof body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  // react-admin notifies failures itself; a second toast would repeat the message.
  const response = await request(url, { method: options.method, headers, body, toast: false });
  if (!response.result.success) throw toHttpError(response);
  const json = response.result.data;
  return { status: response.status, headers: response.headers, body: JSON.stringify(json), json };
}

const RESOURCE_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

/** Calls the API resource mapped from the UI's resource name (e.g. 'department' -> 'departments'). */
function withResourceMap(provider: DataProvider, resourceMap: Readonly<Record<string, string>>): DataProvider {
  const mapped: DataProvider = { ...provider };
  for (const method of RESOURCE_METHODS) {
    const call = provider[method] as (resource: string, params: unknown) => Promise<unknown>;
    (mapped as Record<string, unknown>)[method] = (resource: string, params: unknown) =>
      call(resourceMap[resource] ?? resource, params);
  }
  return mapped;
}

/** One provider per area: `resourceMap` maps that area's UI resource names to API resources. */
export function createDataProvider(resourceMap: Readonly<Record<string, string>> = {}): DataProvider {
  return withResourceMap(simpleRestProvider('', restHttpClient), resourceMap);
}
