import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { configRows, retiredText } from '../../../../src/resources/ltiPlatforms/LtiRegistrationPanel';

describe('the LMS registration panel', () => {
  it('lists the values an LMS asks for, in the order of its form, every redirect URI included', () => {
    const rows = configRows({
      toolUrl: 'https://portal.example/api/lti/launch',
      loginUrl: 'https://portal.example/api/lti/login',
      redirectUris: ['https://portal.example/api/lti/launch', 'https://portal.example/api/lti/other'],
      launchUrl: 'https://portal.example/api/lti/launch',
      jwksUrl: 'https://portal.example/api/lti/jwks',
      deepLinkingUrl: 'https://portal.example/api/lti/launch',
    });
    expect(rows.map((row) => row.label)).toEqual(['Tool URL', 'Login initiation URL', 'Redirect URI(s)', 'Public keyset URL (JWKS)', 'Deep linking URL']);
    expect(rows[2].values).toEqual(['https://portal.example/api/lti/launch', 'https://portal.example/api/lti/other']);
  });

  it('says until when a retired key is still published (20 minutes), and only while it is', () => {
    const retiredAt = dayjs('2026-11-28T09:00:00').valueOf();
    expect(retiredText(retiredAt, retiredAt + 5 * 60_000)).toBe('Retired 11/28/26 09:00 AM, published until 09:20 AM');
    expect(retiredText(retiredAt, retiredAt + 21 * 60_000)).toBe('Retired 11/28/26 09:00 AM');
  });
});
