/**
 * Images of questions: what an image may be (checked by its content, never by its name or the
 * type a client claims), and how question texts refer to them.
 */

/** The most bytes one question image may have. */
export const MAX_IMAGE_BYTES = 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The path a question's Markdown uses for an image: `![alt](/api/question-images/12)`. */
export const IMAGE_PATH = '/api/question-images/';
export const imageUrl = (id: number) => `${IMAGE_PATH}${id}`;

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type of the bytes by their signature (magic bytes), or undefined for anything else (SVG included). */
export function imageTypeOf(buf: Uint8Array): ImageType | undefined {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** Whether the bytes look like SVG (XML text with an <svg> element), to say so in the refusal. */
const looksLikeSvg = (buf: Uint8Array) => /<svg[\s>]/i.test(Buffer.from(buf.subarray(0, 4096)).toString('latin1'));

/** Why the bytes cannot be a question image (the rule they break), or undefined when they can. */
export function imageProblem(buf: Uint8Array): string | undefined {
  if (buf.length === 0) return 'The image is empty';
  if (buf.length > MAX_IMAGE_BYTES) {
    return `An image may be at most 1 MB (${MAX_IMAGE_BYTES.toLocaleString('en')} bytes); this one has ${buf.length.toLocaleString('en')} bytes`;
  }
  if (imageTypeOf(buf)) return undefined;
  if (looksLikeSvg(buf)) return 'SVG images are not accepted (they can carry scripts); use a PNG, JPEG, GIF or WebP image';
  return 'Only PNG, JPEG, GIF and WebP images are accepted (checked by the file content)';
}

/** The image ids a text refers to (`/api/question-images/ID` in Markdown). */
export function imageIdsIn(text: string | null | undefined): number[] {
  if (!text) return [];
  const ids = new Set<number>();
  for (const m of text.matchAll(/\/api\/question-images\/(\d{1,10})(?![\d])/g)) ids.add(Number(m[1]));
  return [...ids];
}
