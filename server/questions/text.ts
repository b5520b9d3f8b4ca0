/**
 * Text helpers shared by the Aiken and GIFT formats: decoding an upload as UTF-8, splitting it
 * into numbered lines, and turning HTML into plain text (no markup from a file reaches a page).
 */

/** The upload as text, or a message saying why it is not UTF-8 text. */
export function decodeText(buf: Buffer): { text: string } | { problem: string } {
  if (buf.includes(0)) return { problem: 'The file is not a text file; save the questions as plain text (UTF-8)' };
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
    return { text };
  } catch {
    return { problem: 'The file is not UTF-8 text; save it again with the UTF-8 encoding' };
  }
}

/** The lines of a text, whatever its line endings; a leading byte-order mark is dropped. */
export const splitLines = (text: string): string[] => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Named and numeric character references; an unknown one is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+\d*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

/**
 * HTML -> plain text: scripts and styles are dropped with their content, line-level elements
 * become line breaks, every other tag is removed, and character references are decoded.
 * The result is text (it may contain '<' as a character) and is shown as text.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|pre|blockquote)\s*>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whitespace (line breaks included) collapsed to single spaces: for formats that keep one line per item. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
