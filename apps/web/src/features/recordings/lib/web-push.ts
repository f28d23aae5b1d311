import { pushSubscriptionSchema, type PushSubscriptionBody } from '@pantalla/contracts';

/*
 * This device's Web Push subscription for reminders (issue 29): the service worker at /sw.js
 * (scope /) receives them; the server encrypts each to the subscription's keys.
 */

/** What the browser offers: push needs a service worker, PushManager and notifications. */
export type PushSupport = 'supported' | 'unsupported' | 'insecure';

export function pushSupport(w: Window & typeof globalThis = window): PushSupport {
  if (!w.isSecureContext) return 'insecure';
  if (!('serviceWorker' in w.navigator) || !('PushManager' in w) || !('Notification' in w)) return 'unsupported';
  return 'supported';
}

/** The VAPID key (base64url) as PushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The subscription as the server takes it; null when the browser gave one without keys. */
export function subscriptionBody(subscription: PushSubscriptionJSON): PushSubscriptionBody | null {
  const parsed = pushSubscriptionSchema.safeParse({
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime ?? null,
    keys: { p256dh: subscription.keys?.p256dh, auth: subscription.keys?.auth },
  });
  return parsed.success ? parsed.data : null;
}

export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** This device's current subscription, if the worker is registered and subscribed. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export type SubscribeOutcome =
  | { kind: 'subscribed'; body: PushSubscriptionBody }
  | { kind: 'denied' }
  | { kind: 'dismissed' }
  | { kind: 'failed'; message: string };

/** Asks permission (from a tap), registers the worker and subscribes with the server's key. */
export async function subscribeThisDevice(publicKey: string): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'dismissed' };
  try {
    await registerServiceWorker();
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
    const body = subscriptionBody(subscription.toJSON());
    if (!body) {
      await subscription.unsubscribe();
      return { kind: 'failed', message: 'invalid subscription' };
    }
    return { kind: 'subscribed', body };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
