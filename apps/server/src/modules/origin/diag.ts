/** Connection diagnostics: the server list (diag.json) and the speed-test file. */
import { createCipheriv, createHash } from 'node:crypto';
import type { DiagResponse } from '@pantalla/contracts';
import type { DiagServerConfig } from '../../platform/config';

/** The speed-test file's name (spec: media_0.ts) and size: a few MB, so slow links finish. */
export const SPEED_FILE = 'media_0.ts';
export const SPEED_FILE_BYTES = 4 * 1024 * 1024;

let speedFile: { bytes: Buffer; etag: string } | undefined;

/**
 * Incompressible bytes (AES-CTR of zeros, fixed key: the same in every process, so ETags
 * agree behind a load balancer) framed as 188-byte MPEG-TS packets.
 */
export function speedTestFile(): { bytes: Buffer; etag: string } {
  if (!speedFile) {
    const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16, 0));
    const bytes = cipher.update(Buffer.alloc(SPEED_FILE_BYTES));
    for (let i = 0; i < bytes.length; i += 188) bytes[i] = 0x47;
    speedFile = { bytes, etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"` };
  }
  return speedFile;
}

/**
 * diag.json: the configured servers (DIAG_SERVERS), else one group per origin: this server,
 * and the CDN in front of it when a media base URL is configured.
 */
export function diagServers(
  baseUrl: string,
  publicUrl: string,
  configured: readonly DiagServerConfig[] | null = null,
): DiagResponse {
  if (configured)
    return {
      groups: configured.map((server) => ({ name: server.name, fileKey: SPEED_FILE, baseUrl: server.baseUrl })),
    };
  const groups = [{ name: 'Pantalla', fileKey: SPEED_FILE, baseUrl: `${publicUrl}/media/speed` }];
  if (baseUrl !== publicUrl) groups.push({ name: 'CDN', fileKey: SPEED_FILE, baseUrl: `${baseUrl}/media/speed` });
  return { groups };
}
