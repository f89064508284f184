// Builds the app into dist/: the page's module, the engine worker as a separate module, the
// service worker with the list of files it stores, and the web app manifest and icons (from
// public/); each text file also written gzipped and brotli-compressed for the server to send
// as is.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * Tells the service worker what to store: every file of the build but itself, the page as
 * `/`, and a digest of their contents that names this version. Then writes `x.gz` and `x.br`
 * beside every compressible file.
 */
function finish(): Plugin {
  let outDir = 'dist';
  return {
    name: 'agon-finish',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const swPath = join(outDir, 'sw.js');
      const stored = files(outDir)
        .filter((path) => path !== swPath)
        .sort();
      const digest = createHash('sha256');
      for (const path of stored) digest.update(path).update(new Uint8Array(readFileSync(path)));
      const urls = stored.map((path) => {
        const url = `/${relative(outDir, path).split(sep).join('/')}`;
        return url === '/index.html' ? '/' : url;
      });
      const build = JSON.stringify({ version: digest.digest('hex').slice(0, 16), files: urls });
      const sw = readFileSync(swPath, 'utf8');
      if (!sw.includes('__AGON_BUILD__')) throw new Error('sw.js has no place for the file list');
      // The name is a free variable in sw.js, so the minifier leaves it for this to replace.
      writeFileSync(swPath, sw.replace('__AGON_BUILD__', build));
      for (const path of files(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(path)) continue;
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
    // Fonts stay files: inlined into the CSS they would delay every first paint.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      // The service worker keeps a fixed name at the root: its scope is the whole app.
      input: { index: 'index.html', sw: 'src/sw.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        // What the first page loads is one chunk, whichever later pages share it: split by
        // who imports each module, every page that reuses a few of its modules would cut it
        // into more small files, each costing the first load its own request and headers.
        // The service worker, an entry of its own, stays out of it, with the words of its
        // notices: a classic script, it can import no chunk.
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/[\\/]src[\\/](sw|notices[\\/]notice-text)\.ts$/.test(id),
            },
          ],
        },
      },
    },
  },
  // `npm run dev`: online play's requests and sockets go on to the server (tools/dev.mjs).
  server: {
    proxy: {
      '/api': { target: process.env.AGON_API ?? 'http://127.0.0.1:3001', ws: true },
    },
  },
  plugins: [finish()],
});
