import {
  GENRE_ADULT,
  GENRE_AMC,
  GENRE_AMC_CINE,
  GENRE_AMC_SERIES,
  GENRE_CINE,
  GENRE_DOCUMENTALES,
  GENRE_INFANTIL,
} from '@pantalla/contracts';
import { PACKAGE_IDS } from '../../commerce';
import { GENRE_SERIES } from '../reference-data';
import { clipKeyFor } from '../clips';
import { Random } from './prng';
import * as T from './text-pools';

/** Id ranges keep films and episodes (both "vod" bookmarks) apart. */
export const FILM_ID_BASE = 1001;
export const SERIES_ID_BASE = 2001;
export const SEASON_ID_BASE = 3001;
export const EPISODE_ID_BASE = 500001;

export interface DemoFilm {
  id: number;
  title: string;
  description: string;
  longDescription: string;
  runtimeSeconds: number;
  year: number;
  country: string;
  releaseDate: string;
  parental: number;
  ageRating: string;
  director: string;
  actors: string[];
  clipKey: string;
  trailerClipKey: string | null;
  packageId: number;
  popularity: number;
  genreIds: number[];
}

export interface DemoEpisode {
  id: number;
  seasonNumber: number;
  episodeNumber: number;
  title: string;
  runtimeSeconds: number;
  description: string;
  releaseDate: string;
  clipKey: string;
}
export interface DemoSeason {
  id: number;
  seasonNumber: number;
  title: string;
  description: string;
  episodes: DemoEpisode[];
}
export interface DemoSeries {
  id: number;
  title: string;
  description: string;
  longDescription: string;
  year: number;
  country: string;
  parental: number;
  director: string;
  actors: string[];
  packageId: number;
  popularity: number;
  genreIds: number[];
  seasons: DemoSeason[];
}

const pad = (n: number) => String(n).padStart(2, '0');

export function personName(rng: Random): string {
  return `${rng.pick(T.FIRST_NAMES)} ${rng.pick(T.SURNAMES)}`;
}

function people(rng: Random, n: number): string[] {
  const names = new Set<string>();
  while (names.size < n) names.add(personName(rng));
  return [...names];
}

/** A synopsis: who, where, what they find, what they must do by when. */
export function synopsis(rng: Random): string {
  const name = rng.pick(T.FIRST_NAMES);
  const [forWoman, forMan] = rng.pick(T.PROFESSIONS);
  const profession = T.FIRST_NAMES.indexOf(name) < T.FEMALE_FIRST_NAMES ? forWoman : forMan;
  return `Cuando ${name}, ${profession} de ${rng.pick(T.PLACES)}, descubre ${rng.pick(T.DISCOVERIES)}, tendrá que ${rng.pick(T.GOALS)} antes de que ${rng.pick(T.DEADLINES)}.`;
}

function longer(rng: Random, short: string): string {
  return `${short} ${rng.sample(T.EXTRA_SENTENCES, 2).join(' ')}`;
}

function uniqueTitle(seen: Set<string>, title: string): string {
  let candidate = title;
  for (let n = 2; seen.has(candidate); n++) candidate = `${title} ${n}`;
  seen.add(candidate);
  return candidate;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

type Kind = 'cine' | 'docs' | 'kids' | 'amc' | 'adult';

function filmKind(index: number): Kind {
  if (index < 130) return 'cine';
  if (index < 155) return 'docs';
  if (index < 180) return 'kids';
  if (index < 205) return 'amc';
  return 'adult';
}

const DOCS_STYLES = [
  'con imágenes nunca vistas',
  'rodado a lo largo de tres años',
  'con los testimonios de quienes mejor lo conocen',
  'narrado por los mayores expertos',
  'filmado en alta definición',
  'con música original',
  'en un viaje lleno de sorpresas',
  'que cambiará su forma de mirarlo',
  'contado desde dentro',
  'con material inédito',
  'de la mano de sus protagonistas',
  'en cuatro estaciones',
  'con drones y cámaras ocultas',
  'paso a paso',
  'sin prisas',
  'como nunca antes',
  'con una fotografía deslumbrante',
  'que recorre siglos de historia',
  'con animaciones que lo explican todo',
  'desde el aire, la tierra y el agua',
  'para toda la familia',
  'con una banda sonora premiada',
  'de principio a fin',
  'con entrevistas exclusivas',
  'y sus secretos mejor guardados',
  'con rigor y emoción',
  'de norte a sur',
  'al detalle',
  'con ojos nuevos',
  'en primera persona',
  'de día y de noche',
  'a través de sus gentes',
  'con una mirada cercana',
  'como un gran viaje',
  'con humor y rigor',
  'sin dejar nada fuera',
];

/** A documentary's title and the subject it is about, so its description can match. */
function docsTitle(rng: Random): { title: string; subject: string } {
  const prefix = rng.pick(['Planeta', 'Crónicas de', 'Los secretos de', 'Viaje a', 'Misterios de']);
  const subject = rng.pick([...T.ANIMALS, ...T.CIVILIZATIONS, ...T.DESTINATIONS, ...T.SCIENCE_TOPICS]);
  return { title: capitalise(`${prefix} ${subject}`), subject };
}

function filmTitle(rng: Random, kind: Kind, index: number): string {
  // One title carries a percent sign: the API answers titles without it (spec).
  if (index === 7) return '100% Verano';
  switch (kind) {
    case 'docs':
      return docsTitle(rng).title;
    case 'kids':
      return `${rng.pick(T.CARTOONS)}: ${rng.pick(['la película', 'el gran viaje', 'al rescate', 'y el tesoro perdido', 'en la nieve', 'y el dragón'])}`;
    case 'adult':
      return `${rng.pick(['Pasión en', 'Deseo en', 'Noches de', 'Secretos de alcoba en'])} ${rng.pick(T.PLACES)}`;
    default:
      return `${rng.pick(T.TITLE_NOUNS)} ${rng.pick(T.TITLE_COMPLEMENTS)}`;
  }
}

/** The demo's films: cine, documentaries, children's, AMC and adult, deterministic. */
export function generateFilms(count = 220, seed = 20261122): DemoFilm[] {
  const rng = new Random(seed);
  const seen = new Set<string>();
  const films: DemoFilm[] = [];
  for (let i = 0; i < count; i++) {
    const kind = filmKind(i % 220);
    const id = FILM_ID_BASE + i;
    const year = kind === 'adult' ? rng.int(2005, 2025) : rng.int(1955, 2026);
    const genreIds: number[] =
      kind === 'cine'
        ? [GENRE_CINE, rng.int(101, 108)]
        : kind === 'docs'
          ? [GENRE_DOCUMENTALES, rng.int(201, 204)]
          : kind === 'kids'
            ? [GENRE_INFANTIL, rng.int(401, 403)]
            : kind === 'amc'
              ? [GENRE_AMC, GENRE_AMC_CINE, GENRE_CINE, rng.int(101, 108)]
              : [GENRE_ADULT];
    const packageId =
      kind === 'cine'
        ? rng.chance(0.6)
          ? PACKAGE_IDS.cine
          : PACKAGE_IDS.basic
        : kind === 'amc'
          ? PACKAGE_IDS.series
          : kind === 'adult'
            ? PACKAGE_IDS.adultos
            : PACKAGE_IDS.basic;
    const ageRating = kind === 'adult' ? '18' : kind === 'kids' ? 'TP' : rng.pick(T.AGE_RATINGS);
    // A documentary's description speaks of the subject its title names (drawn right after).
    const docsStyle = kind === 'docs' ? rng.pick(DOCS_STYLES) : null;
    const plot = kind === 'docs' ? null : synopsis(rng);
    const docs = kind === 'docs' ? docsTitle(rng) : null;
    const title = uniqueTitle(seen, docs ? docs.title : filmTitle(rng, kind, i));
    const description = plot ?? `Un documental sobre ${docs?.subject ?? title}, ${docsStyle}.`;
    films.push({
      id,
      title,
      description,
      longDescription: longer(rng, description),
      runtimeSeconds: (kind === 'kids' ? rng.int(70, 95) : rng.int(80, 150)) * 60,
      year,
      country: rng.pick(T.COUNTRIES),
      releaseDate: `${year}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
      parental: kind === 'adult' ? 7 : 2,
      ageRating,
      director: personName(rng),
      actors: people(rng, rng.int(4, 9)),
      clipKey: clipKeyFor(1, id),
      trailerClipKey: kind === 'adult' || rng.chance(0.2) ? null : clipKeyFor(2, id),
      packageId,
      popularity: rng.int(0, 10000),
      genreIds,
    });
  }
  return films;
}

const KIDS_SERIES = new Set([
  'Los Peques del Parque',
  'Aventuras en la Granja',
  'Detectives Junior',
  'Laboratorio Loco',
]);
const AMC_SERIES = new Set(['Tierra de lobos', 'Código Cero', 'Planeta Rojo', 'Puerto Perdido']);
const BASIC_SERIES = new Set(['Los de la calle Mayor', 'Familia Quintana', 'Colegio Mayor']);

/** The demo's series, each with 1 to 5 seasons of 4 to 12 episodes. */
export function generateSeries(seed = 20261123): DemoSeries[] {
  const rng = new Random(seed);
  let seasonId = SEASON_ID_BASE;
  let episodeId = EPISODE_ID_BASE;
  return T.SERIES_TITLES.map((title, i) => {
    const id = SERIES_ID_BASE + i;
    const kids = KIDS_SERIES.has(title);
    const amc = AMC_SERIES.has(title);
    const year = rng.int(1995, 2025);
    const seasonCount = rng.int(1, 5);
    const description = kids
      ? `Las aventuras de ${rng.pick(T.FIRST_NAMES)} y sus amigos, para aprender jugando.`
      : synopsis(rng);
    const seasons: DemoSeason[] = [];
    for (let s = 1; s <= seasonCount; s++) {
      const episodes: DemoEpisode[] = [];
      const episodeCount = rng.int(4, 12);
      for (let e = 1; e <= episodeCount; e++) {
        const epId = episodeId++;
        episodes.push({
          id: epId,
          seasonNumber: s,
          episodeNumber: e,
          title: rng.pick(T.EPISODE_PHRASES),
          runtimeSeconds: (kids ? rng.int(12, 25) : rng.int(25, 60)) * 60,
          description: synopsis(rng),
          releaseDate: `${Math.min(2026, year + s - 1)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`,
          clipKey: clipKeyFor(3, epId),
        });
      }
      seasons.push({
        id: seasonId++,
        seasonNumber: s,
        title: `Temporada ${s}`,
        description: `La temporada ${s} de ${title}. ${rng.pick(T.EXTRA_SENTENCES)}`,
        episodes,
      });
    }
    const sub = rng.int(501, 504);
    return {
      id,
      title,
      description,
      longDescription: longer(rng, description),
      year,
      country: rng.pick(T.COUNTRIES),
      parental: 2,
      director: personName(rng),
      actors: people(rng, rng.int(4, 8)),
      packageId: kids || BASIC_SERIES.has(title) ? PACKAGE_IDS.basic : PACKAGE_IDS.series,
      popularity: rng.int(0, 10000),
      genreIds: kids
        ? [GENRE_INFANTIL, 401]
        : amc
          ? [GENRE_AMC, GENRE_AMC_SERIES, GENRE_SERIES, sub]
          : [GENRE_SERIES, sub],
      seasons,
    };
  });
}
