import { CONNDIAG_MAX_SERVERS, connDiagReportSchema, type ConnDiagReport } from '@pantalla/contracts';
import { api } from '../../../lib/api-client';
import { qoeReportsEnabled } from '../../../lib/qoe-consent';
import { currentEnvironment } from '../../../lib/qoe-environment';
import type { ServerResult } from '../lib/speed-test';

/** The run as the server keeps it: each server's name, host and figure (the address's path stays here). */
export function speedReport(
  results: readonly ServerResult[],
  environment: Pick<ConnDiagReport, 'browser' | 'os' | 'screen'>,
): ConnDiagReport | null {
  const measured = results.flatMap(({ server, mbps }) => {
    if (mbps === null) return [];
    const host = hostOf(server.baseUrl);
    return host ? [{ server: server.name.slice(0, 60), host, mbps: Math.min(100_000, Math.max(0, mbps)) }] : [];
  });
  if (measured.length === 0) return null;
  const report = connDiagReportSchema.safeParse({ ...environment, results: measured.slice(0, CONNDIAG_MAX_SERVERS) });
  return report.success ? report.data : null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url, window.location.href).host || null;
  } catch {
    return null;
  }
}

/**
 * POST /qoe/conndiag: a finished run goes to the server so support can match a complaint to
 * measured bandwidth; under the player reports' opt-out (Settings › Privacy), and only when
 * signed in. Nothing waits for it: a lost report loses figures, never the screen.
 */
export function sendSpeedResults(results: readonly ServerResult[], signedIn: boolean): void {
  if (!signedIn || !qoeReportsEnabled()) return;
  const { browser, os, screen } = currentEnvironment('');
  const report = speedReport(results, { browser, os, screen });
  if (report) void api.post('/qoe/conndiag', report).catch(() => undefined);
}
