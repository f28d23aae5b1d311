import type { IngestReport } from '@pantalla/contracts';
import { normalizeForSearch, type ChannelChanges, type ChannelUpsert, type ImportChannel } from '../catalogue';

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
  private readonly planned: PlannedChannel[] = [];
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
    this.planned.push(entry);
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
      if (!this.planned.includes(entry)) this.planned.push(entry);
      Object.assign(entry.changes, diff);
    }
    if (diff.tvgId) this.byTvg.set(diff.tvgId, entry);
    this.counts.updated++;
  }

  /** The batch to save, in the order the file named the channels. */
  batch(): ChannelUpsert[] {
    return this.planned.map((e) => (e.isNew || e.id === null ? { create: e.values } : { id: e.id, changes: e.changes }));
  }

  /** Gives the saved channels (answered in batch order) their ids. */
  saved(rows: readonly ImportChannel[]): void {
    this.planned.forEach((entry, i) => {
      const row = rows[i];
      if (row) entry.id = row.id;
    });
  }
}
