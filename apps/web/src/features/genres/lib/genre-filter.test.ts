import { describe, expect, it } from 'vitest';
import {
  amcSide,
  filterButtonLabel,
  filterOptions,
  genreHref,
  genrePageKind,
  parseGenreParams,
  reachedThroughHistory,
  restoreTarget,
} from './genre-filter';
import { createFilterMemory } from './filter-memory';

const subs = [
  { id: 101, name: 'Acción' },
  { id: 102, name: 'Comedia' },
];

describe('genre page kinds', () => {
  it('tells the special ids apart', () => {
    expect(genrePageKind(5310)).toBe('channels');
    expect(genrePageKind(5320)).toBe('amc');
    expect(genrePageKind(162)).toBe('adult');
    expect(genrePageKind(100)).toBe('standard');
  });
});

describe('URL and filter', () => {
  it('parses /gid/{genreId}/{subgenreId?}', () => {
    expect(parseGenreParams({ genreId: '100' })).toEqual({ genreId: 100, subgenreId: null });
    expect(parseGenreParams({ genreId: '100', subgenreId: '103' })).toEqual({ genreId: 100, subgenreId: 103 });
    expect(parseGenreParams({ genreId: '100', subgenreId: 'x' })).toEqual({ genreId: 100, subgenreId: null });
    expect(parseGenreParams({ genreId: 'abc' })).toBeNull();
    expect(parseGenreParams({ genreId: '0' })).toBeNull();
    expect(parseGenreParams({ genreId: '-3' })).toBeNull();
    expect(parseGenreParams({})).toBeNull();
  });

  it('rewrites the URL with the chosen filter', () => {
    expect(genreHref(100, 103)).toBe('/gid/100/103');
    expect(genreHref(100, null)).toBe('/gid/100');
    expect(genreHref(5310, 4)).toBe('/gid/5310/4');
  });

  it('AMC: Cine unless the URL names Series', () => {
    expect(amcSide(null)).toBe('cine');
    expect(amcSide(5321)).toBe('cine');
    expect(amcSide(5322)).toBe('series');
  });

  it('tells history moves from links and the first load', () => {
    expect(reachedThroughHistory('POP', 'abc123')).toBe(true);
    expect(reachedThroughHistory('POP', 'default')).toBe(false);
    expect(reachedThroughHistory('PUSH', 'abc123')).toBe(false);
    expect(reachedThroughHistory('REPLACE', 'abc123')).toBe(false);
  });

  it('restores a remembered filter only on a bare URL', () => {
    expect(restoreTarget({ genreId: 100, subgenreId: null }, 103)).toBe('/gid/100/103');
    expect(restoreTarget({ genreId: 100, subgenreId: 102 }, 103)).toBeNull();
    expect(restoreTarget({ genreId: 100, subgenreId: null }, null)).toBeNull();
  });
});

describe('dropdown entries', () => {
  it('channels: Todos, every channel genre, then Quitar filtro while filtered', () => {
    const name = (o: { fixed?: string; label: string }) => o.fixed ?? o.label;
    expect(filterOptions('channels', null, subs).map(name)).toEqual(['all', 'Acción', 'Comedia']);
    const filtered = filterOptions('channels', 102, subs);
    expect(filtered.map(name)).toEqual(['all', 'Acción', 'Comedia', 'clear']);
    expect(filtered[0]!.subgenreId).toBeNull();
    expect(filtered.at(-1)!.subgenreId).toBeNull();
  });

  it('other genres: the subgenres, then Quitar filtro while filtered', () => {
    expect(filterOptions('standard', null, subs).map((o) => o.label)).toEqual(['Acción', 'Comedia']);
    expect(filterOptions('standard', null, []).length).toBe(0);
    expect(filterOptions('standard', 101, subs).map((o) => o.fixed ?? o.subgenreId)).toEqual([101, 102, 'clear']);
    expect(filterOptions('amc', null, subs)).toEqual([]);
  });

  it('labels the closed dropdown', () => {
    expect(filterButtonLabel('channels', null, subs)).toEqual({ name: null, fallback: 'all' });
    expect(filterButtonLabel('standard', null, subs)).toEqual({ name: null, fallback: 'genres' });
    expect(filterButtonLabel('standard', 102, subs)).toEqual({ name: 'Comedia', fallback: 'genres' });
    expect(filterButtonLabel('standard', 999, subs)).toEqual({ name: null, fallback: 'genres' });
  });
});

describe('filter memory', () => {
  function storage() {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
  }

  it('remembers per genre and forgets on going back', () => {
    const s = storage();
    const memory = createFilterMemory(s);
    memory.set(100, 103);
    memory.set(5320, 5322);
    expect(createFilterMemory(s).get(100)).toBe(103);
    expect(memory.get(5320)).toBe(5322);
    memory.forget(100);
    expect(memory.get(100)).toBeNull();
    expect(memory.get(5320)).toBe(5322);
    memory.set(5320, null);
    expect(memory.get(5320)).toBeNull();
  });

  it('ignores garbage in storage', () => {
    const s = storage();
    s.setItem('pantalla.genreFilters', '{"100":"x","200":-1,"300":7}');
    expect(createFilterMemory(s).get(100)).toBeNull();
    expect(createFilterMemory(s).get(200)).toBeNull();
    expect(createFilterMemory(s).get(300)).toBe(7);
    s.setItem('pantalla.genreFilters', 'not json');
    expect(createFilterMemory(s).get(300)).toBeNull();
  });

  it('works without storage', () => {
    const memory = createFilterMemory(null);
    memory.set(100, 101);
    expect(memory.get(100)).toBe(101);
  });
});
