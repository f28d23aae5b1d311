import { PLAYER } from './constants';

/** Bandwidth readout: Mbps with one decimal, and whether it is low (red under 8 Mbps). */
export function bandwidthReadout(bitsPerSecond: number): { text: string; low: boolean } {
  const mbps = Number.isFinite(bitsPerSecond) && bitsPerSecond > 0 ? bitsPerSecond / 1e6 : 0;
  return { text: `${mbps.toFixed(1)} Mbps`, low: mbps < PLAYER.bandwidthLowMbps };
}

/** 'h:mm:ss' or 'm:ss' for a position in seconds. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** 'hh:mm' of a wall-clock instant, in the viewer's time zone. */
export function wallClock(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', timeZone }).format(ms);
}

/** Position on the spec's progress slider (0…20430.24) and back. */
export function toSlider(position: number, start: number, end: number): number {
  if (!(end > start)) return 0;
  return ((Math.min(Math.max(position, start), end) - start) / (end - start)) * PLAYER.sliderMax;
}
export function fromSlider(value: number, start: number, end: number): number {
  return start + (Math.min(Math.max(value, 0), PLAYER.sliderMax) / PLAYER.sliderMax) * (end - start);
}

/**
 * The player's heading: a live channel's name and the programme at the position (or on
 * air); a catch-up event's title; a film's or episode's title from its link.
 */
export function playerTitle(input: {
  type: 'LIVE' | 'CUTV' | 'VOD' | 'SERIE';
  linkTitle: string | null;
  channelName?: string;
  programmeTitle?: string;
  eventTitle?: string;
  filmTitle?: string;
}): string {
  if (input.type === 'LIVE') return [input.channelName, input.programmeTitle].filter(Boolean).join(' · ');
  if (input.type === 'CUTV') return input.eventTitle ?? '';
  // The older /player/{id}-VOD-p addresses carry no title: the catalogue's then.
  return input.linkTitle || input.filmTitle || '';
}
