// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generatePassword, hashGeneratedPassword, hashPassword, verifyPassword } from '../../../server/auth/passwords';

describe('passwords', () => {
  it('hashes chosen passwords with argon2id', async () => {
    const stored = await hashPassword('my-own-pass-1');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, 'my-own-pass-1')).toBe(true);
    expect(await verifyPassword(stored, 'my-own-pass-2')).toBe(false);
  });

  it('stores generated initial passwords with a salted hash that verifies only the same password', async () => {
    const password = generatePassword();
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    const a = hashGeneratedPassword(password);
    const b = hashGeneratedPassword(password);
    expect(a).not.toBe(b); // salted
    expect(a).not.toContain(password);
    expect(await verifyPassword(a, password)).toBe(true);
    expect(await verifyPassword(a, `${password}x`)).toBe(false);
    expect(await verifyPassword('$sha256-generated$broken', password)).toBe(false);
  });

  it('answers false for an unknown account after the same work as a real check', async () => {
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
  });

  it('runs many checks at once on its worker threads, each with its own result', async () => {
    const stored = await hashPassword('many-at-once');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verifyPassword(stored, i % 3 === 0 ? 'many-at-once' : `wrong-${i}`)));
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 === 0));
  });

  it('treats a malformed stored argon2 hash as a wrong password, not an error', async () => {
    expect(await verifyPassword('$argon2id$not-a-hash', 'anything')).toBe(false);
  });
});
