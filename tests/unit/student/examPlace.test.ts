import { describe, expect, it } from 'vitest';
import { examPlaceKey, forgetPlace, rememberedIndex, rememberPlace } from '../../../src/student/exam/examPlace';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the question the student was on', () => {
  const paper = [11, 12, 13, 14];

  it('comes back after a reload, per attempt, as the question (not its position)', () => {
    const storage = memoryStorage();
    expect(rememberedIndex(5, paper, storage)).toBe(0);
    rememberPlace(5, 13, storage);
    rememberPlace(6, 14, storage);
    expect(storage.items.get(examPlaceKey(5))).toBe('13');
    expect(rememberedIndex(5, paper, storage)).toBe(2);
    expect(rememberedIndex(6, paper, storage)).toBe(3);
    expect(rememberedIndex(5, [13, 11], storage)).toBe(0);
  });

  it('starts at the first question when the place is unknown, not in the paper, or storage fails', () => {
    const storage = memoryStorage();
    rememberPlace(5, 99, storage);
    expect(rememberedIndex(5, paper, storage)).toBe(0);
    storage.setItem(examPlaceKey(5), 'not a number');
    expect(rememberedIndex(5, paper, storage)).toBe(0);
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('blocked'); } };
    expect(() => rememberPlace(5, 12, broken)).not.toThrow();
    expect(rememberedIndex(5, paper, broken)).toBe(0);
    expect(() => forgetPlace(5, broken)).not.toThrow();
  });

  it('is forgotten once the attempt is over', () => {
    const storage = memoryStorage();
    rememberPlace(5, 12, storage);
    forgetPlace(5, storage);
    expect(storage.items.has(examPlaceKey(5))).toBe(false);
    expect(rememberedIndex(5, paper, storage)).toBe(0);
  });
});
