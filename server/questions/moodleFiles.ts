import { createHash } from 'node:crypto';
import { imageProblem, imageTypeOf, type ImageType } from './images';
import { moodleText } from './text';

/**
 * The files a Moodle XML question embeds (`<file name=".." encoding="base64">` inside a text
 * field, referred to as `@@PLUGINFILE@@/name`), as question images. An `<img>` of such a file
 * becomes Markdown, `![alt](@@IMAGE:k@@)`, where k is the image's place in the question's list;
 * the import stores the images and writes their addresses in place of the markers, in the same
 * transaction as the questions.
 */

/** An image of an imported question, checked by content. */
export interface DraftImage {
  name: string;
  contentType: ImageType;
  bytes: Uint8Array;
}

/** The marker of a question's k-th image until it is stored. */
export const imageMarker = (k: number) => `@@IMAGE:${k}@@`;
export const IMAGE_MARKER = /@@IMAGE:(\d+)@@/g;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const textOf = (v: unknown): string => (typeof v === 'string' ? v : isNode(v) ? textOf(v['#text']) : v === undefined || v === null ? '' : String(v));

/** A refused embedded file: the part of the question it is in, and why. */
export class FileRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return m ? (m[2] ?? m[3] ?? '') : undefined;
};

const decodeName = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** An <img> of an embedded file as Markdown (its alt text kept); other markup is left to the HTML-to-text step. */
export function imgTagsToMarkdown(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = attr(tag, 'src');
    if (!src || !src.startsWith('@@PLUGINFILE@@/')) return tag;
    const alt = (attr(tag, 'alt') ?? '').replace(/[[\]\\]/g, '').replace(/\s+/g, ' ').trim();
    return `![${alt}](${src.replace(/\s/g, '%20')})`;
  });
}

/** Collects the images of one question as its text fields are read. */
export class QuestionImages {
  readonly list: DraftImage[] = [];
  private readonly bySha = new Map<string, number>();

  /**
   * A text field as the portal's text, its embedded images replaced by markers. Every embedded
   * file must be a PNG, JPEG, GIF or WebP image of at most 1 MB; a reference to a file the field
   * does not embed is refused too. `field` names the part of the question, for the refusal.
   */
  text(raw: string, format: string, files: unknown, field: string): string {
    const embedded = new Map<string, Uint8Array>();
    for (const f of Array.isArray(files) ? files : []) {
      if (!isNode(f)) continue;
      const name = String(f['@_name'] ?? '');
      const encoding = String(f['@_encoding'] ?? 'base64').toLowerCase();
      if (encoding !== 'base64') throw new FileRefusal(field, `the embedded file "${name}" is not base64-encoded (encoding="${encoding}")`);
      const bytes = new Uint8Array(Buffer.from(textOf(f).replace(/\s+/g, ''), 'base64'));
      const problem = imageProblem(bytes);
      if (problem) throw new FileRefusal(field, `the embedded file "${name}" cannot be imported: ${problem}`);
      embedded.set(name, bytes);
    }
    const source = (format ?? 'html').toLowerCase() === 'html' ? imgTagsToMarkdown(raw) : raw;
    const text = moodleText(source, format);
    return text.replace(/@@PLUGINFILE@@\/([^\s)"'<>]+)/g, (_whole, ref: string) => {
      const name = decodeName(ref.split('?')[0]).replace(/^\/+/, '');
      const bytes = embedded.get(name);
      if (!bytes) throw new FileRefusal(field, `the text refers to the file "${name}", which the question does not embed`);
      return imageMarker(this.add(name, bytes));
    });
  }

  private add(name: string, bytes: Uint8Array): number {
    const sha = createHash('sha256').update(bytes).digest('hex');
    const known = this.bySha.get(sha);
    if (known !== undefined) return known;
    this.list.push({ name, contentType: imageTypeOf(bytes)!, bytes });
    this.bySha.set(sha, this.list.length - 1);
    return this.list.length - 1;
  }
}

/** Replaces the markers in every text of a stored row (plain columns and JSON lists) with the stored images' addresses. */
export function withImageUrls<T extends Record<string, unknown>>(row: T, urls: string[]): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'string' ? v.replace(IMAGE_MARKER, (whole, n: string) => urls[Number(n)] ?? whole) : v;
  return out as T;
}

// ---------------------------------------------------------------------------------------------
// Export

/** A stored image as an export writes it. */
export interface StoredImage {
  content_type: string;
  bytes: Uint8Array;
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const IMAGE_REF = /\/api\/question-images\/(\d{1,10})(?!\d)/g;

/**
 * One exported question's XML with its images embedded as Moodle writes them: each plain-text field
 * that refers to a stored image becomes Markdown (which Moodle renders, images included), the
 * reference becomes `@@PLUGINFILE@@/image-ID.ext`, and the file follows the field's text as a
 * `<file ... encoding="base64">` element. A reference to an image not in `images` is left as written.
 */
export function embedImagesInXml(xml: string, images: ReadonlyMap<number, StoredImage>): string {
  if (!images.size) return xml;
  return xml.replace(
    /<([a-z]+)((?: [a-z]+="[^"]*")*) format="plain_text"((?: [a-z]+="[^"]*")*)>(\s*)<text>([^<]*)<\/text>/g,
    (whole, tag: string, before: string, after: string, space: string, text: string) => {
      const files = new Map<string, StoredImage>();
      const rewritten = text.replace(IMAGE_REF, (ref, id: string) => {
        const image = images.get(Number(id));
        if (!image) return ref;
        const name = `image-${id}.${EXTENSIONS[image.content_type] ?? 'bin'}`;
        files.set(name, image);
        return `@@PLUGINFILE@@/${name}`;
      });
      if (!files.size) return whole;
      const fileXml = [...files].map(([name, f]) => `${space}<file name="${name}" path="/" encoding="base64">${Buffer.from(f.bytes).toString('base64')}</file>`).join('');
      return `<${tag}${before} format="markdown"${after}>${space}<text>${rewritten}</text>${fileXml}`;
    },
  );
}
