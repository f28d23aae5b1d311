/**
 * Menu entries from Shaka's track lists, pure so the rules are tested without a player:
 * audio and subtitles by language (subtitles with Off first), quality with Auto (id '0')
 * first then the renditions from the highest, and camera angles only when there are several.
 */
export interface TrackOption {
  /** Stable key for menus. */
  id: string;
  label: string;
  active: boolean;
}

export const TRACK_OFF = 'off';
export const QUALITY_AUTO = '0';

type Labelled = { language: string; label: string | null; roles: string[]; active: boolean };

/** The track's own label, else the language's name in Spanish ('es' → 'Español'). */
export function languageName(code: string, label: string | null): string {
  if (label) return label;
  try {
    const name = new Intl.DisplayNames(['es'], { type: 'language' }).of(code);
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}

export function audioKey(track: Pick<Labelled, 'language' | 'label' | 'roles'>): string {
  return `${track.language}|${track.label ?? ''}|${track.roles.join(',')}`;
}

/** Renditions of one angle share label and roles; a different label or role is another camera. */
export function angleKey(track: { label: string | null; roles: string[] }): string {
  return `${track.label ?? ''}|${track.roles.filter((r) => r !== 'main').join(',')}`;
}

export function audioOptions(tracks: readonly Labelled[]): TrackOption[] {
  return tracks.map((t) => ({ id: audioKey(t), label: languageName(t.language, t.label), active: t.active }));
}

export function textOptions(tracks: readonly (Labelled & { id: number })[]): TrackOption[] {
  return [
    { id: TRACK_OFF, label: TRACK_OFF, active: !tracks.some((t) => t.active) },
    ...tracks.map((t) => ({ id: String(t.id), label: languageName(t.language, t.label), active: t.active })),
  ];
}

export function qualityOptions(
  variants: readonly { height: number | null; active: boolean }[],
  abrEnabled: boolean,
): TrackOption[] {
  const activeHeight = variants.find((t) => t.active)?.height ?? null;
  const heights = [
    ...new Set(variants.map((t) => t.height).filter((h): h is number => typeof h === 'number' && h > 0)),
  ].sort((a, b) => b - a);
  return [
    { id: QUALITY_AUTO, label: 'auto', active: abrEnabled },
    ...heights.map((h) => ({ id: String(h), label: `${h}p`, active: !abrEnabled && h === activeHeight })),
  ];
}

export function angleOptions(
  videoTracks: readonly { label: string | null; roles: string[]; active: boolean }[],
): TrackOption[] {
  const keys = [...new Set(videoTracks.map(angleKey))];
  if (keys.length < 2) return [];
  const active = videoTracks.find((t) => t.active);
  return keys.map((key, index) => ({
    id: key,
    label: videoTracks.find((t) => angleKey(t) === key)?.label ?? String(index + 1),
    active: active ? angleKey(active) === key : false,
  }));
}
