import { describe, expect, it } from 'vitest';
import { regradedText, wouldChangeText } from '../../../../src/resources/quizzes/manage/regradeText';

describe('regrade counts in words', () => {
  it('says none, one and several', () => {
    expect([0, 1, 3].map(wouldChangeText)).toEqual(["No attempt's marks would change", '1 attempt would change', '3 attempts would change']);
    expect([0, 1, 2].map(regradedText)).toEqual(['0 attempts regraded', '1 attempt regraded', '2 attempts regraded']);
  });
});
