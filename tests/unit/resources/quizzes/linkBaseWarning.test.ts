// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { linkBaseWarning } from '../../../../src/resources/quizzes/manage/LinkBaseWarning';

describe('the manage page warning about the links handed to students', () => {
  it('says plainly that students on other machines cannot open loopback links when this browser is on another origin', () => {
    expect(linkBaseWarning('http://localhost:3000', 'http://192.168.1.20:3000')).toBe(
      'Links point to http://localhost:3000; students on other machines cannot open them. Set PUBLIC_URL.',
    );
    expect(linkBaseWarning('http://127.0.0.1:3000/', 'http://exam.local:3000')).toBe(
      'Links point to http://127.0.0.1:3000; students on other machines cannot open them. Set PUBLIC_URL.',
    );
    expect(linkBaseWarning('http://[::1]:3000', 'http://127.0.0.1:3000')).toBe(
      'Links point to http://[::1]:3000; students on other machines cannot open them. Set PUBLIC_URL.',
    );
  });

  it('says where other links point, without claiming students cannot open them', () => {
    expect(linkBaseWarning('https://exam.example.edu/', 'http://127.0.0.1:3000')).toBe(
      'Links point to https://exam.example.edu, not to http://127.0.0.1:3000 where this page is open. Check that students can open https://exam.example.edu, or set PUBLIC_URL to the address they use.',
    );
  });

  it('says nothing when the links start with the address the browser is on, or nothing is known yet', () => {
    expect(linkBaseWarning('http://127.0.0.1:3000', 'http://127.0.0.1:3000')).toBeUndefined();
    expect(linkBaseWarning('https://exam.example.edu/portal', 'https://exam.example.edu')).toBeUndefined();
    expect(linkBaseWarning(undefined, 'http://127.0.0.1:3000')).toBeUndefined();
    expect(linkBaseWarning('not a url', 'http://127.0.0.1:3000')).toBeUndefined();
  });
});
