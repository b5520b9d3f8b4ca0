import { z } from 'zod';
import { defineEntity } from './entity';
import { idRef, requiredText } from './fields';

export const LTI_TEXT_MAX = 255;
export const LTI_URL_MAX = 2000;
export const LTI_DEPLOYMENTS_MAX = 50;

/** An https address (http only for a platform on this machine, as in a test or a local LMS). */
const platformUrl = (label: string) =>
  requiredText(`${label} is required`)
    .max(LTI_URL_MAX, `${label} should not exceed ${LTI_URL_MAX} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
      } catch {
        return false;
      }
    }, `${label} must be an https:// address`);

/**
 * An LMS registered as an LTI 1.3 platform (Moodle, Canvas, Blackboard, Brightspace): the values
 * its administrator reads off the LMS's tool registration. A launch is accepted only from a
 * registered issuer and client id, for a listed deployment; its students and teachers belong to
 * the platform's institute.
 */
export const ltiPlatformSchema = z.object({
  issuer: platformUrl('Issuer'),
  clientId: requiredText('Client ID is required').max(LTI_TEXT_MAX, `Client ID should not exceed ${LTI_TEXT_MAX} characters`),
  deploymentIds: z
    .array(requiredText('Deployment ID is required').max(LTI_TEXT_MAX, `Deployment ID should not exceed ${LTI_TEXT_MAX} characters`).meta({ title: 'Deployment ID' }), {
      error: 'Deployment IDs must be a list',
    })
    .min(1, 'At least one deployment ID is required')
    .max(LTI_DEPLOYMENTS_MAX, `At most ${LTI_DEPLOYMENTS_MAX} deployment IDs`)
    .meta({ title: 'Deployment IDs' }),
  authLoginUrl: platformUrl('Authentication request URL'),
  authTokenUrl: platformUrl('Access token URL'),
  jwksUrl: platformUrl('Public keyset URL'),
  instituteId: idRef('Please select institute'),
});
export type LtiPlatformInput = z.input<typeof ltiPlatformSchema>;
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;
export type LtiPlatformRecord = LtiPlatform & { id: number };

/** The admin registers the LMSs that may launch the portal, each for one institute. */
export const ltiPlatformEntity = defineEntity({
  resource: 'lti-platforms',
  label: 'LMS platforms',
  singular: 'LMS platform',
  schema: ltiPlatformSchema,
  fields: {
    issuer: { label: 'Issuer', list: true, sortable: true, search: true },
    clientId: { label: 'Client ID', list: true, search: true },
    deploymentIds: { label: 'Deployment IDs' },
    authLoginUrl: { label: 'Authentication request URL' },
    authTokenUrl: { label: 'Access token URL' },
    jwksUrl: { label: 'Public keyset URL' },
    instituteId: { label: 'Institute', list: true, filter: true, reference: { resource: 'institutes', display: 'instituteName' } },
  },
  recordRepresentation: 'issuer',
  defaultSort: { field: 'issuer', order: 'ASC' },
  access: { list: ['ADMIN'], read: ['ADMIN'], create: ['ADMIN'], update: ['ADMIN'], delete: ['ADMIN'] },
  scope: { ADMIN: 'all' },
  areas: { ADMIN: { section: 'lti-platforms', label: 'LMS platforms' } },
});
