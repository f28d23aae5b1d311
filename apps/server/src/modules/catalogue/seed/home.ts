import { GENRE_AMC, GENRE_DEPORTES, GENRE_DOCUMENTALES, GENRE_INFANTIL } from '@pantalla/contracts';
import type { ListItemTable, ListTable, ScreenTable } from '../tables';
import type { DemoFilm, DemoSeries } from './vod';

/** The home screen's list group. */
export const HOME_LIST_GROUP = 1;

export const DEMO_SCREENS: readonly ScreenTable[] = [{ id: 1, name: 'Inicio', alias: 'home', listGroupId: HOME_LIST_GROUP, ordinal: 1 }];

type ListDef = Omit<ListTable, 'listGroupId'>;

/** The home rows by pos: featured first, then keep-watching, trending (mode 3), channels, live, catch-up and themed rows. */
export const HOME_LISTS: readonly ListDef[] = [
  { id: 1, name: 'Destacados', pos: 0, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'featured', rule: null },
  { id: 2, name: 'Seguir viendo', pos: 1, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 1, kind: 'keep-watching', rule: null },
  { id: 3, name: 'Lo más visto', pos: 2, displayMode: 3, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'trending', rule: null },
  { id: 4, name: 'Canales en directo', pos: 3, displayMode: 2, loadMore: 1, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'channels', rule: null },
  { id: 5, name: 'Ahora en directo', pos: 4, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'live-now', rule: null },
  { id: 6, name: 'Últimos programas emitidos', pos: 5, displayMode: 1, loadMore: 1, catchupRow: 1, isAdult: 0, personalised: 0, kind: 'catch-up', rule: null },
  { id: 7, name: 'Estrenos de cine', pos: 6, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'films', rule: null },
  { id: 8, name: 'Series imprescindibles', pos: 7, displayMode: 2, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'series', rule: null },
  { id: 9, name: 'Documentales', pos: 8, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'films', rule: null },
  { id: 10, name: 'Deportes en directo y próximos', pos: 9, displayMode: 1, loadMore: 1, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'events', rule: `genre:${GENRE_DEPORTES}` },
  { id: 11, name: 'Para los peques', pos: 10, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'mixed', rule: null },
  { id: 12, name: 'AMC a la carta', pos: 11, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'mixed', rule: null },
  { id: 13, name: 'Pago por visión', pos: 12, displayMode: 1, loadMore: 1, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'events', rule: 'ppv' },
  { id: 14, name: 'Cine español', pos: 13, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 0, personalised: 0, kind: 'films', rule: null },
  { id: 15, name: 'Solo para adultos', pos: 14, displayMode: 1, loadMore: 0, catchupRow: 0, isAdult: 1, personalised: 0, kind: 'films', rule: null },
];

/** Manual rows' items, ordered: picked from the films and series by fixed rules. */
export function homeListItems(films: readonly DemoFilm[], series: readonly DemoSeries[]): ListItemTable[] {
  const items: ListItemTable[] = [];
  const add = (listId: number, refs: { itemType: ListItemTable['itemType']; itemId: number }[]) =>
    refs.forEach((r, position) => items.push({ listId, position, ...r }));
  const film = (f: DemoFilm) => ({ itemType: 'film' as const, itemId: f.id });
  const show = (s: DemoSeries) => ({ itemType: 'series' as const, itemId: s.id });
  const notAdult = films.filter((f) => f.parental !== 7);
  const byPopularity = [...notAdult].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const seriesByPopularity = [...series].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const withTrailer = byPopularity.filter((f) => f.trailerClipKey !== null);

  add(1, [...withTrailer.slice(0, 4).map(film), ...seriesByPopularity.slice(0, 2).map(show)]);
  add(3, byPopularity.slice(0, 10).map(film));
  add(7, [...notAdult].filter((f) => f.genreIds.includes(100)).sort((a, b) => b.year - a.year || a.id - b.id).slice(0, 20).map(film));
  add(8, seriesByPopularity.filter((s) => !s.genreIds.includes(GENRE_INFANTIL)).map(show));
  add(9, notAdult.filter((f) => f.genreIds.includes(GENRE_DOCUMENTALES)).slice(0, 20).map(film));
  add(11, [...series.filter((s) => s.genreIds.includes(GENRE_INFANTIL)).map(show), ...notAdult.filter((f) => f.genreIds.includes(GENRE_INFANTIL)).slice(0, 16).map(film)]);
  add(12, [...series.filter((s) => s.genreIds.includes(GENRE_AMC)).map(show), ...notAdult.filter((f) => f.genreIds.includes(GENRE_AMC)).slice(0, 12).map(film)]);
  add(14, notAdult.filter((f) => f.country === 'España' && f.genreIds.includes(100)).slice(0, 24).map(film));
  add(15, films.filter((f) => f.parental === 7).map(film));
  return items;
}
