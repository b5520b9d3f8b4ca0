import type { Config } from '../config';

/**
 * Verifies a reCAPTCHA token with the configured verify URL (Google's siteverify, or a local
 * fake in tests). Returns true when no secret is configured: the captcha is then off.
 */
export async function verifyCaptcha(
  config: Pick<Config, 'RECAPTCHA_SECRET' | 'RECAPTCHA_VERIFY_URL'>,
  token: string | null | undefined,
  remoteIp?: string,
): Promise<boolean> {
  if (!config.RECAPTCHA_SECRET) return true;
  if (!token) return false;
  const body = new URLSearchParams({ secret: config.RECAPTCHA_SECRET, response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  try {
    const res = await fetch(config.RECAPTCHA_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    if (!res.ok) return false;
    const answer = (await res.json()) as { success?: boolean };
    return answer.success === true;
  } catch {
    return false;
  }
}
