/**
 * The claims of a JWT read without checking its signature: for a client reading its own
 * idToken's times. The server checks signatures first (apps/server platform/jwt.ts) and
 * reads the claims with this too. Null when the token has no JSON object as its payload.
 */
export function readJwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload || !/^[\w-]*$/.test(payload)) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
