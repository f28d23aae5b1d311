import { GENRE_AMC, GENRE_DOCUMENTALES, GENRE_INFANTIL } from '@pantalla/contracts';
import type { ListItemTable } from '../tables';
import type { DemoFilm, DemoSeries } from './vod';

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
  add(
    7,
    [...notAdult]
      .filter((f) => f.genreIds.includes(100))
      .sort((a, b) => b.year - a.year || a.id - b.id)
      .slice(0, 20)
      .map(film),
  );
  add(8, seriesByPopularity.filter((s) => !s.genreIds.includes(GENRE_INFANTIL)).map(show));
  add(
    9,
    notAdult
      .filter((f) => f.genreIds.includes(GENRE_DOCUMENTALES))
      .slice(0, 20)
      .map(film),
  );
  add(11, [
    ...series.filter((s) => s.genreIds.includes(GENRE_INFANTIL)).map(show),
    ...notAdult
      .filter((f) => f.genreIds.includes(GENRE_INFANTIL))
      .slice(0, 16)
      .map(film),
  ]);
  add(12, [
    ...series.filter((s) => s.genreIds.includes(GENRE_AMC)).map(show),
    ...notAdult
      .filter((f) => f.genreIds.includes(GENRE_AMC))
      .slice(0, 12)
      .map(film),
  ]);
  add(
    14,
    notAdult
      .filter((f) => f.country === 'España' && f.genreIds.includes(100))
      .slice(0, 24)
      .map(film),
  );
  add(15, films.filter((f) => f.parental === 7).map(film));
  return items;
}
