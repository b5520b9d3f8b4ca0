import type { Config } from '../config';

/**
 * The base of every link sent by mail (password reset, and any future mailed link): PUBLIC_URL
 * alone. The request's Host header is chosen by whoever sends the request, so a link built from
 * it could point a victim at another site with a valid token in it. Without PUBLIC_URL there is
 * no base, and such mail is refused.
 */
export function mailLinkBase(config: Pick<Config, 'PUBLIC_URL'>): string | undefined {
  return config.PUBLIC_URL?.replace(/\/+$/, '');
}

/** What an operator is told at start-up when PUBLIC_URL is missing. */
export const PUBLIC_URL_MISSING =
  'PUBLIC_URL is not set: password reset mails are refused, and links for students follow the address each teacher browses, until it names the public address of the portal, e.g. PUBLIC_URL=https://exam.example.edu';
