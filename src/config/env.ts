import { z } from 'zod';

/** The official domain: on any other host the landing page announces it instead of showing the login. */
export const DEFAULT_PRODUCTION_DOMAIN = 'examportal.app';

const ENV_ERROR_PREFIX = 'Invalid environment configuration: ';

/** Empty strings count as unset: Vite turns `KEY=` in a .env file into ''. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const envSchema = z.object({
  VITE_API_URL: z
    .string({ error: 'VITE_API_URL is required' })
    .trim()
    .min(1, { error: 'VITE_API_URL is required', abort: true })
    // A relative value such as 'api' would resolve against the current page and break on nested routes.
    .regex(/^(\/|https?:\/\/)/, 'VITE_API_URL must start with / or http(s)://')
    .transform((value) => value.replace(/\/+$/, '')),
  VITE_RECAPTCHA_SITE_KEY: optionalText,
  VITE_SKIP_LANDING: optionalText.transform((value) => value === 'true' || value === '1'),
  VITE_PRODUCTION_DOMAIN: optionalText.transform((value) => value ?? DEFAULT_PRODUCTION_DOMAIN),
});

export interface AppEnv {
  /** Base of every API call, without a trailing slash ('/api' or 'https://host/api'). */
  apiUrl: string;
  /** The captcha is shown and required only when this is set. */
  recaptchaSiteKey: string | undefined;
  /** Show the login on '/' whatever the host name (local runs, staging). */
  skipLanding: boolean;
  productionDomain: string;
}

export class EnvConfigError extends Error {
  override name = 'EnvConfigError';
}

/** Validates a Vite environment object; throws EnvConfigError naming every bad variable. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new EnvConfigError(ENV_ERROR_PREFIX + parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  return {
    apiUrl: parsed.data.VITE_API_URL,
    recaptchaSiteKey: parsed.data.VITE_RECAPTCHA_SITE_KEY,
    skipLanding: parsed.data.VITE_SKIP_LANDING,
    productionDomain: parsed.data.VITE_PRODUCTION_DOMAIN,
  };
}

let cached: AppEnv | undefined;

/**
 * The build's environment, validated on first use. Read lazily (not at import time) so the
 * entry point can catch a bad configuration and render the message instead of a blank page.
 */
export function getEnv(): AppEnv {
  cached ??= parseEnv(import.meta.env);
  return cached;
}
