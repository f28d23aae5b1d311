import type { ManifestTestEvent } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { forbidden } from '../../platform/errors';
import type { GuideRepository } from './guide.repository';

/** Past a week of catch-up on every demo channel (about 8,000); a larger guide is tested by its newest events. */
export const MANIFEST_TEST_MAX_EVENTS = 20_000;
export const MANIFEST_TEST_ADMINS_ONLY = 'Solo un administrador puede usar la prueba de manifiestos.';

/** The catch-up events the operator's manifest test checks, for ADMIN_EMAILS accounts only. */
export class ManifestTestService {
  constructor(
    private readonly clock: Clock,
    private readonly guide: GuideRepository,
    private readonly settings: { adminEmails: readonly string[]; mediaBaseUrl: string },
  ) {}

  /** Throws 403 unless the email is an administrator's. */
  requireAdmin(email: string): void {
    if (!this.settings.adminEmails.includes(email.toLowerCase())) throw forbidden(MANIFEST_TEST_ADMINS_ONLY);
  }

  /** Every event in catch-up now (or ended within the last `hours`), newest first, with its manifest URL on the origin. */
  async events(email: string, hours?: number): Promise<ManifestTestEvent[]> {
    this.requireAdmin(email);
    const now = this.clock.now();
    const endedAfter = hours === undefined ? 0 : now - hours * 3_600_000;
    const rows = await this.guide.catchupEvents(now, endedAfter, MANIFEST_TEST_MAX_EVENTS);
    return rows.map((row) => ({
      id: row.id,
      channelId: row.channelId,
      title: row.title,
      start: new Date(row.startTime).toISOString(),
      end: new Date(row.endTime).toISOString(),
      url: `${this.settings.mediaBaseUrl}/media/catchup/${row.id}`,
    }));
  }
}
