// This device's side of notifications: whether the browser can be sent them, whether this
// device is subscribed, and the subscribing itself. The browser's permission is asked only
// when the player says yes to being told (PushPrompt.tsx, the settings menu), never on a visit;
// the subscription is then handed to the server with the language and the kinds switched off,
// and handed again when those change (docs/online.md, "Notifications").

import { signal } from '@preact/signals';
import { language } from '../i18n/translations.ts';
import { keptIdentity } from '../lib/identity.ts';
import { preferences } from '../lib/settings.ts';

/** Whether this browser can be sent notices (a service worker, push and notifications). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

/**
 * Why notices cannot reach this device, each with its own way out: a browser without push, a
 * site the player blocked, the browser's question closed unanswered, a subscription that failed
 * (the browser's push service or our server unreachable); or, before any attempt, a device that
 * simply is not subscribed.
 */
export type PushProblem = 'unsupported' | 'denied' | 'dismissed' | 'failed' | 'off';

/** Whether this device is subscribed; undefined until read from the browser. */
export const subscribed = signal<boolean | undefined>(undefined);

/** The push manager of the app's service worker, once it is running. */
async function pushManager(): Promise<PushManager> {
  return (await navigator.serviceWorker.ready).pushManager;
}

/** Reads whether this device is subscribed. */
export async function readSubscription(): Promise<void> {
  if (subscribed.value !== undefined) return;
  subscribed.value = pushSupported() && (await (await pushManager()).getSubscription()) !== null;
}

/** Hands the server `subscription` with this device's language and kinds switched off. */
async function post(subscription: PushSubscription, token: string): Promise<void> {
  const response = await fetch('/api/me/push', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      ...subscription.toJSON(),
      language: preferences.value.language ?? language.value,
      off: preferences.value.noticesOff,
    }),
  });
  if (!response.ok) throw new Error(`the server refused the subscription (${response.status})`);
}

/**
 * What keeps notices from this device as far as this page knows, without asking anything:
 * undefined when it is subscribed (or not read yet).
 */
export function pushProblem(): PushProblem | undefined {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return subscribed.value === false ? 'off' : undefined;
}

/**
 * Asks the browser's permission and subscribes this device: undefined if it is subscribed now,
 * else why not.
 */
export async function subscribe(): Promise<PushProblem | undefined> {
  const identity = keptIdentity();
  if (!pushSupported()) return 'unsupported';
  if (!identity) return 'failed';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  try {
    const manager = await pushManager();
    const { key } = (await (await fetch('/api/push/key')).json()) as { key: string };
    const subscription =
      (await manager.getSubscription()) ??
      (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    await post(subscription, identity.token);
  } catch {
    return 'failed';
  }
  subscribed.value = true;
  return undefined;
}

/** Tells the server this device's language and kinds again, if it is subscribed. */
export async function resubscribe(): Promise<void> {
  const identity = keptIdentity();
  const subscription = subscribed.value && (await (await pushManager()).getSubscription());
  if (identity && subscription) await post(subscription, identity.token);
}

/** Stops notices to this device: the server forgets it, and so does the push service. */
export async function unsubscribe(): Promise<void> {
  const subscription = pushSupported() ? await (await pushManager()).getSubscription() : null;
  const identity = keptIdentity();
  if (subscription && identity) {
    await fetch('/api/me/push', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${identity.token}` },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    });
  }
  await subscription?.unsubscribe();
  subscribed.value = false;
}
