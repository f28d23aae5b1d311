import type { CatalogueItem, Image } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { formatClock } from '../../../lib/date';

/** The spec's item kinds (content = film, serie = show), plus an episode. */
export type ItemKind = 'content' | 'serie' | 'channel' | 'event' | 'episode';

export function itemKind(item: CatalogueItem): ItemKind {
  switch (item.type) {
    case 'movie':
      return 'content';
    case 'show':
      return 'serie';
    default:
      return item.type;
  }
}

/** A stable key across kinds (ids are unique per kind only). */
export function itemKey(item: CatalogueItem): string {
  return `${item.type}:${item.id}`;
}

export function itemTitle(item: CatalogueItem): string {
  return item.type === 'channel' ? item.name : item.title;
}

/** The text under a card's title: where and when an event airs, an episode's series, else the description. */
export function itemText(item: CatalogueItem, channelName?: string): string {
  switch (item.type) {
    case 'event':
      return [
        channelName,
        `${formatClock(item.startTime)}–${formatClock(item.endTime)}`,
        item.subtitle || item.description,
      ]
        .filter(Boolean)
        .join(' · ');
    case 'episode':
      return `${item.seriesTitle} · T${item.seasonNumber} E${item.episodeNumber}`;
    default:
      return item.description;
  }
}

function pick(images: Image[], orientation: Image['orientation'], size: Image['size'] = 'medium'): string | null {
  return (
    images.find((i) => i.orientation === orientation && i.size === size)?.url ??
    images.find((i) => i.orientation === orientation)?.url ??
    null
  );
}

/** Portrait poster, falling back to the landscape still or the logo. */
export function posterUrl(item: CatalogueItem): string | null {
  return pick(item.images, 'portrait') ?? pick(item.images, 'landscape') ?? pick(item.images, 'square');
}

/** Landscape still (large when there is one), falling back to the poster or logo. */
export function stillUrl(item: CatalogueItem, size: Image['size'] = 'medium'): string | null {
  return pick(item.images, 'landscape', size) ?? pick(item.images, 'square') ?? pick(item.images, 'portrait');
}

/** Whether the user may watch the item without buying anything. */
export function isOwned(item: CatalogueItem): boolean {
  return item.access.owned;
}

export interface TimeState {
  /** now lies in [start, end): the live badge. */
  live: boolean;
  /** start has passed: the play icon. */
  started: boolean;
  ended: boolean;
}

/** The live badge and play icon rules for an event; other kinds are always playable. */
export function timeState(item: CatalogueItem, now: number): TimeState {
  if (item.type !== 'event') return { live: item.type === 'channel', started: true, ended: false };
  const started = now >= item.startTime;
  const ended = now >= item.endTime;
  return { live: started && !ended, started, ended };
}

/** Where the program detail of an item lives; an episode opens its series. */
export function detailHref(item: CatalogueItem): string {
  if (item.type === 'episode') return paths.detail.getHref('serie', item.seriesId);
  return paths.detail.getHref(itemKind(item), item.id);
}

/** Minutes, for 'runtime' (seconds) and event lengths (ms). */
export function durationMinutes(item: CatalogueItem): number | null {
  switch (item.type) {
    case 'movie':
    case 'episode':
      return Math.round(item.runtime / 60);
    case 'event':
      return Math.round((item.endTime - item.startTime) / 60000);
    default:
      return null;
  }
}
