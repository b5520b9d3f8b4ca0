/** PHP's trim(): Moodle trims only these characters from a response, not every Unicode space. */
const phpTrim = (s: string) => s.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');

/**
 * Moodle's qtype_shortanswer compare_string_with_wildcard, for short answers and a Cloze question's
 * short-answer gaps: both texts in Unicode NFC; runs of `*` in the answer match any run of characters
 * (not line breaks), `\*` a literal asterisk, everything else itself; the trimmed response must match
 * the whole answer; case is ignored unless `caseSensitive`.
 */
export function matchesWildcard(response: string, answer: string, caseSensitive: boolean): boolean {
  const bits = answer.normalize('NFC').split(/(?<!\\)\*+/);
  const escaped = bits.map((bit) => bit.replaceAll('\\*', '*').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`, caseSensitive ? 'u' : 'iu').test(phpTrim(response.normalize('NFC')));
}
