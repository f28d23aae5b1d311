import { expect, test } from '@playwright/test';
import { BASICO } from '../fixtures/accounts';
import { apiToken, emplayer, PlayerPage, resetSessions } from '../pages/player-page';

/*
 * The app under its Content-Security-Policy (issue 11): no inline script allowed, and still
 * the home, the guide and a ClearKey live stream (Shaka, MSE blob:, licence requests) work
 * with not one CSP violation reported. Runs in the playback project (it opens a session).
 */
const SHOTS = '/tmp/shots/csp';
const LIVE_1 = emplayer([1, 'Pantalla Uno', 'LIVE', 2, 1, null, 0]);

test('the app and a ClearKey stream work under the CSP with no violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  await resetSessions(request, await apiToken(BASICO));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  const first = await page.goto('/');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(first?.headers()['x-frame-options']).toBe('DENY');

  const player = new PlayerPage(page);
  await player.signInThroughForm(BASICO);
  await page.screenshot({ path: `${SHOTS}/home.png` });
  await player.goto(LIVE_1);
  await expect(player.title).toContainText('Pantalla Uno');
  await player.expectPlayingPast(0);
  await player.expectAdvancing();
  await page.screenshot({ path: `${SHOTS}/live.png` });
  expect(violations).toEqual([]);
});
