import type { IngestReport } from '@pantalla/contracts';
import { normalizeForSearch, type ChannelChanges, type ChannelUpsert, type ImportChannel } from '../catalogue';

/** Channels saved per transaction. */
const SAVE_CHUNK = 250;

/** A channel as a file's entries see it: one already stored, or one the file adds. */
export interface PlannedChannel {
  /** The stored channel's id; null until a new one is saved. */
  id: number | null;
  name: string;
  /** Current values, with the file's changes applied so far. */
  values: ChannelChanges & { name: string };
  /** What the file changes on a stored channel. */
  changes: ChannelChanges;
  isNew: boolean;
}

/**
 * The channels of one file: matched by tvg-id, then by any name (a name only matches a
 * channel without a tvg-id of its own, or when the entry has none), new ones added as
 * later entries may match them too. Everything is saved in one batch at the end.
 */
export class ChannelPlan {
  readonly counts: IngestReport['channels'] = { created: 0, updated: 0, unchanged: 0 };
  /** Channels added or changed since the last batch was taken. */
  private planned = new Set<PlannedChannel>();
  private readonly byTvg = new Map<string, PlannedChannel>();
  private readonly byName = new Map<string, PlannedChannel>();

  constructor(stored: readonly ImportChannel[]) {
    for (const c of stored) {
      const entry: PlannedChannel = { id: c.id, name: c.name, values: { ...c }, changes: {}, isNew: false };
      if (c.tvgId) this.byTvg.set(c.tvgId, entry);
      const key = normalizeForSearch(c.name);
      if (!this.byName.has(key)) this.byName.set(key, entry);
    }
  }

  match(tvgId: string | null, names: readonly string[]): PlannedChannel | undefined {
    if (tvgId && this.byTvg.has(tvgId)) return this.byTvg.get(tvgId);
    for (const n of names) {
      const hit = this.byName.get(normalizeForSearch(n));
      if (hit && (!tvgId || !hit.values.tvgId)) return hit;
    }
    return undefined;
  }

  /** A channel the file adds. */
  add(values: ChannelChanges & { name: string }): PlannedChannel {
    const entry: PlannedChannel = { id: null, name: values.name, values: { ...values }, changes: {}, isNew: true };
    this.planned.add(entry);
    if (values.tvgId) this.byTvg.set(values.tvgId, entry);
    this.byName.set(normalizeForSearch(values.name), entry);
    this.counts.created++;
    return entry;
  }

  /** Applies the fields that differ; counts the channel updated or unchanged. */
  change(entry: PlannedChannel, wanted: ChannelChanges): void {
    const diff: ChannelChanges = {};
    for (const [key, value] of Object.entries(wanted) as [keyof ChannelChanges, unknown][]) {
      if (entry.values[key] !== value) (diff as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(diff).length === 0) {
      this.counts.unchanged++;
      return;
    }
    Object.assign(entry.values, diff);
    if (!entry.isNew) {
      this.planned.add(entry);
      Object.assign(entry.changes, diff);
    }
    if (diff.tvgId) this.byTvg.set(diff.tvgId, entry);
    this.counts.updated++;
  }

  /**
   * Saves what changed since the last call, in the order the file named the channels, and
   * gives the new ones their ids. A streaming import calls it before each batch of
   * programmes, so every programme's channel exists when the programme is written.
   */
  async save(saveChannels: (batch: ChannelUpsert[]) => Promise<ImportChannel[]>): Promise<void> {
    if (this.planned.size === 0) return;
    const all = [...this.planned];
    this.planned = new Set();
    // A few hundred per transaction: a list of 10,000 channels never holds the database for long.
    for (let at = 0; at < all.length; at += SAVE_CHUNK) {
      const entries = all.slice(at, at + SAVE_CHUNK);
      const rows = await saveChannels(
        entries.map((e) => (e.id === null ? { create: { ...e.values } } : { id: e.id, changes: e.changes })),
      );
      entries.forEach((entry, i) => {
        const row = rows[i];
        if (row) entry.id = row.id;
        entry.isNew = false;
        entry.changes = {};
      });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
