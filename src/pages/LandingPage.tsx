import { getEnv, type AppEnv } from '../config/env';
import { AnnouncementPage } from './AnnouncementPage';
import { LoginPage } from './login/LoginPage';

/** On the official domain, or with skip-landing set, '/' is the login; elsewhere an announcement. */
const showsLogin = (hostname: string, env: AppEnv): boolean =>
  env.skipLanding || hostname.includes(env.productionDomain);

export function LandingPage() {
  const env = getEnv();
  return showsLogin(window.location.hostname, env) ? (
    <LoginPage recaptchaSiteKey={env.recaptchaSiteKey} />
  ) : (
    <AnnouncementPage domain={env.productionDomain} />
  );
}
