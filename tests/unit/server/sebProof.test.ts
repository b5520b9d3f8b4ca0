// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { absoluteUrlOf, baseUrlOf, keyHashMatches, sebProofHolds, type SebRequest } from '../../../server/integrity/sebProof';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY = sha256('config');
const BEK = sha256('build');

const request = (url: string, headers: SebRequest['headers'] = {}, host = 'portal.example.edu', protocol = 'https'): SebRequest => ({ url, host, protocol, headers });
const withHash = (req: SebRequest, absolute: string, key = KEY): SebRequest => ({ ...req, headers: { ...req.headers, 'x-safeexambrowser-configkeyhash': sha256(absolute + key) } });

describe('SEB request hash', () => {
  it('hashes the absolute URL with its query string, exactly as sent', () => {
    const url = '/api/student/quizzes/7?from=list&b=%20x';
    const req = withHash(request(url), `https://portal.example.edu${url}`);
    expect(sebProofHolds(req, { configKey: KEY, browserExamKeys: [] })).toBe(true);
    // Without the query, or with it re-encoded, it is another URL.
    expect(sebProofHolds(withHash(request(url), 'https://portal.example.edu/api/student/quizzes/7'), { configKey: KEY, browserExamKeys: [] })).toBe(false);
    expect(sebProofHolds(withHash(request(url), 'https://portal.example.edu/api/student/quizzes/7?from=list&b=+x'), { configKey: KEY, browserExamKeys: [] })).toBe(false);
  });

  it('keeps a port that is not the default and drops the default one', () => {
    expect(absoluteUrlOf(request('/a', {}, 'exam.local:8443'))).toBe('https://exam.local:8443/a');
    expect(absoluteUrlOf(request('/a', {}, 'Exam.Local:443'))).toBe('https://exam.local/a');
    expect(absoluteUrlOf(request('/a', {}, 'exam.local:80', 'http'))).toBe('http://exam.local/a');
    expect(absoluteUrlOf(request('/a', {}, 'exam.local:443', 'http'))).toBe('http://exam.local:443/a');
    const req = withHash(request('/api/x', {}, 'exam.local:8443'), 'https://exam.local:8443/api/x');
    expect(sebProofHolds(req, { configKey: KEY, browserExamKeys: [] })).toBe(true);
    expect(sebProofHolds(withHash(request('/api/x', {}, 'exam.local:8443'), 'https://exam.local/api/x'), { configKey: KEY, browserExamKeys: [] })).toBe(false);
  });

  it('uses PUBLIC_URL behind a proxy, whatever address the request reached', () => {
    const publicUrl = 'https://exams.college.edu/';
    expect(baseUrlOf(request('/x', {}, '10.0.0.5:3000', 'http'), publicUrl)).toBe('https://exams.college.edu');
    const behind = request('/api/student/attempts/3', {}, '10.0.0.5:3000', 'http');
    expect(sebProofHolds(withHash(behind, 'https://exams.college.edu/api/student/attempts/3'), { configKey: KEY, browserExamKeys: [] }, publicUrl)).toBe(true);
    expect(sebProofHolds(withHash(behind, 'http://10.0.0.5:3000/api/student/attempts/3'), { configKey: KEY, browserExamKeys: [] }, publicUrl)).toBe(false);
  });

  it('accepts the JavaScript API value for a page of the portal only', () => {
    const page = 'https://portal.example.edu/student/availableQuiz/instruction/7';
    const js = (url: string, key = KEY) => request('/api/student/attempts/3', { 'x-seb-page-url': url, 'x-seb-config-key': sha256(url + key) });
    expect(sebProofHolds(js(page), { configKey: KEY, browserExamKeys: [] })).toBe(true);
    expect(sebProofHolds(js(page, sha256('other')), { configKey: KEY, browserExamKeys: [] })).toBe(false);
    expect(sebProofHolds(js('https://portal.example.edu.evil.test/student'), { configKey: KEY, browserExamKeys: [] })).toBe(false);
    expect(sebProofHolds(js('https://evil.test/student'), { configKey: KEY, browserExamKeys: [] })).toBe(false);
    expect(sebProofHolds(js(`${page}#top`), { configKey: KEY, browserExamKeys: [] })).toBe(false);
  });

  it('asks for an allowed Browser Exam Key when the teacher listed some', () => {
    const url = '/api/x';
    const absolute = `https://portal.example.edu${url}`;
    const req = withHash(request(url), absolute);
    expect(sebProofHolds(req, { configKey: KEY, browserExamKeys: [BEK] })).toBe(false);
    const built = { ...req, headers: { ...req.headers, 'x-safeexambrowser-requesthash': sha256(absolute + BEK) } };
    expect(sebProofHolds(built, { configKey: KEY, browserExamKeys: [sha256('old build'), BEK] })).toBe(true);
    expect(sebProofHolds(built, { configKey: KEY, browserExamKeys: [sha256('old build')] })).toBe(false);
  });

  it('compares hashes of any case and refuses what is not a SHA-256', () => {
    expect(keyHashMatches(sha256('u' + KEY).toUpperCase(), 'u', KEY)).toBe(true);
    expect(keyHashMatches('abc', 'u', KEY)).toBe(false);
    expect(keyHashMatches(undefined, 'u', KEY)).toBe(false);
    expect(keyHashMatches('g'.repeat(64), 'u', KEY)).toBe(false);
  });
});
