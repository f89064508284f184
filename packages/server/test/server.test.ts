import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.ts';

function fakeApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agon-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Agon</title>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  return dir;
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
    await app.close();
  });

  it('refuses to start without a built app, saying how to build it', async () => {
    await expect(buildServer({ webRoot: join(tmpdir(), 'no-such-agon-dir') })).rejects.toThrow(
      /npm run build/,
    );
  });
});
