// Measurements: JavaScript sent on first load (gzipped), time until the board is
// interactive, and that the computer's search leaves the page responsive. Sizes are asserted;
// times are only recorded (main-thread task lengths: `npm run bench:web`). The first load's
// JavaScript is also printed from a build alone by `npm run bench:size`.

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject, it } from 'vitest';
import { ARTIFACTS, describeInChromium, newContext } from './browser.ts';

// The build the server serves: another one when AGON_WEB_ROOT names it, as for the server.
const DIST = `${process.env.AGON_WEB_ROOT || fileURLToPath(new URL('../dist/', import.meta.url))}/`;

describeInChromium('performance', (browser) => {
  const results: Record<string, unknown> = {};
  afterAll(() => {
    writeFileSync(`${ARTIFACTS}measurements.json`, `${JSON.stringify(results, null, 2)}\n`);
    console.log('measurements', results);
  });

  it('sends little JavaScript and is interactive quickly', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.add(new URL(r.url()).pathname);
    });
    // The moment the first movable piece is marked, taken inside the page.
    await page.addInitScript(() => {
      const w = window as unknown as { interactiveAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('.cell.origin')) {
          w.interactiveAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(inject('baseURL'));
    await page.waitForSelector('.cell.origin');
    const interactiveMs = await page.evaluate(() =>
      Math.round((window as unknown as { interactiveAt: number }).interactiveAt),
    );
    const load = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { domContentLoaded: Math.round(nav.domContentLoadedEventEnd) };
    });
    // The worker script is fetched as the game page is shown: it belongs to the first load too.
    await expect
      .poll(() => [...scripts].some((path) => /\/engine\.worker-[^/]*\.js$/.test(path)))
      .toBe(true);
    const gz = [...scripts].map((path) => ({
      path,
      raw: statSync(`${DIST}${path}`).size,
      gzip: readFileSync(`${DIST}${path}.gz`).length,
    }));
    const totalGzip = gz.reduce((a, b) => a + b.gzip, 0);
    results.firstLoadJs = { files: gz, totalGzipBytes: totalGzip };
    results.interactiveMs = interactiveMs;
    results.domContentLoadedMs = load.domContentLoaded;
    expect(totalGzip).toBeLessThan(120 * 1024);
    await context.close();
  });

  it('loads each language with little more than its own words', async () => {
    const sizes: Record<string, Record<string, number>> = {};
    const fonts: Record<string, string[]> = {};
    for (const lang of ['en', 'fi', 'ru', 'hi']) {
      const context = await newContext(browser(), false, lang);
      const page = await context.newPage();
      const seen: Promise<[string, number]>[] = [];
      const fontFiles: string[] = [];
      let workerLoaded = false;
      page.on('requestfinished', (r) => {
        if (/\.woff2$/.test(r.url())) fontFiles.push(r.url().split('/').pop() ?? '');
        if (/\/engine\.worker-[^/]*\.js$/.test(r.url())) workerLoaded = true;
        const kind = /\.js$/.test(r.url())
          ? 'js'
          : /\.css$/.test(r.url())
            ? 'css'
            : /\.woff2$/.test(r.url())
              ? 'font'
              : r.resourceType() === 'document'
                ? 'html'
                : 'other';
        // A script counts as the built file sent in the encoding it came in: Chromium reports
        // a worker script's body as 0 bytes, or less than 0, from one load to the next.
        const size =
          kind === 'js'
            ? r.response().then((response) => {
                const encoding = response?.headers()['content-encoding'];
                const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
                return statSync(`${DIST}${new URL(r.url()).pathname}${suffix}`).size;
              })
            : r.sizes().then((z) => z.responseBodySize);
        seen.push(size.then((n) => [kind, n] as [string, number]));
      });
      await page.goto(inject('baseURL'));
      await page.waitForSelector('.cell.origin');
      // The worker and the fonts (Hindi's is large) arrive right after: they belong to the
      // first load. Waited for: the worker's script, then the network falling quiet.
      await expect.poll(() => workerLoaded).toBe(true);
      await page.waitForLoadState('networkidle');
      const bytes: Record<string, number> = { html: 0, js: 0, css: 0, font: 0, other: 0 };
      for (const [kind, n] of await Promise.all(seen)) bytes[kind] = (bytes[kind] ?? 0) + n;
      bytes.total = Object.values(bytes).reduce((a, b) => a + b, 0);
      sizes[lang] = bytes;
      fonts[lang] = fontFiles;
      await context.close();
    }
    results.firstLoadBytesByLanguage = sizes;
    results.firstLoadFonts = fonts;
    const of = (lang: string, kind: string): number => sizes[lang]?.[kind] ?? Number.NaN;
    // Each language brings the fonts of its own letters and no others: Inter's Latin letters
    // for all (cell names and move text are Latin), its Cyrillic for Russian, Noto's
    // Devanagari for Hindi.
    const has = (lang: string, subset: string): boolean =>
      (fonts[lang] ?? []).some((f) => f.includes(subset));
    for (const lang of ['en', 'fi', 'ru', 'hi']) expect(has(lang, 'inter-latin-wght')).toBe(true);
    expect(has('ru', 'inter-cyrillic-wght')).toBe(true);
    for (const lang of ['en', 'fi', 'hi']) expect(has(lang, 'cyrillic')).toBe(false);
    expect(has('hi', 'devanagari')).toBe(true);
    for (const lang of ['en', 'fi', 'ru']) expect(has(lang, 'devanagari')).toBe(false);
    expect(of('hi', 'font')).toBeGreaterThan(100 * 1024);
    for (const lang of ['fi', 'ru', 'hi']) {
      expect(of(lang, 'js')).toBeLessThan(of('en', 'js') + 8 * 1024);
    }
  });

  // Behaviour, not time: the search runs in the engine's Worker, so the page goes on drawing
  // frames while the computer thinks. How long the main thread's tasks are is machine- and
  // load-dependent and is measured by `npm run bench:web`, never asserted here.
  it('searches in the Worker while the page stays responsive at level 10', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(inject('baseURL'));
    await page.waitForSelector('.cell.origin');
    // The computer's worker is started with the game page, before it is asked anything.
    await expect
      .poll(() => page.workers().some((w) => /engine\.worker/.test(w.url())), {
        message: 'the engine worker',
      })
      .toBe(true);
    const worker = page.workers().find((w) => /engine\.worker/.test(w.url()));
    await page.getByRole('button', { name: 'New game' }).click();
    await page.locator('input[name=level]').fill('10');
    await page.getByLabel('Black', { exact: true }).check();
    await page.getByRole('button', { name: 'Play' }).click();
    // The computer plays White: it thinks at once, for about two seconds.
    await page.getByTestId('thinking').waitFor();
    // Animation frames the page draws while the thinking sign is up; a search on the main
    // thread would allow none until it ended. (A string: the function needs no transform.)
    const frames = await page.evaluate(`new Promise((resolve) => {
      let n = 0;
      const tick = () => {
        if (!document.querySelector('[data-testid="thinking"]')) resolve(n);
        else {
          n++;
          requestAnimationFrame(tick);
        }
      };
      requestAnimationFrame(tick);
    })`);
    await page.getByTestId('thinking').waitFor({ state: 'detached', timeout: 30_000 });
    results.level10 = { framesWhileThinking: frames };
    expect(frames).toBeGreaterThan(5);
    // The worker answered: the computer's move is in the list, and the worker is the same.
    await expect.poll(() => page.locator('[data-testid="move-list"] button.move').count()).toBe(1);
    expect(page.workers()).toContain(worker);
    await context.close();
  });
});
