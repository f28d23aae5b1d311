import type { Channel } from '@pantalla/contracts';
import { orderChannels } from '../../../lib/channel-order';
import { rowsPerPage, selectableDays, startOfDay, stepBackRow } from './geometry';
import { toGuideChannel, type GuideChannel } from './programme';
import type { SavedGuide } from './saved-state';

/** How far before now the timeline opens, so the live programme starts on screen. */
export const LEAD_MS = 30 * 60_000;

/** The guide's rows: channels with a guide, in the user's order. */
export function guideChannels(resources: readonly Channel[], channelOrder: readonly number[]): GuideChannel[] {
  return orderChannels(resources.filter((c) => c.epg === 1).map(toGuideChannel), channelOrder);
}

export interface GuideOpening {
  /** Rows per page, the first row shown, the timeline's left edge and the day it lies in. */
  perPage: number;
  firstRow: number;
  time: number;
  day: number;
}

/** Where the guide opens: the saved page and time, or the first page half an hour before now. */
export function guideOpening({
  saved,
  channelCount,
  height,
  now,
}: {
  saved: SavedGuide | null;
  channelCount: number;
  height: number;
  now: number;
}): GuideOpening {
  const perPage = rowsPerPage(height, saved?.selected != null);
  const firstRow = stepBackRow(saved?.firstRow ?? 0, channelCount, perPage);
  const time = openingTime(saved, now);
  return { perPage, firstRow, time, day: startOfDay(time) };
}

/** The time at the guide's left edge when it opens: the saved one, or half an hour before now. */
export function openingTime(saved: SavedGuide | null, now: number): number {
  return saved?.time ?? Math.max(selectableDays(startOfDay(now))[0] ?? 0, now - LEAD_MS);
}
