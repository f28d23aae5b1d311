import { PACKAGE_IDS } from '../../commerce';
import type { FingerprintPosition } from '../tables';

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
  /** A generalist whose small hours sometimes air an adult programme (behind the PIN). */
  lateNightAdult?: true;
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
  { id: 6, name: 'Canal Sol', description: 'Tardes de entretenimiento y noches de cine.', channelGenreId: 1, programming: 'general', packageId: B, catchupHours: WEEK, tstv: 1, lateNightAdult: true },
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

/** The demo channels' ids in dial order. */
export const DEMO_CHANNEL_IDS: readonly number[] = DEMO_CHANNELS.map((c) => c.id);
