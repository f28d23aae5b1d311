import { GENRE_ADULT, GENRE_AMC, GENRE_AMC_CINE, GENRE_AMC_SERIES, GENRE_CHANNELS, GENRE_CINE, GENRE_DEPORTES, GENRE_DOCUMENTALES, GENRE_INFANTIL } from '@pantalla/contracts';
import { PACKAGE_IDS } from '../../commerce/packages';
import type { FingerprintPosition, GenreTable } from '../tables';

/** Sections the demo adds beside the spec's special ids. */
export const GENRE_SERIES = 500;
export const GENRE_ENTRETENIMIENTO = 600;

/** Genres: sections, their subgenres, the sports (Ajedrez stays empty on purpose), AMC, adult, channels. */
export const DEMO_GENRES: readonly GenreTable[] = [
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
export const DEMO_CHANNEL_GENRES = [
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

/** What a channel airs, which picks its programme generator. */
export type Programming = 'general' | 'cine' | 'series' | 'sports' | 'local' | 'docs' | 'kids' | 'news' | 'music' | 'adult' | 'ppv';

export interface DemoChannel {
  id: number;
  name: string;
  description: string;
  channelGenreId: number;
  programming: Programming;
  packageId: number;
  catchupHours: number;
  tstv: 0 | 1;
  fingerprint?: { frequency: number; duration: number; position: FingerprintPosition; fontSize?: number; color?: string; background?: string };
}

const B = PACKAGE_IDS.basic;
const C = PACKAGE_IDS.cine;
const D = PACKAGE_IDS.deportes;
const S = PACKAGE_IDS.series;
const A = PACKAGE_IDS.adultos;
const WEEK = 168;

/** The demo channels in dial order. */
export const DEMO_CHANNELS: readonly DemoChannel[] = [
  { id: 1, name: 'Pantalla Uno', description: 'La generalista de Pantalla: informativos, entretenimiento y grandes estrenos.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 2, name: 'Pantalla Dos', description: 'Cultura, documentales y cine de autor.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 3, name: 'Canal Meridiano', description: 'Entretenimiento y concursos para toda la familia.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 4, name: 'Onda Ibérica', description: 'Series, magacines y la mejor actualidad.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 5, name: 'Telemar', description: 'La televisión de la costa: actualidad, viajes y gastronomía.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 6, name: 'Canal Sol', description: 'Tardes de entretenimiento y noches de cine.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 7, name: 'Noticias 24', description: 'Información continua las 24 horas.', channelGenreId: 8, programming: 'news', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 8, name: 'Actualidad Económica', description: 'Mercados, empresas y economía doméstica.', channelGenreId: 8, programming: 'news', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 9, name: 'Parlamento TV', description: 'Debates, entrevistas y la vida política.', channelGenreId: 8, programming: 'news', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 10, name: 'Cine Estreno', description: 'Los estrenos más recientes, sin cortes.', channelGenreId: 2, programming: 'cine', packageId: C, catchupHours: WEEK, tstv: 1, fingerprint: { frequency: 300, duration: 30, position: 'random', fontSize: 20, color: '#FFE066', background: '#000000A6' } },
  { id: 11, name: 'Cine Clásico', description: 'Las películas que hicieron historia.', channelGenreId: 2, programming: 'cine', packageId: C, catchupHours: WEEK, tstv: 1 },
  { id: 12, name: 'Cine Acción', description: 'Persecuciones, explosiones y héroes.', channelGenreId: 2, programming: 'cine', packageId: C, catchupHours: WEEK, tstv: 1 },
  { id: 13, name: 'Cine Comedia', description: 'Risas garantizadas a cualquier hora.', channelGenreId: 2, programming: 'cine', packageId: C, catchupHours: WEEK, tstv: 0 },
  { id: 14, name: 'Cine Español', description: 'Lo mejor de nuestro cine.', channelGenreId: 2, programming: 'cine', packageId: C, catchupHours: WEEK, tstv: 1 },
  { id: 15, name: 'AMC', description: 'Cine y series de culto.', channelGenreId: 2, programming: 'cine', packageId: S, catchupHours: WEEK, tstv: 1 },
  { id: 16, name: 'Series Max', description: 'Las series del momento.', channelGenreId: 3, programming: 'series', packageId: S, catchupHours: WEEK, tstv: 1 },
  { id: 17, name: 'Comedia Central', description: 'Comedias de situación de ayer y de hoy.', channelGenreId: 3, programming: 'series', packageId: S, catchupHours: WEEK, tstv: 0 },
  { id: 18, name: 'Crimen y Misterio', description: 'Detectives, juicios y casos sin resolver.', channelGenreId: 3, programming: 'series', packageId: S, catchupHours: WEEK, tstv: 1 },
  { id: 19, name: 'Series Clásicas', description: 'Las series que marcaron una época.', channelGenreId: 3, programming: 'series', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 20, name: 'Deportes 1', description: 'El mejor fútbol y baloncesto en directo.', channelGenreId: 4, programming: 'sports', packageId: D, catchupHours: WEEK, tstv: 1 },
  { id: 21, name: 'Deportes 2', description: 'Tenis, golf, ciclismo y atletismo.', channelGenreId: 4, programming: 'sports', packageId: D, catchupHours: WEEK, tstv: 1 },
  { id: 22, name: 'Fútbol Total', description: 'Partidos, resúmenes y tertulias de fútbol.', channelGenreId: 4, programming: 'sports', packageId: D, catchupHours: WEEK, tstv: 1 },
  { id: 23, name: 'Motor TV', description: 'Fórmulas, motociclismo y rally.', channelGenreId: 4, programming: 'sports', packageId: D, catchupHours: WEEK, tstv: 0 },
  { id: 24, name: 'Deporte Abierto', description: 'Deporte en abierto para todos.', channelGenreId: 4, programming: 'sports', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 30, name: 'Naturaleza Viva', description: 'Fauna, paisajes y expediciones.', channelGenreId: 6, programming: 'docs', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 31, name: 'Historia TV', description: 'Civilizaciones, batallas y personajes.', channelGenreId: 6, programming: 'docs', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 32, name: 'Ciencia y Descubrimiento', description: 'El universo, la tecnología y la mente.', channelGenreId: 6, programming: 'docs', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 33, name: 'Viajeros', description: 'Destinos, culturas y rutas por el mundo.', channelGenreId: 6, programming: 'docs', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 40, name: 'Peques', description: 'Dibujos para los más pequeños.', channelGenreId: 7, programming: 'kids', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 41, name: 'Junior', description: 'Aventuras y series juveniles.', channelGenreId: 7, programming: 'kids', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 42, name: 'Aprende Jugando', description: 'Programas educativos infantiles.', channelGenreId: 7, programming: 'kids', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 50, name: 'Música Hits', description: 'Los éxitos de hoy, sin parar.', channelGenreId: 9, programming: 'music', packageId: B, catchupHours: 0, tstv: 0 },
  { id: 51, name: 'Flamenco y Copla', description: 'Cante, baile y guitarra.', channelGenreId: 9, programming: 'music', packageId: B, catchupHours: 24, tstv: 0 },
  { id: 90, name: 'Telemadrid Local', description: 'Actualidad de la Comunidad de Madrid.', channelGenreId: 5, programming: 'local', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 91, name: 'Telecosta', description: 'La televisión de la costa mediterránea.', channelGenreId: 5, programming: 'local', packageId: B, catchupHours: 0, tstv: 0 },
  { id: 92, name: 'Canal Autonómico', description: 'La televisión de todas las comunidades.', channelGenreId: 5, programming: 'local', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 93, name: 'Televisión del Norte', description: 'Cantabria, Asturias y el País Vasco.', channelGenreId: 5, programming: 'local', packageId: B, catchupHours: 0, tstv: 0 },
  { id: 94, name: 'Canal Sur Local', description: 'Andalucía de cerca.', channelGenreId: 5, programming: 'local', packageId: B, catchupHours: WEEK, tstv: 0 },
  { id: 221, name: 'Pantalla Regional', description: 'Lo mejor de las televisiones regionales.', channelGenreId: 5, programming: 'local', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 222, name: 'Radio Pantalla', description: 'La radio de Pantalla, también en la tele.', channelGenreId: 5, programming: 'music', packageId: B, catchupHours: 0, tstv: 0 },
  { id: 99, name: 'Noche Roja', description: 'Cine para adultos. Requiere PIN parental.', channelGenreId: 10, programming: 'adult', packageId: A, catchupHours: 24, tstv: 0 },
  { id: 100, name: 'Pantalla Eventos', description: 'Grandes eventos en directo y pago por visión.', channelGenreId: 11, programming: 'ppv', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 101, name: 'Pantalla Eventos 2', description: 'Más eventos en directo.', channelGenreId: 11, programming: 'ppv', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 60, name: 'Cocina y Hogar', description: 'Recetas, decoración y bricolaje.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 1 },
  { id: 61, name: 'Misterio TV', description: 'Lo inexplicable y lo paranormal.', channelGenreId: 6, programming: 'docs', packageId: B, catchupHours: WEEK, tstv: 0 },
];

/** Lineups: region 1 sees every channel; region 2 (Canarias) the same without the Madrid local channel. */
export const DEMO_REGIONS = [
  { id: 1, name: 'Península y Baleares' },
  { id: 2, name: 'Canarias' },
] as const;
export const DEMO_LINEUPS = [
  { id: 1, regionId: 1, name: 'Península y Baleares' },
  { id: 2, regionId: 2, name: 'Canarias' },
] as const;
