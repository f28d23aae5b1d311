/** XML and ISO 8601 formatting for the MPD builders. */

/** Escapes text for an XML attribute value or element content. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Seconds as an xs:duration, millisecond precision ("PT6900S", "PT1.5S"). */
export function isoDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`bad duration ${seconds}`);
  const ms = Math.round(seconds * 1000);
  return `PT${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(3).replace(/0+$/, '')}S`;
}

/** Epoch milliseconds as an xs:dateTime in UTC, without fractional seconds when whole. */
export function isoDateTime(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new RangeError(`bad time ${epochMs}`);
  return new Date(epochMs).toISOString().replace('.000Z', 'Z');
}

/** Renders attributes, skipping undefined ones, in the given order. */
export function attributes(values: Record<string, string | number | boolean | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
}
