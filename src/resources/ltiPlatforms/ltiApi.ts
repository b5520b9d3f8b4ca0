import { read, send } from '../../api/httpClient';
import type { ApiResult } from '../../schemas/envelope';

/**
 * The tool's side of an LTI 1.3 registration (server/routes/lti): the addresses an LMS
 * administrator enters when they add the portal as a tool, and the tool's signing keys.
 */

/** GET /lti/config (public): what an LMS needs to know about the portal. */
export interface LtiToolConfig {
  toolUrl: string;
  loginUrl: string;
  redirectUris: string[];
  launchUrl: string;
  jwksUrl: string;
  deepLinkingUrl: string;
}

/** One of the tool's key pairs as the admin sees it (never the key itself); times in ms. */
export interface LtiToolKey {
  kid: string;
  createdAt: number;
  retiredAt: number | null;
  current: boolean;
}

/** How long a rotated-out key stays in the published key set (the server's rule), for the confirm text. */
export const RETIRED_KEY_MINUTES = 20;

export const fetchToolConfig = (): Promise<ApiResult<LtiToolConfig>> => read<LtiToolConfig>('/lti/config');

export const fetchToolKeys = (): Promise<ApiResult<{ keys: LtiToolKey[] }>> => read<{ keys: LtiToolKey[] }>('/lti/keys');

/** A new current key; the old one stays published for RETIRED_KEY_MINUTES so launches signed meanwhile still verify. */
export const rotateToolKey = (): Promise<ApiResult<{ kid: string }>> => send<{ kid: string }>('/lti/keys/rotate', {});
