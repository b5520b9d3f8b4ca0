// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageIdsIn, imageProblem, imageTypeOf, MAX_IMAGE_BYTES } from '../../../server/questions/images';
import { embedImagesInXml, imgTagsToMarkdown, withImageUrls } from '../../../server/questions/moodleFiles';
import { parseMoodleXml, writeMoodleXml } from '../../../server/questions/moodleXml';
import type { ExportQuestion } from '../../../server/questions/types';
import { validateDrafts, type ImportDefaults } from '../../../server/questions/validate';

const dir = path.resolve(__dirname, '../../fixtures/moodle-formats');
const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const defaults: ImportDefaults = { subject: 1, module: 10, marks: 1, time_required: 1, difficulty: 'medium' };

/** A real 12 x 8 PNG (the fixture's image). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAwAAAAICAIAAABChommAAAAEUlEQVR4nGM4ISdHEDGMKgIAojBhgcEzWZQAAAAASUVORK5CYII=', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('question images: the type is read from the content', () => {
  it('knows PNG, JPEG, GIF and WebP by their signatures', () => {
    expect([PNG, JPEG, GIF, WEBP].map(imageTypeOf)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect([PNG, JPEG, GIF, WEBP].map(imageProblem)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('refuses SVG, other files, a PNG name on other bytes, empty files and files over 1 MB, saying the rule', () => {
    expect(imageTypeOf(SVG)).toBeUndefined();
    expect(imageProblem(SVG)).toMatch(/^SVG images are not accepted/);
    expect(imageProblem(Buffer.from('%PDF-1.7'))).toBe('Only PNG, JPEG, GIF and WebP images are accepted (checked by the file content)');
    expect(imageProblem(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toMatch(/^Only PNG/);
    expect(imageProblem(Buffer.alloc(0))).toBe('The image is empty');
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(imageProblem(big)).toMatch(/^An image may be at most 1 MB \(1,048,576 bytes\); this one has 1,048,650 bytes/);
    expect(imageProblem(Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]))).toBeUndefined();
  });

  it('finds the image ids a text refers to, and no prefix of a longer id', () => {
    expect(imageIdsIn('a ![x](/api/question-images/12) b ![y](/api/question-images/123 "t") ![x](/api/question-images/12)')).toEqual([12, 123]);
    expect(imageIdsIn('/api/question-images/abc')).toEqual([]);
  });
});

describe('Moodle XML embedded files', () => {
  it('an <img> of an embedded file becomes Markdown with its alt text; other images are left to the HTML step', () => {
    expect(imgTagsToMarkdown('<p><img src="@@PLUGINFILE@@/a%20b.png" alt="A [big] flag" width="3"/> x <img src="http://elsewhere/x.png"></p>')).toBe(
      '<p>![A big flag](@@PLUGINFILE@@/a%20b.png) x <img src="http://elsewhere/x.png"></p>',
    );
  });

  it('image-and-matching.xml: the embedded PNG becomes the question\'s image, its reference a marker in the text; the matching question follows', () => {
    const parsed = parseMoodleXml(read('image-and-matching.xml'));
    expect(parsed.errors).toEqual([]);
    const { valid, errors } = validateDrafts(parsed.drafts, defaults, 'text', parsed.errors);
    expect(errors).toEqual([]);
    const [flag, matching] = valid;
    expect(flag.question).toMatchObject({ type: 'single', question: 'Which colour is this flag?\n![A red flag](@@IMAGE:0@@)', category: '$course$/top/Flags' });
    expect(flag.images).toHaveLength(1);
    expect(flag.images![0]).toMatchObject({ name: 'red flag.png', contentType: 'image/png' });
    expect(Buffer.from(flag.images![0].bytes).equals(PNG)).toBe(true);
    expect(matching.question).toMatchObject({ type: 'matching', marks: 2 });
    expect(matching.images).toBeUndefined();
  });

  it('a referenced file that is missing, an SVG and a non-base64 file are refused with the line, the part and the reason', () => {
    const q = (inner: string) => `<quiz>\n<question type="truefalse"><name><text>T</text></name>${inner}<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
    const missing = parseMoodleXml(q('<questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/gone.png">]]></text></questiontext>'));
    expect(missing.errors).toEqual([{ row: 2, field: 'question', message: 'Question 1 "T": the text refers to the file "gone.png", which the question does not embed' }]);
    const svg = parseMoodleXml(
      q(`<questiontext format="html"><text>Q</text></questiontext><generalfeedback format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/x.svg">]]></text><file name="x.svg" encoding="base64">${SVG.toString('base64')}</file></generalfeedback>`),
    );
    expect(svg.errors).toEqual([
      { row: 2, field: 'general_feedback', message: expect.stringMatching(/^Question 1 "T": the embedded file "x\.svg" cannot be imported: SVG images are not accepted/) },
    ]);
    const plain = parseMoodleXml(q('<questiontext format="html"><text>Q</text><file name="a.png" encoding="plain">x</file></questiontext>'));
    expect(plain.errors[0].message).toMatch(/not base64-encoded/);
  });

  it('the markers become the stored images\' addresses in every text of a stored row', () => {
    expect(withImageUrls({ question: 'a ![x](@@IMAGE:0@@) ![y](@@IMAGE:1@@)', options: '[{"text":"![z](@@IMAGE:1@@)"}]', marks: 1 }, ['/api/question-images/7', '/api/question-images/9'])).toEqual({
      question: 'a ![x](/api/question-images/7) ![y](/api/question-images/9)',
      options: '[{"text":"![z](/api/question-images/9)"}]',
      marks: 1,
    });
  });

  it('export embeds each referred image as a <file> with a @@PLUGINFILE@@ reference, and reading the export gives the same image back', () => {
    const q: ExportQuestion = {
      id: 3,
      type: 'single',
      question: 'Which flag?\n![A red flag](/api/question-images/41)',
      marks: 1,
      time_required: 1,
      difficulty: 'easy',
      options: [
        { text: 'Red ![swatch](/api/question-images/41)', correct: true, weight: 100 },
        { text: 'Green ![unknown](/api/question-images/999)', correct: false, weight: 0 },
      ],
    };
    const xml = writeMoodleXml([q], new Map([[41, { content_type: 'image/png', bytes: new Uint8Array(PNG) }]]));
    expect(xml).toContain('<questiontext format="markdown">');
    expect(xml).toContain('![A red flag](@@PLUGINFILE@@/image-41.png)');
    expect(xml).toContain(`<file name="image-41.png" path="/" encoding="base64">${PNG.toString('base64')}</file>`);
    // An image the export does not have is left as written, in plain text.
    expect(xml).toContain('Green ![unknown](/api/question-images/999)');
    const back = validateDrafts(parseMoodleXml(xml).drafts, defaults, 'text');
    expect(back.errors).toEqual([]);
    expect(back.valid[0].question.question).toBe('Which flag?\n![A red flag](@@IMAGE:0@@)');
    expect(back.valid[0].question.options!.map((o) => o.text)).toEqual(['Red ![swatch](@@IMAGE:0@@)', 'Green ![unknown](/api/question-images/999)']);
    // The same image twice in one question is stored once.
    expect(back.valid[0].images!.map((i) => Buffer.from(i.bytes).equals(PNG))).toEqual([true]);
    expect(embedImagesInXml('<questiontext format="plain_text"><text>none</text></questiontext>', new Map([[1, { content_type: 'image/png', bytes: PNG }]]))).toBe(
      '<questiontext format="plain_text"><text>none</text></questiontext>',
    );
  });
});
