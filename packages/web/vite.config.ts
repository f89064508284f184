// Builds the app into dist/: the page's module, the engine worker as a separate module and
// the service worker; each text file also written gzipped and brotli-compressed for the
// server to send as is.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Writes `x.gz` and `x.br` beside every compressible file of the build. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'agon-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(path)) continue;
        const data = new Uint8Array(readFileSync(path));
        writeFileSync(`${path}.gz`, new Uint8Array(gzipSync(data, { level: 9 })));
        writeFileSync(`${path}.br`, new Uint8Array(brotliCompressSync(data)));
      }
    },
  };
}

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The service worker keeps a fixed name at the root: its scope is the whole app.
      input: { index: 'index.html', sw: 'src/sw.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  plugins: [precompress()],
});
