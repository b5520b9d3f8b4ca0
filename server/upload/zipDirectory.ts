/**
 * Reads a zip file's central directory without inflating anything, so that an .xlsx
 * can be judged (entry count, total unpacked size, macro parts) before it is parsed.
 */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/** The entries of a zip, or undefined when the buffer is not a readable zip. */
export function readZipDirectory(buf: Buffer, maxEntries = 10_000): ZipEntry[] | undefined {
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  const start = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= start; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  const dirOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers (0xffff / 0xffffffff) never occur in a legitimate 2 MB workbook.
  if (count === 0xffff || dirOffset === 0xffffffff || count > maxEntries) return undefined;
  if (dirOffset + dirSize > buf.length) return undefined;
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) return undefined;
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLength > buf.length) return undefined;
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's stored bytes (after its local header), or undefined when they are not where the directory says. */
export function entryData(buf: Buffer, entry: ZipEntry): Buffer | undefined {
  const p = entry.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL_SIGNATURE) return undefined;
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  return end <= buf.length ? buf.subarray(start, end) : undefined;
}
