// Every error answer of the HTTP side has the API's shape, `{error: {code, message}}`, whoever
// makes it: a route, Fastify itself (a body too large or not JSON, an address it cannot
// decode), the static files, or Node's HTTP parser. Left to themselves, the last three answer
// in shapes of their own that name their internals (`FST_ERR_...`, a `statusCode` field), so a
// client would need a reader for each, and would learn which server it talks to.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, Refusal } from '@agon/protocol';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FailureLog, failure, requestLanguage } from './failures.ts';

/** The answer to an address the server has nothing at. */
export const NOT_FOUND: Refusal = {
  code: 'not-found',
  message: 'there is nothing at this address',
};

/** Fastify's refusals of a request, by its error code: the status and what the client is told. */
const FASTIFY: { readonly [code: string]: readonly [number, ErrorCode, string] } = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too-large', 'the request is larger than this address takes'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad-message', 'the request is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad-message', 'the request says it is JSON but is empty'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'bad-message',
    'the request is not as long as its content-length says',
  ],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported-type',
    'the server reads requests of content-type application/json only',
  ],
  FST_ERR_BAD_URL: [400, 'bad-address', 'the address is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'bad-address', 'the address is too long'],
};

/**
 * The error handler of every route, and of the requests Fastify refuses before any route
 * (`frameworkErrors`). The server's own failures (5xx) say only that it could not, with the
 * request's id; the log has the rest, at most ten lines a second.
 */
export function errorAnswer(now: () => number) {
  const failures = new FailureLog(now);
  return (e: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    // A path the static files will not look up (too long for a file name, a NUL byte) names no
    // file either: answered as any unknown address, so a refusal does not hint that something
    // is there.
    if (e.code === 'FST_STATIC_FORBIDDEN_PATH') {
      reply.callNotFound();
      return;
    }
    reply.header('cache-control', 'no-store');
    const known = FASTIFY[e.code];
    const status = known?.[0] ?? e.statusCode ?? 500;
    if (status >= 500 || status < 400) {
      failures.note(request.id, `${request.method} ${request.url}`, e);
      reply.header('x-request-id', request.id);
      const language = requestLanguage(request.headers['accept-language']);
      reply.status(Math.max(status, 500)).send({ error: failure(request.id, language) });
      return;
    }
    const [code, message] = known
      ? [known[1], known[2]]
      : (['bad-message', 'the request is not one this address takes'] as const);
    reply.status(status).send({ error: { code, message } });
  };
}

/**
 * Answers a request Node's HTTP parser refused (Fastify's `clientErrorHandler`): headers or an
 * address past Node's limit, one too slow to arrive, or bytes that are not HTTP. No route and
 * no reply exist for it, so the answer is written to the socket, which is then closed.
 */
export function answerClientError(e: ConnectionError, socket: Socket): void {
  // A connection reset has nobody left to answer.
  if (e.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, error]: [number, Refusal] =
    e.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { code: 'too-large', message: "the request's address or headers are too long" }]
      : e.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { code: 'too-slow', message: 'the request took too long to arrive' }]
        : [400, { code: 'bad-message', message: 'the request is not HTTP this server reads' }];
  const body = JSON.stringify({ error });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(e);
}

/** The refusal body every API route answers with. */
export const refusal = (code: ErrorCode, message: string) => ({ error: { code, message } });
