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

/** Markup of one stretch of HTML outside <pre>: tags go, line-level elements become line breaks. */
const flowText = (html: string) =>
  decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6]|blockquote)\s*>/gi, '\n')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n');

/** A line break inside <pre> while the rest is tidied, so its blank lines are not collapsed. */
const PRE_BREAK = '\u0000';

/**
 * HTML -> plain text: scripts and styles are dropped with their content, line-level elements
 * become line breaks, every other tag is removed, and character references are decoded.
 * Text inside <pre> keeps its spaces, indentation and blank lines (program code); elsewhere
 * runs of spaces become one and each line is trimmed.
 * The result is text (it may contain '<' as a character) and is shown as text.
 */
export function htmlToText(html: string): string {
  const cleaned = html.replace(/[\u0000\u0001]/g, '').replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  const text = cleaned
    .split(/(<pre\b[^>]*>[\s\S]*?<\/pre\s*>)/i)
    .map((part, i) => {
      if (i % 2 === 0) return flowText(part);
      const inner = part.replace(/^<pre\b[^>]*>/i, '').replace(/<\/pre\s*>$/i, '').replace(/<br\s*\/?>/gi, '\n').replace(/<\/?[a-z][^>]*>/gi, '');
      return `\u0001${decodeEntities(inner).replace(/^\r?\n/, '').replace(/\r\n|\r|\n/g, PRE_BREAK).replace(/\s+$/, '')}\n`;
    })
    .join('')
    // A <pre> starts on a line of its own.
    .replace(/\n*\u0001/g, '\n');
  return text
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .replace(/[\s\u0000]+$/, '')
    .replace(/\u0000/g, '\n');
}

/**
 * A Moodle text in one of its formats as the portal's plain text: HTML (html) is turned into text
 * keeping its line structure; Moodle auto-format, plain text and Markdown are text already (Markdown
 * is kept as written).
 */
export function moodleText(text: string, format: string | undefined): string {
  const f = (format ?? 'html').toLowerCase();
  if (f === 'html') return htmlToText(text);
  return text.replace(/\r\n|\r/g, '\n').trim();
}

/** Whitespace (line breaks included) collapsed to single spaces: for formats that keep one line per item. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
