// Notices sent by the Web Push protocol (RFC 8030), the `Notifier` of a server that keeps
// subscriptions. Each message is encrypted to the browser's keys (RFC 8291, aes128gcm) and
// signed with the server's VAPID keys (RFC 8292) by the `web-push` package; this module sends
// it (outbound.ts: never to this machine or its networks) and reads only the status of the
// push service's answer: 404 or 410 means the browser unsubscribed, and the subscription is
// forgotten. Sending never blocks or fails a game: notices wait in a bounded queue, players
// take turns, a player's devices are sent to together under one deadline, so an endpoint that
// never answers holds one player's turn for a few seconds and nobody else's; what goes wrong
// is logged once per burst.

import type { Notice, NoticeKind, PushPayload } from '@agon/protocol';
import webPush, { type RequestDetails, type Urgency } from 'web-push';
import type { KeyStore } from '../common/keys.ts';
import type { Notifier } from '../common/notices.ts';
import { send } from '../common/outbound.ts';
import type { Problems } from '../common/problems.ts';
import type { Subscription, SubscriptionStore } from './subscriptions.ts';

/** The server's VAPID key pair, base64url: the public half is what browsers subscribe with. */
interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * The server's VAPID keys from `store`: made by the first process to ask and kept among the
 * server's secrets, so every process of a cluster signs alike and a restart keeps every
 * subscription working (a browser's subscription is bound to the key it was made with).
 */
export async function vapidKeys(store: KeyStore): Promise<VapidKeys> {
  const made = webPush.generateVAPIDKeys();
  return JSON.parse(await store.secret('vapid', JSON.stringify(made))) as VapidKeys;
}

/**
 * Players notified at once: each is a request to each of their devices (10 at most), so the
 * sockets stay a few hundred at worst, and a few players whose endpoints never answer leave
 * the rest free.
 */
const SENDING = 32;
/** Notices waiting to be sent; past this a burst is dropped (and logged), not queued forever. */
const WAITING = 10_000;
/** How long a push service may take to accept the connection, and then stay silent. */
const IDLE_MS = 2_000;
/** How long one notice to all of a player's devices may take, all told. */
const SEND_TIMEOUT_MS = 5_000;
/** The longest a push service keeps a message for an unreachable browser (its own cap). */
const MOST_TTL_S = 28 * 24 * 3600;

/**
 * How long each kind is worth delivering to a browser that is offline, in seconds, and how
 * urgently (RFC 8030 §5.3: a phone on battery may hold back all but `high`).
 */
const DELIVERY: {
  readonly [K in NoticeKind]: { readonly ttl: number; readonly urgency: Urgency };
} = {
  // The whole of the days to move: the turn's own ttl is the deadline (below).
  turn: { ttl: MOST_TTL_S, urgency: 'normal' },
  challenge: { ttl: 24 * 3600, urgency: 'normal' },
  accepted: { ttl: 3600, urgency: 'high' },
  started: { ttl: 3600, urgency: 'high' },
  ended: { ttl: 24 * 3600, urgency: 'low' },
  // Someone seeking now is gone within minutes.
  seeking: { ttl: 120, urgency: 'high' },
  // Sent a few minutes before the start: worth nothing once the event has begun.
  tournament: { ttl: 300, urgency: 'high' },
};

/** What a web push notifier works with. */
interface PushOptions {
  readonly store: SubscriptionStore;
  readonly keys: VapidKeys;
  /**
   * Who runs the server, a mailto: or https: address that push services may write to about
   * its messages (RFC 8292's subject).
   */
  readonly contact: string;
  readonly problems: Problems;
  readonly now: () => number;
  /** Lets endpoints on this machine's loopback through: a push service of the tests' own. */
  readonly loopback: boolean;
}

/** Sends notices to every subscribed device of a player. */
export class WebPush implements Notifier {
  /**
   * Notices waiting, by player; a player goes to the back of the line each time one of theirs
   * is taken, so players take turns however many notices one of them has waiting.
   */
  private readonly waiting = new Map<string, Notice[]>();
  private waitingCount = 0;
  /** The players whose notice is being sent: one at a time each. */
  private readonly busy = new Set<string>();
  /** Aborts the requests under way when the server closes. */
  private readonly closing = new AbortController();

  constructor(private readonly options: PushOptions) {}

  notify(player: string, notice: Notice): void {
    if (this.closing.signal.aborted) return;
    if (this.waitingCount >= WAITING) {
      this.options.problems.report('push', 'too many notices waiting; a notice was dropped');
      return;
    }
    const queue = this.waiting.get(player);
    if (queue) queue.push(notice);
    else this.waiting.set(player, [notice]);
    this.waitingCount++;
    this.next();
  }

  /** Starts sending what waits, to up to SENDING players at once, each player in turn. */
  private next(): void {
    for (const [player, queue] of this.waiting) {
      if (this.busy.size >= SENDING) return;
      if (this.busy.has(player)) continue;
      const notice = queue.shift()!;
      this.waitingCount--;
      this.waiting.delete(player);
      if (queue.length > 0) this.waiting.set(player, queue);
      this.busy.add(player);
      this.deliver(player, notice)
        .catch((e: unknown) => this.options.problems.report('push', e, true))
        .finally(() => {
          this.busy.delete(player);
          this.next();
        });
    }
  }

  /** Sends `notice` to each of `player`'s devices that did not switch its kind off, together. */
  private async deliver(player: string, notice: Notice): Promise<void> {
    let subscriptions: readonly Subscription[];
    try {
      subscriptions = await this.options.store.subscriptions(player);
    } catch (e) {
      this.options.problems.report('storage', e);
      return;
    }
    const deadline = AbortSignal.any([this.closing.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]);
    await Promise.all(
      subscriptions
        .filter((s) => !s.off.includes(notice.kind))
        .map((s) => this.send(s, notice, deadline)),
    );
  }

  /** Encrypts and sends one message; a subscription its push service disowns is forgotten. */
  private async send(s: Subscription, notice: Notice, deadline: AbortSignal): Promise<void> {
    if (deadline.aborted) return;
    const { keys, contact, problems, now, loopback } = this.options;
    const delivery = DELIVERY[notice.kind];
    const ttl =
      notice.kind === 'turn'
        ? Math.min(MOST_TTL_S, Math.max(60, Math.ceil((notice.deadline - now()) / 1000)))
        : delivery.ttl;
    const payload: PushPayload = { notice, language: s.language };
    let request: RequestDetails & { body: Buffer };
    try {
      request = webPush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: contact, ...keys },
          TTL: ttl,
          urgency: delivery.urgency,
          // A newer turn of the same game replaces one not yet delivered, a newer digest the
          // digest before it.
          ...(notice.kind === 'turn' && { topic: 'game' in notice ? notice.game : 'turns' }),
        },
      );
    } catch (e) {
      // A key no message can be encrypted to (not a point of the curve): never deliverable.
      problems.report('push', e);
      await this.forget(s.endpoint);
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    let status: number;
    try {
      status = await send(new URL(request.endpoint), {
        method: request.method,
        headers,
        body: request.body,
        loopback,
        idleMs: IDLE_MS,
        signal: deadline,
      });
    } catch (e) {
      if (!this.closing.signal.aborted) problems.report('push', e);
      return;
    }
    if (status === 404 || status === 410) await this.forget(s.endpoint);
    else if (status >= 300) problems.report('push', `a push service answered ${status}`);
  }

  /** Forgets the subscription at `endpoint`; a store that fails now is asked again next time. */
  private async forget(endpoint: string): Promise<void> {
    try {
      await this.options.store.forget(endpoint);
    } catch (e) {
      this.options.problems.report('storage', e);
    }
  }

  /** Stops sending: what waits is dropped and the requests under way are aborted. */
  close(): void {
    this.waiting.clear();
    this.waitingCount = 0;
    this.closing.abort();
  }
}
