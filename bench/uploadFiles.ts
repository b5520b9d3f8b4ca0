/**
 * Hostile import files that pass the 2 MB upload limit but cost the server far more to read:
 * a workbook whose shared strings unpack to tens of megabytes of text, and a GIFT file of
 * nearly 2 MB. Shared by the upload-attack benchmark (bench/upload-attack.ts) and the API tests.
 */
import zlib from 'node:zlib';
import { buildZip, xlsxParts, type ZipInput } from '../tests/support/fuzz';

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);

/**
 * A student workbook (header row and one student) whose xl/sharedStrings.xml holds `strings`
 * distinct strings of `length` characters each: about strings x length bytes of text that a
 * parser must hold, compressed about 200 to 1. The header's count attributes tell the truth
 * unless `claimCount` says otherwise.
 */
export function sharedStringsWorkbook({ strings = 12_000, length = 5_000, claimCount }: { strings?: number; length?: number; claimCount?: number } = {}): Buffer {
  const header = ['fullname', 'username', 'email', 'phone'];
  const parts = xlsxParts('Students', [header, ['Asha Verma', 'asha.bomb', 'asha.bomb@example.org', '9876500001']]);
  const pad = 'x'.repeat(Math.max(0, length - 16));
  const items: string[] = [];
  for (let i = 0; i < strings; i++) items.push(`<si><t>${String(i).padStart(12, '0')}${pad}</t></si>`);
  const count = claimCount ?? strings;
  const sharedStrings = xml(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${items.join('')}</sst>`);
  const withStrings: ZipInput[] = parts.map((p) => {
    const text = p.content?.toString('utf8') ?? '';
    if (p.name === '[Content_Types].xml') {
      return { ...p, content: Buffer.from(text.replace('</Types>', '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')) };
    }
    if (p.name === 'xl/_rels/workbook.xml.rels') {
      return { ...p, content: Buffer.from(text.replace('</Relationships>', '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')) };
    }
    return p;
  });
  withStrings.push({ name: 'xl/sharedStrings.xml', content: sharedStrings });
  return buildZip(withStrings, (b) => zlib.deflateRawSync(b, { level: 9 }));
}

/** A GIFT file of `bytes` bytes (about): single-choice questions of about 1,000 characters each, all valid. */
export function largeGift(bytes = 1_900_000): Buffer {
  const questions: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const q = `::Q${i}:: Question ${i}: ${'which of these words is the answer '.repeat(27)}{=right ~wrong ~other ~none}\n\n`;
    questions.push(q);
    size += q.length;
  }
  return Buffer.from(questions.join(''));
}
