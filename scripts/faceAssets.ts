// The face detector's model and the TensorFlow.js WebAssembly files, served from the portal's own
// origin under /face/ (never from a CDN): copied into the build, and served by the dev server.
// Their names stay as they are: the model's manifest refers to its weights file by name.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const FILES: Record<string, string> = {
  'face/model/tiny_face_detector_model-weights_manifest.json': 'node_modules/@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json',
  'face/model/tiny_face_detector_model.bin': 'node_modules/@vladmandic/face-api/model/tiny_face_detector_model.bin',
  'face/wasm/tfjs-backend-wasm.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
  'face/wasm/tfjs-backend-wasm-simd.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
  'face/wasm/tfjs-backend-wasm-threaded-simd.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm',
};

const TYPES: Record<string, string> = { '.json': 'application/json', '.bin': 'application/octet-stream', '.wasm': 'application/wasm' };

/** A Vite plugin: copies the files into the output folder and serves them in development. */
export function faceAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'face-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = FILES[(req.url ?? '').split('?')[0].replace(/^\//, '')];
        if (!source) return next();
        res.setHeader('Content-Type', TYPES[path.extname(source)] ?? 'application/octet-stream');
        fs.createReadStream(source).pipe(res);
      });
    },
    writeBundle() {
      for (const [target, source] of Object.entries(FILES)) {
        const to = path.join(outDir, target);
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(source, to);
      }
    },
  };
}
