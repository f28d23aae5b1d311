/* global self */
/*
 * Pantalla's service worker (issue 29): it only shows reminders pushed by the server (Web Push,
 * encrypted by the server, decrypted by the browser) and opens the channel when one is tapped.
 * It caches nothing: the app is always loaded from the network.
 */

/** "<title> empieza en N min" counted when shown, not when sent: a push may wait at the push service. */
function reminderText(push, now) {
  const minutes = Math.round((push.startTime - now) / 60000);
  return minutes > 0 ? `${push.title} empieza en ${minutes} min` : `${push.title} empieza ahora`;
}

function readPush(event) {
  try {
    const push = event.data ? event.data.json() : null;
    if (
      push &&
      push.kind === 'reminder' &&
      typeof push.title === 'string' &&
      Number.isInteger(push.reminderId) &&
      Number.isInteger(push.channelId) &&
      Number.isInteger(push.startTime)
    )
      return push;
  } catch {
    // Not JSON: nothing of ours.
  }
  return null;
}

/** Where a tap goes: Mis grabaciones opens the channel's player from these (the app builds the player's link). */
function watchUrl(push) {
  const query = new URLSearchParams({
    ver: String(push.channelId),
    titulo: push.title,
    inicio: String(push.startTime),
    aviso: String(push.reminderId),
  });
  return `/recordings/?${query.toString()}`;
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const push = readPush(event);
  if (!push) return;
  event.waitUntil(
    self.registration.showNotification(reminderText(push, Date.now()), {
      body: 'Toca para verlo en directo.',
      tag: `reminder-${push.reminderId}`,
      icon: '/favicon.svg',
      data: { url: watchUrl(push) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
