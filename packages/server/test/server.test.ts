import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import { dataFolder, fakeApp, remove } from './harness.ts';

/** A real store whose failure for good can be declared. */
class BreakableStore extends SqliteStore {
  broken: Error | undefined;
  override get failure(): Error | undefined {
    return this.broken ?? super.failure;
  }
}

describe('buildServer', () => {
  it('serves the page, revalidated, and hashed assets as immutable', async () => {
    const app = await buildServer({ webRoot: fakeApp() });
    const page = await app.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Agon</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject('/assets/index-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/nothing-here')).statusCode).toBe(404);
    // A browser asking for a page at an unknown address gets the app, which says so, with 404.
    const lost = await app.inject({ url: '/nothing-here', headers: { accept: 'text/html' } });
    expect(lost.statusCode).toBe(404);
    expect(lost.body).toContain('<title>Agon</title>');
    const file = await app.inject({ url: '/assets/gone.js', headers: { accept: 'text/html' } });
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('<title>');
    await app.close();
  });

  it("serves the app at a game's link and creates games over HTTP", async () => {
    const app = await buildServer({ webRoot: fakeApp() });
    for (const path of [
      '/g/abcdefghij',
      '/online',
      '/puzzles',
      '/puzzles/0a55703',
      '/puzzles/daily',
    ]) {
      const page = await app.inject(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Agon</title>');
    }
    const created = await app.inject({
      method: 'POST',
      url: '/api/games',
      payload: { side: 'black' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      seat: 'black',
      id: expect.stringMatching(/^[a-z2-9]{10}$/),
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/games',
      headers: { 'content-type': 'application/json' },
      payload: '{"side":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'bad-message' } });
    const big = await app.inject({
      method: 'POST',
      url: '/api/games',
      payload: { pad: 'x'.repeat(5000) },
    });
    expect(big.statusCode).toBe(413);
    await app.close();
  });

  it('says in /healthz when the store has failed for good', async () => {
    const folder = dataFolder();
    const store = new BreakableStore(folder);
    const app = await buildServer({ webRoot: fakeApp(), store });
    expect((await app.inject('/healthz')).json()).toMatchObject({ ok: true, games: 0, sockets: 0 });
    store.broken = new Error('the storage worker stopped');
    const broken = await app.inject('/healthz');
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toEqual({ ok: false, error: 'storage' });
    store.broken = undefined;
    await app.close();
    remove(folder);
  });

  it('refuses to start without a built app, saying how to build it', async () => {
    await expect(buildServer({ webRoot: join(tmpdir(), 'no-such-agon-dir') })).rejects.toThrow(
      /npm run build/,
    );
  });
});
