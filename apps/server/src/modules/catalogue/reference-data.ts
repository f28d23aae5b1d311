import {
  GENRE_ADULT,
  GENRE_AMC,
  GENRE_AMC_CINE,
  GENRE_AMC_SERIES,
  GENRE_CHANNELS,
  GENRE_CINE,
  GENRE_DEPORTES,
  GENRE_DOCUMENTALES,
  GENRE_INFANTIL,
} from '@pantalla/contracts';
import type { GenreTable, ListTable, ScreenTable } from './tables';

/*
 * The catalogue's reference data: what the app cannot work without, seeded at every start
 * in both modes (docs/decisions.md, "Two modes"). The demo's channels, titles, guide and
 * row items are the demo seed's (seed/).
 */

/** Sections beside the spec's special ids. */
export const GENRE_SERIES = 500;
export const GENRE_ENTRETENIMIENTO = 600;

/** Genres: sections, their subgenres, the sports (Ajedrez stays empty on purpose), AMC, adult, channels. */
export const CATALOGUE_GENRES: readonly GenreTable[] = [
  { id: GENRE_CINE, name: 'Cine', kind: 'section', parentId: null, position: 1 },
  { id: 101, name: 'Acción', kind: 'subgenre', parentId: GENRE_CINE, position: 1 },
  { id: 102, name: 'Comedia', kind: 'subgenre', parentId: GENRE_CINE, position: 2 },
  { id: 103, name: 'Drama', kind: 'subgenre', parentId: GENRE_CINE, position: 3 },
  { id: 104, name: 'Thriller', kind: 'subgenre', parentId: GENRE_CINE, position: 4 },
  { id: 105, name: 'Ciencia ficción', kind: 'subgenre', parentId: GENRE_CINE, position: 5 },
  { id: 106, name: 'Romántica', kind: 'subgenre', parentId: GENRE_CINE, position: 6 },
  { id: 107, name: 'Terror', kind: 'subgenre', parentId: GENRE_CINE, position: 7 },
  { id: 108, name: 'Western', kind: 'subgenre', parentId: GENRE_CINE, position: 8 },
  { id: GENRE_DOCUMENTALES, name: 'Documentales', kind: 'section', parentId: null, position: 2 },
  { id: 201, name: 'Naturaleza', kind: 'subgenre', parentId: GENRE_DOCUMENTALES, position: 1 },
  { id: 202, name: 'Historia', kind: 'subgenre', parentId: GENRE_DOCUMENTALES, position: 2 },
  { id: 203, name: 'Ciencia', kind: 'subgenre', parentId: GENRE_DOCUMENTALES, position: 3 },
  { id: 204, name: 'Viajes', kind: 'subgenre', parentId: GENRE_DOCUMENTALES, position: 4 },
  { id: GENRE_DEPORTES, name: 'Deportes', kind: 'section', parentId: null, position: 3 },
  { id: 301, name: 'Fútbol', kind: 'sport', parentId: GENRE_DEPORTES, position: 1 },
  { id: 302, name: 'Baloncesto', kind: 'sport', parentId: GENRE_DEPORTES, position: 2 },
  { id: 303, name: 'Tenis', kind: 'sport', parentId: GENRE_DEPORTES, position: 3 },
  { id: 304, name: 'Motor', kind: 'sport', parentId: GENRE_DEPORTES, position: 4 },
  { id: 305, name: 'Ciclismo', kind: 'sport', parentId: GENRE_DEPORTES, position: 5 },
  { id: 306, name: 'Golf', kind: 'sport', parentId: GENRE_DEPORTES, position: 6 },
  { id: 307, name: 'Balonmano', kind: 'sport', parentId: GENRE_DEPORTES, position: 7 },
  { id: 308, name: 'Boxeo', kind: 'sport', parentId: GENRE_DEPORTES, position: 8 },
  { id: 309, name: 'Atletismo', kind: 'sport', parentId: GENRE_DEPORTES, position: 9 },
  { id: 310, name: 'Ajedrez', kind: 'sport', parentId: GENRE_DEPORTES, position: 10 },
  { id: GENRE_INFANTIL, name: 'Infantil', kind: 'section', parentId: null, position: 4 },
  { id: 401, name: 'Dibujos animados', kind: 'subgenre', parentId: GENRE_INFANTIL, position: 1 },
  { id: 402, name: 'Aventuras', kind: 'subgenre', parentId: GENRE_INFANTIL, position: 2 },
  { id: 403, name: 'Educativos', kind: 'subgenre', parentId: GENRE_INFANTIL, position: 3 },
  { id: GENRE_SERIES, name: 'Series', kind: 'section', parentId: null, position: 5 },
  { id: 501, name: 'Drama', kind: 'subgenre', parentId: GENRE_SERIES, position: 1 },
  { id: 502, name: 'Comedia', kind: 'subgenre', parentId: GENRE_SERIES, position: 2 },
  { id: 503, name: 'Policíaca', kind: 'subgenre', parentId: GENRE_SERIES, position: 3 },
  { id: 504, name: 'Ciencia ficción', kind: 'subgenre', parentId: GENRE_SERIES, position: 4 },
  { id: GENRE_ENTRETENIMIENTO, name: 'Entretenimiento', kind: 'section', parentId: null, position: 6 },
  { id: 601, name: 'Informativos', kind: 'subgenre', parentId: GENRE_ENTRETENIMIENTO, position: 1 },
  { id: 602, name: 'Magacines', kind: 'subgenre', parentId: GENRE_ENTRETENIMIENTO, position: 2 },
  { id: 603, name: 'Concursos', kind: 'subgenre', parentId: GENRE_ENTRETENIMIENTO, position: 3 },
  { id: 604, name: 'Música', kind: 'subgenre', parentId: GENRE_ENTRETENIMIENTO, position: 4 },
  { id: GENRE_AMC, name: 'AMC a la carta', kind: 'section', parentId: null, position: 7 },
  { id: GENRE_AMC_CINE, name: 'Cine', kind: 'subgenre', parentId: GENRE_AMC, position: 1 },
  { id: GENRE_AMC_SERIES, name: 'Series', kind: 'subgenre', parentId: GENRE_AMC, position: 2 },
  { id: GENRE_ADULT, name: 'Adultos', kind: 'adult', parentId: null, position: 8 },
  { id: GENRE_CHANNELS, name: 'Canales de TV', kind: 'channels', parentId: null, position: 9 },
];

/** Channel genres; 5 is the local group zapping skips except channels 92 and 221. */
export const CHANNEL_GENRES = [
  { id: 1, name: 'Generalistas', position: 1 },
  { id: 2, name: 'Cine', position: 2 },
  { id: 3, name: 'Series', position: 3 },
  { id: 4, name: 'Deportes', position: 4 },
  { id: 5, name: 'Autonómicos y locales', position: 5 },
  { id: 6, name: 'Documentales', position: 6 },
  { id: 7, name: 'Infantil', position: 7 },
  { id: 8, name: 'Noticias', position: 8 },
  { id: 9, name: 'Música', position: 9 },
  { id: 10, name: 'Adultos', position: 10 },
  { id: 11, name: 'Eventos', position: 11 },
] as const;

/**
 * Lineups: region 1 sees every channel; region 2 (Canarias) the same without the Madrid local
 * channel; region 3 (Latinoamérica, the region of accounts from LATAM_COUNTRIES) without the
 * Spanish regional and local channels.
 */
export const REGIONS = [
  { id: 1, name: 'Península y Baleares' },
  { id: 2, name: 'Canarias' },
  { id: 3, name: 'Latinoamérica' },
] as const;
export const LINEUPS = [
  { id: 1, regionId: 1, name: 'Península y Baleares' },
  { id: 2, regionId: 2, name: 'Canarias' },
  { id: 3, regionId: 3, name: 'Latinoamérica' },
] as const;
/** The Latin-American region (LATAM_REGION_ID's default). */
export const LATAM_REGION_ID = 3;

/** The home screen's list group. */
export const HOME_LIST_GROUP = 1;

export const SCREENS: readonly ScreenTable[] = [
  { id: 1, name: 'Inicio', alias: 'home', listGroupId: HOME_LIST_GROUP, ordinal: 1 },
];

type ListDef = Omit<ListTable, 'listGroupId'>;

/** The home rows by pos: featured first, then keep-watching, trending (mode 3), channels, live, catch-up and themed rows. */
export const HOME_LISTS: readonly ListDef[] = [
  {
    id: 1,
    name: 'Destacados',
    pos: 0,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'featured',
    rule: null,
  },
  {
    id: 2,
    name: 'Seguir viendo',
    pos: 1,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 1,
    kind: 'keep-watching',
    rule: null,
  },
  {
    id: 3,
    name: 'Lo más visto',
    pos: 2,
    displayMode: 3,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'trending',
    rule: null,
  },
  {
    id: 4,
    name: 'Canales en directo',
    pos: 3,
    displayMode: 2,
    loadMore: 1,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'channels',
    rule: null,
  },
  {
    id: 5,
    name: 'Ahora en directo',
    pos: 4,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'live-now',
    rule: null,
  },
  {
    id: 6,
    name: 'Últimos programas emitidos',
    pos: 5,
    displayMode: 1,
    loadMore: 1,
    catchupRow: 1,
    isAdult: 0,
    personalised: 0,
    kind: 'catch-up',
    rule: null,
  },
  {
    id: 7,
    name: 'Estrenos de cine',
    pos: 6,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'films',
    rule: null,
  },
  {
    id: 8,
    name: 'Series imprescindibles',
    pos: 7,
    displayMode: 2,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'series',
    rule: null,
  },
  {
    id: 9,
    name: 'Documentales',
    pos: 8,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'films',
    rule: null,
  },
  {
    id: 10,
    name: 'Deportes en directo y próximos',
    pos: 9,
    displayMode: 1,
    loadMore: 1,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'events',
    rule: `genre:${GENRE_DEPORTES}`,
  },
  {
    id: 11,
    name: 'Para los peques',
    pos: 10,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'mixed',
    rule: null,
  },
  {
    id: 12,
    name: 'AMC a la carta',
    pos: 11,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'mixed',
    rule: null,
  },
  {
    id: 13,
    name: 'Pago por visión',
    pos: 12,
    displayMode: 1,
    loadMore: 1,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'events',
    rule: 'ppv',
  },
  {
    id: 14,
    name: 'Cine español',
    pos: 13,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 0,
    personalised: 0,
    kind: 'films',
    rule: null,
  },
  {
    id: 15,
    name: 'Solo para adultos',
    pos: 14,
    displayMode: 1,
    loadMore: 0,
    catchupRow: 0,
    isAdult: 1,
    personalised: 0,
    kind: 'films',
    rule: null,
  },
];
