// Every error answer of the HTTP side has the API's shape, {error: {code, message}}, whether a
// route, Fastify, the static files or Node's HTTP parser refused the request; none names
// Fastify's internals. Pages at unknown addresses still get the app.

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { ErrorCode } from '@agon/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.ts';
import { fakeApp } from './harness.ts';

/** The API's shape of a refusal with `code`, and nothing else. */
function refusal(body: string, code: ErrorCode): void {
  expect(body).not.toMatch(/FST_|statusCode|fastify/i);
  const parsed: unknown = JSON.parse(body);
  expect(parsed).toEqual({ error: { code, message: expect.any(String) } });
  expect((parsed as { error: { message: string } }).error.message.length).toBeGreaterThan(0);
}

/** Writes `request` to the server as raw bytes and answers all it sends back. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.end(request);
  });
}

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await buildServer({ webRoot: fakeApp() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

const json = { 'content-type': 'application/json' };

describe('error answers', () => {
  it.each([
    ['an unknown API route', { url: '/api/nothing' }, 404, 'not-found'],
    ['an API route by another method', { method: 'PUT', url: '/api/games' }, 404, 'not-found'],
    ['a method nothing takes', { method: 'PROPFIND', url: '/api/games' }, 404, 'not-found'],
    [
      'a socket asked for over plain HTTP',
      { url: '/api/games/abcdefghij/socket' },
      404,
      'not-found',
    ],
    [
      "a player's id of 5,000 characters",
      { url: `/api/players/${'x'.repeat(5000)}` },
      404,
      'not-found',
    ],
    ['a missing file', { url: '/assets/gone.js' }, 404, 'not-found'],
    ['a file name of 5,000 characters', { url: `/assets/${'x'.repeat(5000)}` }, 404, 'not-found'],
    ['a NUL byte in a file name', { url: '/assets/%00' }, 404, 'not-found'],
    ['a way out of the files', { url: '/assets/..%2f..%2fetc/passwd' }, 404, 'not-found'],
    ['a POST to a page', { method: 'POST', url: '/lobby', payload: { a: 1 } }, 404, 'not-found'],
    ['a bad escape in the address', { url: '/api/%zz' }, 400, 'bad-address'],
    [
      'a bad escape in a page address',
      { url: '/%zz', headers: { accept: 'text/html' } },
      400,
      'bad-address',
    ],
    [
      'JSON cut short',
      { method: 'POST', url: '/api/games', headers: json, payload: '{"side":' },
      400,
      'bad-message',
    ],
    [
      'an empty JSON body',
      { method: 'POST', url: '/api/players', headers: json, payload: '' },
      400,
      'bad-message',
    ],
    [
      'bad JSON to a page',
      { method: 'POST', url: '/lobby', headers: json, payload: '{' },
      400,
      'bad-message',
    ],
    [
      'a body too large',
      { method: 'POST', url: '/api/games', payload: { pad: 'x'.repeat(100_000) } },
      413,
      'too-large',
    ],
    [
      'a content type not read',
      {
        method: 'POST',
        url: '/api/games',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      415,
      'unsupported-type',
    ],
  ] as const)('%s', async (_what, request, status, code) => {
    const answer = await app.inject(request);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    refusal(answer.body, code);
  });

  it.each([
    [
      'an address past the header limit',
      `GET /api/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
      431,
      'too-large',
    ],
    ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', 400, 'bad-message'],
    [
      'a socket to an unknown address',
      'GET /api/nothing/socket HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      404,
      'not-found',
    ],
  ] as const)('%s, refused before any route', async (_what, request, status, code) => {
    const answer = await raw(port, request);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/content-type: application\/json/i);
    refusal(body, code);
  });

  it('still serves the app to a page at an unknown or overlong address', async () => {
    for (const url of ['/nothing-here', `/${'x'.repeat(5000)}`]) {
      const page = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<title>Agon</title>');
    }
  });
});
