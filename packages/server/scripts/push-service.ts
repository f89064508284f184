/// <reference path="./http-ece.d.ts" />
// A push service of the tests' own on loopback: it takes what the server sends a browser's
// endpoint (RFC 8030), keeps each message until a test takes it, and answers each endpoint
// with the status set for it (201 unless told otherwise; 410 plays a browser that
// unsubscribed). A `Device` is the browser's side: its keys, its subscription, and the
// decryption of what it is sent (RFC 8291), as a browser does it.

import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NameLanguage, NoticeKind, PushPayload } from '@agon/protocol';
import { decrypt } from 'http_ece';

/** One message as the push service received it, `t` being its endpoint's path. */
export interface Delivery {
  readonly t: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A browser's side of a subscription: its keys, and what it makes of a message. */
export class Device {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly auth = randomBytes(16).toString('base64url');

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  /** The body of POST /api/me/push for this device. */
  subscription(language: NameLanguage = 'en', off: readonly NoticeKind[] = []) {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey('base64url'), auth: this.auth },
      language,
      off,
    };
  }

  /** Decrypts a message sent to this device. */
  read(delivery: Delivery): PushPayload {
    const text = decrypt(delivery.body, {
      version: 'aes128gcm',
      privateKey: this.ecdh,
      authSecret: this.auth,
    });
    return JSON.parse(text.toString('utf8')) as PushPayload;
  }
}

/** The push service: an HTTP server on 127.0.0.1. */
export class PushService {
  /** Messages not yet taken. */
  private readonly kept: Delivery[] = [];
  private readonly waiting = new Set<() => void>();
  private readonly answers = new Map<string, number>();
  /** Every message received, in order. */
  readonly received: Delivery[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const delivery = { t: path, headers: request.headers, body: Buffer.concat(chunks) };
        this.received.push(delivery);
        this.kept.push(delivery);
        for (const wake of this.waiting) wake();
        response.writeHead(this.answers.get(path) ?? 201).end();
      });
    });
  }

  /** Starts a push service on a free port. */
  static async start(): Promise<PushService> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new PushService(server, `http://127.0.0.1:${port}`);
  }

  /** A new device whose endpoint is `path` on this service. */
  device(path: string): Device {
    return new Device(`${this.url}${path}`);
  }

  /** Answers every message to `path` with `status` from now on. */
  answer(path: string, status: number): void {
    this.answers.set(path, status);
  }

  /** Takes the first message to `path` not yet taken, waiting for it up to `timeout` ms. */
  async next(path: string, timeout = 20_000): Promise<Delivery> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const i = this.kept.findIndex((d) => d.t === path);
      if (i >= 0) return this.kept.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no push to ${path} within ${timeout} ms`);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
