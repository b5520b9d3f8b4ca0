import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DEFAULT_PRODUCTION_DOMAIN, EnvConfigError, parseEnv } from '../../../src/config/env';
import { ConfigErrorPage } from '../../../src/pages/ConfigErrorPage';

const MISSING_API_URL = 'Invalid environment configuration: VITE_API_URL is required';

describe('parseEnv', () => {
  it.each([{}, { VITE_API_URL: '' }, { VITE_API_URL: '   ' }])('rejects a missing API base URL (%j)', (raw) => {
    expect(() => parseEnv(raw)).toThrow(new EnvConfigError(MISSING_API_URL));
  });

  it('rejects an API base URL that would resolve against the current page', () => {
    expect(() => parseEnv({ VITE_API_URL: 'api' })).toThrow(
      'Invalid environment configuration: VITE_API_URL must start with / or http(s)://',
    );
  });

  it('fills the optional values with their defaults', () => {
    expect(parseEnv({ VITE_API_URL: '/api/', VITE_RECAPTCHA_SITE_KEY: '' })).toEqual({
      apiUrl: '/api',
      recaptchaSiteKey: undefined,
      skipLanding: false,
      productionDomain: DEFAULT_PRODUCTION_DOMAIN,
    });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
  ])('reads VITE_SKIP_LANDING=%s as %s', (value, expected) => {
    expect(parseEnv({ VITE_API_URL: '/api', VITE_SKIP_LANDING: value }).skipLanding).toBe(expected);
  });

  it('takes the site key and the production domain when given', () => {
    const env = parseEnv({
      VITE_API_URL: 'https://exam.example.org/api',
      VITE_RECAPTCHA_SITE_KEY: 'key',
      VITE_PRODUCTION_DOMAIN: 'exam.example.org',
    });
    expect(env).toMatchObject({ recaptchaSiteKey: 'key', productionDomain: 'exam.example.org' });
  });
});

describe('ConfigErrorPage', () => {
  it('puts the configuration message on the page', () => {
    render(<ConfigErrorPage message={MISSING_API_URL} />);
    expect(screen.getByRole('alert')).toHaveTextContent(MISSING_API_URL);
  });
});
