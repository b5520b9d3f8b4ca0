// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the built front end
// (default dist/, or the folder given), at the highest levels: compressed once at build time, then
// sent as they are by the Node server (@fastify/static preCompressed) and by nginx (brotli_static,
// gzip_static). A copy is kept only when it saves at least a tenth; an up-to-date copy is left alone.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|ico|webmanifest|wasm|bin)$/i;
const MIN_BYTES = 1024;
// The page every navigation loads is compressed whatever its size: it is the first thing a browser waits for.
const ALWAYS = new Set(['index.html']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const encoders = {
  br: (buf) =>
    zlib.brotliCompressSync(buf, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  gz: (buf) => zlib.gzipSync(buf, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`precompress: no built front end in ${root} (run vite build first)`);
  process.exit(1);
}
const started = Date.now();
let raw = 0;
const out = { br: 0, gz: 0 };
let written = 0;
for (const file of files(root)) {
  const stat = fs.statSync(file);
  if (stat.size < MIN_BYTES && !ALWAYS.has(path.basename(file))) continue;
  let buf;
  for (const [ext, encode] of Object.entries(encoders)) {
    const target = `${file}.${ext}`;
    const existing = fs.statSync(target, { throwIfNoEntry: false });
    if (existing && existing.mtimeMs >= stat.mtimeMs) {
      out[ext] += existing.size;
      continue;
    }
    buf ??= fs.readFileSync(file);
    const packed = encode(buf);
    if (packed.length > buf.length * 0.9) {
      fs.rmSync(target, { force: true });
      out[ext] += buf.length;
      continue;
    }
    // Beside the target and renamed over it: a server starting meanwhile never reads half a file.
    const temp = `${target}.${process.pid}.tmp`;
    fs.writeFileSync(temp, packed);
    fs.renameSync(temp, target);
    out[ext] += packed.length;
    written++;
  }
  raw += stat.size;
}
const kB = (n) => `${Math.round(n / 1024)} kB`;
console.log(`precompress: ${kB(raw)} -> ${kB(out.br)} brotli, ${kB(out.gz)} gzip (${written} files written, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
