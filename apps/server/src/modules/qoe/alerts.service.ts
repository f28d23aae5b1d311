import {
  QOE_ALERT_WINDOW_MS,
  QOE_DEFAULT_THRESHOLDS,
  type QoeAlert,
  type QoeAlerts,
  type QoeThresholds,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Platform } from '../../platform/module';
import { exactPercentile } from './metrics';
import type { ItemRef, QoeRepository, ViewFactsRow } from './qoe.repository';
import type { QoeAlertRow } from './tables';

/** One item's last five minutes as the alerts judge them. */
export interface ItemWindow {
  itemType: string;
  itemId: number;
  views: number;
  failurePct: number;
  startupP95Ms: number | null;
}

/** Groups the window's views by item (pure). */
export function itemWindows(views: readonly ViewFactsRow[]): ItemWindow[] {
  const groups = new Map<string, ViewFactsRow[]>();
  for (const view of views) {
    const key = `${view.itemType}:${view.itemId}`;
    groups.set(key, [...(groups.get(key) ?? []), view]);
  }
  return [...groups.values()].map((rows) => ({
    itemType: rows[0]?.itemType ?? '',
    itemId: rows[0]?.itemId ?? 0,
    views: rows.length,
    failurePct: (100 * rows.filter((r) => r.errorCode !== null).length) / rows.length,
    startupP95Ms: exactPercentile(
      rows.flatMap((r) => (r.startupMs === null ? [] : [r.startupMs])),
      95,
    ),
  }));
}

/** Whether an item crosses a threshold (pure): judged only with the minimum of views. */
export function crossing(window: ItemWindow, kind: 'failure' | 'startup', t: QoeThresholds): number | null {
  if (window.views < t.minViews) return null;
  if (kind === 'failure') return window.failurePct >= t.failurePct ? window.failurePct : null;
  return window.startupP95Ms !== null && window.startupP95Ms >= t.startupP95Ms ? window.startupP95Ms : null;
}

/** What the alerts need besides the database: the operators' addresses and a mailer. */
export interface AlertNeeds {
  /** Channels' and titles' names from the catalogue, keyed '<type>:<id>' (removed items left out). */
  itemNames: (items: readonly ItemRef[]) => Promise<Map<string, string>>;
  operatorEmails: () => Promise<string[]>;
  mail: (to: string, subject: string, text: string) => Promise<void>;
}

/**
 * Alerts: every minute, each item's last five minutes against the operators' thresholds. A
 * crossing raises an alert (once) and mails the operators; the alert clears itself when the
 * item is back under the threshold, or has too few views left to judge.
 */
export class QoeAlertsService {
  constructor(
    private readonly platform: Platform,
    private readonly repo: QoeRepository,
    private readonly needs: AlertNeeds,
  ) {}

  async thresholds(): Promise<QoeThresholds> {
    return (await this.repo.thresholds()) ?? QOE_DEFAULT_THRESHOLDS;
  }

  async setThresholds(actor: Actor, next: QoeThresholds): Promise<QoeThresholds> {
    await this.repo.setThresholds(actor, this.platform.clock.now(), await this.thresholds(), next);
    return next;
  }

  async list(openOnly: boolean, limit: number): Promise<QoeAlerts> {
    return {
      items: await this.named(await this.repo.listAlerts(openOnly, limit)),
      thresholds: await this.thresholds(),
    };
  }

  /** An item's latest alerts, named. */
  async of(item: ItemRef, limit: number): Promise<QoeAlert[]> {
    return this.named(await this.repo.alertsOf(item, limit));
  }

  private async named(rows: readonly QoeAlertRow[]): Promise<QoeAlert[]> {
    const names = await this.needs.itemNames(rows);
    return rows.map((r) => ({
      ...r,
      kind: r.kind === 'startup' ? ('startup' as const) : ('failure' as const),
      itemType: r.itemType as QoeAlert['itemType'],
      name: names.get(`${r.itemType}:${r.itemId}`) ?? null,
      value: Number(r.value),
      threshold: Number(r.threshold),
      raisedAt: Number(r.raisedAt),
      clearedAt: r.clearedAt === null ? null : Number(r.clearedAt),
    }));
  }

  /** How a mail names an item: its catalogue name, else its type and id. */
  private async labelOf(item: ItemRef): Promise<string> {
    const name = (await this.needs.itemNames([item]).catch(() => new Map<string, string>())).get(
      `${item.itemType}:${item.itemId}`,
    );
    return name ? `${name} (${item.itemType} ${item.itemId})` : `${item.itemType} ${item.itemId}`;
  }

  /** Judges the last five minutes now; returns what it raised and cleared. */
  async evaluate(): Promise<{ raised: number; cleared: number }> {
    const now = this.platform.clock.now();
    const t = await this.thresholds();
    const windows = itemWindows(await this.repo.viewsStartedBetween(now - QOE_ALERT_WINDOW_MS, now + 1));
    const byItem = new Map(windows.map((w) => [`${w.itemType}:${w.itemId}`, w]));
    const open = await this.repo.openAlerts();
    let cleared = 0;
    const lasting = new Set<string>();
    for (const alert of open) {
      const window = byItem.get(`${alert.itemType}:${alert.itemId}`);
      if (window && crossing(window, alert.kind === 'startup' ? 'startup' : 'failure', t) !== null) {
        lasting.add(`${alert.kind}:${alert.itemType}:${alert.itemId}`);
        continue;
      }
      await this.repo.clearAlert(alert.id, now);
      cleared += 1;
      const label = await this.labelOf(alert);
      await this.notify(
        `Resuelto: ${label} vuelve a la normalidad`,
        `La alerta de ${alert.kind === 'startup' ? 'tiempo de arranque' : 'fallos de reproducción'} de ${label} se ha cerrado sola.`,
      );
    }
    let raised = 0;
    for (const window of windows) {
      for (const kind of ['failure', 'startup'] as const) {
        const value = crossing(window, kind, t);
        if (value === null || lasting.has(`${kind}:${window.itemType}:${window.itemId}`)) continue;
        const threshold = kind === 'failure' ? t.failurePct : t.startupP95Ms;
        await this.repo.raiseAlert({
          kind,
          itemType: window.itemType,
          itemId: window.itemId,
          value,
          threshold,
          views: window.views,
          raisedAt: now,
        });
        raised += 1;
        const what =
          kind === 'failure'
            ? `fallos de reproducción ${value.toFixed(1)} % (umbral ${threshold} %)`
            : `arranque p95 ${Math.round(value)} ms (umbral ${threshold} ms)`;
        const label = await this.labelOf(window);
        await this.notify(
          `Alerta de calidad: ${label}`,
          `En los últimos 5 minutos, ${window.views} reproducciones de ${label}: ${what}.\nConsola: /operador/calidad/${window.itemType}/${window.itemId}`,
        );
      }
    }
    return { raised, cleared };
  }

  private async notify(subject: string, text: string): Promise<void> {
    const recipients = await this.needs.operatorEmails().catch(() => []);
    for (const to of recipients)
      await this.needs
        .mail(to, subject, text)
        .catch((error: unknown) => this.platform.log.warn({ err: error }, 'QoE alert mail not sent'));
  }
}
