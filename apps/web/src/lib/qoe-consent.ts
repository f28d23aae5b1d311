/**
 * Whether this device's player reports how viewing goes (issue 28). The choice is kept on
 * the device (localStorage), not with the account: while opted out nothing is sent, so the
 * server never learns of the device at all. On by default, as the privacy page says.
 */
const KEY = 'pantalla.qoe';

/** True unless the viewer turned the reports off on this device. */
export function qoeReportsEnabled(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Turns the reports on or off on this device. */
export function setQoeReportsEnabled(enabled: boolean): void {
  try {
    if (enabled) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}
