import { entities } from '../../src/schemas';
import { tableAdapter, type ResourceAdapter } from '../crud/adapter';
import { conflict } from '../lib/errors';

export const PLATFORM_TAKEN = 'This issuer and client ID are registered already';

const table = tableAdapter('lti_platforms', Object.keys(entities['lti-platforms'].fields), {
  rename: { instituteId: 'institute_id' },
  tenant: { institute: false, department: false },
});

/**
 * LMS platforms: a table of the admin's (no tenant: each names its institute), one registration per
 * issuer and client ID (a launch finds its platform by them).
 */
export const ltiPlatformAdapter: ResourceAdapter = {
  ...table,
  async prepare(db, body, _caller, id) {
    let q = db.selectFrom('lti_platforms').select('id').where('issuer', '=', body.issuer).where('clientId', '=', body.clientId);
    if (id !== undefined) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) throw conflict('clientId', PLATFORM_TAKEN);
    return body;
  },
};
