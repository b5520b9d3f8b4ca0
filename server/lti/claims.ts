/** The claims and values of LTI 1.3 and LTI Advantage that the tool reads and writes. */
export const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingContentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  deepLinkingMsg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
} as const;

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';

export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
} as const;

export const SCOPE = {
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  resultReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

export const SCORE_CONTENT_TYPE = 'application/vnd.ims.lis.v1.score+json';
export const MEMBERSHIPS_ACCEPT = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

/** A role claim names the instructor role (its full URI, or the short form some platforms send). */
export const isInstructor = (roles: readonly string[]) => roles.some((r) => r === ROLE.instructor || r === 'Instructor' || r.startsWith(`${ROLE.instructor}#`) || r.startsWith('http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#'));
export const isLearner = (roles: readonly string[]) => roles.some((r) => r === ROLE.learner || r === 'Learner' || r.startsWith('http://purl.imsglobal.org/vocab/lis/v2/membership/Learner#'));
