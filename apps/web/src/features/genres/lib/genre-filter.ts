import { GENRE_ADULT, GENRE_AMC, GENRE_AMC_CINE, GENRE_AMC_SERIES, GENRE_CHANNELS } from '@pantalla/contracts';
import { paths } from '../../../config/paths';

/** The four kinds of genre page of the spec: channels (5310), AMC (5320), adult (162), the rest. */
export type GenrePageKind = 'channels' | 'amc' | 'adult' | 'standard';

export function genrePageKind(genreId: number): GenrePageKind {
  if (genreId === GENRE_CHANNELS) return 'channels';
  if (genreId === GENRE_AMC) return 'amc';
  if (genreId === GENRE_ADULT) return 'adult';
  return 'standard';
}

export interface GenreParams {
  genreId: number;
  /** The filter: a subgenre, a channel genre (5310) or the AMC side (5320); null for none. */
  subgenreId: number | null;
}

function positiveInt(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** Reads /gid/{genreId}/{subgenreId?}; null when the genre id is not a positive integer. */
export function parseGenreParams(params: { genreId?: string; subgenreId?: string }): GenreParams | null {
  const genreId = positiveInt(params.genreId);
  if (genreId === null) return null;
  return { genreId, subgenreId: positiveInt(params.subgenreId) };
}

/** The URL a filter choice rewrites to (null: no filter). */
export function genreHref(genreId: number, subgenreId: number | null): string {
  return paths.genre.getHref(genreId, subgenreId ?? undefined);
}

/** AMC switches between its Cine and Series sides; Cine when the URL names neither. */
export type AmcSide = 'cine' | 'series';
export const AMC_SIDES: Record<AmcSide, number> = { cine: GENRE_AMC_CINE, series: GENRE_AMC_SERIES };

export function amcSide(subgenreId: number | null): AmcSide {
  return subgenreId === GENRE_AMC_SERIES ? 'series' : 'cine';
}

/**
 * Where to send a visit of a genre page, given what was remembered when it was last left:
 * a bare /gid/{id} picks the remembered filter back up; a URL that names a filter wins.
 * Null: stay.
 */
export function restoreTarget(current: GenreParams, remembered: number | null): string | null {
  if (current.subgenreId !== null || remembered === null) return null;
  return genreHref(current.genreId, remembered);
}

/** One entry of a filter dropdown: a target filter (null clears it) and its label. */
export interface FilterOption {
  key: string;
  subgenreId: number | null;
  /** A choice's name; empty for the fixed entries, which the locale tables name. */
  label: string;
  /** The fixed entries: 'Todos' and 'Quitar filtro'. */
  fixed?: 'all' | 'clear';
}

/**
 * The dropdown entries. Channels: 'Todos' and every channel genre (the closed button
 * reads 'All' until one is picked). Others: the subgenres that have items. Both end with
 * 'Quitar filtro' while a filter is on.
 */
export function filterOptions(
  kind: GenrePageKind,
  active: number | null,
  choices: readonly { id: number; name: string }[],
): FilterOption[] {
  if (kind === 'amc') return [];
  const options: FilterOption[] = [];
  if (kind === 'channels') options.push({ key: 'all', subgenreId: null, label: '', fixed: 'all' });
  for (const c of choices) options.push({ key: String(c.id), subgenreId: c.id, label: c.name });
  if (active !== null) options.push({ key: 'clear', subgenreId: null, label: '', fixed: 'clear' });
  return options;
}

/** The closed dropdown's label: the chosen filter's name, else 'All' (channels) or 'Géneros'. */
export function filterButtonLabel(
  kind: GenrePageKind,
  active: number | null,
  choices: readonly { id: number; name: string }[],
): { name: string | null; fallback: 'all' | 'genres' } {
  const name = active === null ? null : (choices.find((c) => c.id === active)?.name ?? null);
  return { name, fallback: kind === 'channels' ? 'all' : 'genres' };
}

/**
 * Whether the page was reached by going back (or forward) in history, not by the first
 * load of the tab: then the URL is taken as it is, nothing is restored or remembered.
 */
export function reachedThroughHistory(navigationType: 'POP' | 'PUSH' | 'REPLACE', locationKey: string): boolean {
  return navigationType === 'POP' && locationKey !== 'default';
}
