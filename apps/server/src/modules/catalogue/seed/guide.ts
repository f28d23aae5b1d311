import { GENRE_ADULT, GENRE_CINE, GENRE_DEPORTES, GENRE_DOCUMENTALES, GENRE_INFANTIL } from '@pantalla/contracts';
import { GENRE_ENTRETENIMIENTO, GENRE_SERIES } from '../reference-data';
import type { DemoChannel } from './demo-structure';
import { Random, seedOf } from './prng';
import * as T from './text-pools';
import { personName, type DemoFilm, type DemoSeries } from './vod';

const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One generated programme, before it gets an id. */
export interface GuideProgramme {
  channelId: number;
  startTime: number;
  endTime: number;
  title: string;
  subtitle: string;
  description: string;
  parental: number;
  ageRating: string;
  country: string;
  year: number | null;
  genreId: number | null;
  sectionId: number | null;
  categories: string[];
  director: string;
  actors: string[];
  episodeNum: string;
  /** Price in cents when the programme is a pay-per-view event. */
  ppvPriceCents: number | null;
}

type Draft = Omit<GuideProgramme, 'channelId' | 'startTime' | 'endTime' | 'minutes'> & { minutes: number };

function draft(partial: Partial<Draft> & Pick<Draft, 'title' | 'minutes'>): Draft {
  return {
    subtitle: '',
    description: '',
    parental: 2,
    ageRating: 'TP',
    country: 'España',
    year: null,
    genreId: null,
    sectionId: null,
    categories: [],
    director: '',
    actors: [],
    episodeNum: '',
    ppvPriceCents: null,
    ...partial,
  };
}

/** Films and series the cine and series channels air. */
export interface GuideLibrary {
  films: readonly DemoFilm[];
  series: readonly DemoSeries[];
}

function filmDraft(rng: Random, channel: DemoChannel, lib: GuideLibrary): Draft {
  const pool = lib.films.filter((f) => {
    if (f.parental === 7) return false;
    if (channel.id === 15) return f.genreIds.includes(5320);
    if (channel.id === 11) return f.year < 1990;
    if (channel.id === 12) return f.genreIds.includes(101) || f.genreIds.includes(104);
    if (channel.id === 13) return f.genreIds.includes(102);
    if (channel.id === 14) return f.country === 'España';
    return f.genreIds.includes(GENRE_CINE);
  });
  const film = rng.pick(pool.length > 0 ? pool : lib.films);
  const sub = film.genreIds.find((g) => g > 100 && g < 200) ?? null;
  return draft({
    title: film.title,
    description: film.description,
    minutes: Math.min(150, Math.round(film.runtimeSeconds / 60 / 5) * 5),
    ageRating: film.ageRating,
    country: film.country,
    year: film.year,
    genreId: sub,
    sectionId: GENRE_CINE,
    categories: ['Cine'],
    director: film.director,
    actors: film.actors,
  });
}

function seriesDraft(rng: Random, lib: GuideLibrary, kids: boolean): Draft {
  const pool = lib.series.filter((s) => s.genreIds.includes(GENRE_INFANTIL) === kids);
  const series = rng.pick(pool);
  const season = rng.pick(series.seasons);
  const episode = rng.pick(season.episodes);
  const label = `T${season.seasonNumber} E${episode.episodeNumber}`;
  return draft({
    title: series.title,
    subtitle: `${label}: ${episode.title}`,
    description: episode.description,
    minutes: Math.max(15, Math.min(60, Math.round(episode.runtimeSeconds / 60 / 5) * 5)),
    ageRating: kids ? 'TP' : rng.pick(['7', '12', '16']),
    country: series.country,
    year: series.year,
    genreId: series.genreIds.find((g) => (g > 400 && g < 500) || (g > 500 && g < 600)) ?? null,
    sectionId: kids ? GENRE_INFANTIL : GENRE_SERIES,
    categories: ['Series'],
    director: series.director,
    actors: series.actors,
    episodeNum: label,
  });
}

function sportsDraft(rng: Random, channel: DemoChannel): Draft {
  const sports: Record<number, number[]> = {
    20: [301, 301, 302],
    21: [303, 305, 306, 309],
    22: [301],
    23: [304],
    24: [301, 307, 308, 302],
  };
  const sport = rng.pick(sports[channel.id] ?? [301]);
  const live = rng.chance(0.5);
  const base = { genreId: sport, sectionId: GENRE_DEPORTES, categories: ['Deportes'], ageRating: 'TP' };
  const [a, b] = rng.sample(T.TEAMS, 2) as [string, string];
  const [c, d] = rng.sample(T.BASKET_TEAMS, 2) as [string, string];
  const city = rng.pick(T.CITIES);
  switch (sport) {
    case 301:
      return rng.chance(0.3)
        ? draft({
            ...base,
            title: 'Tertulia futbolera',
            description: 'Análisis, polémicas y la actualidad de la jornada con nuestros comentaristas.',
            minutes: 60,
          })
        : draft({
            ...base,
            title: `Fútbol: ${a} - ${b}`,
            subtitle: live ? 'LaLiga, en directo' : 'LaLiga, diferido',
            description: `Partido de LaLiga entre el ${a} y el ${b}, con la narración de ${personName(rng)}.`,
            minutes: 120,
          });
    case 302:
      return draft({
        ...base,
        title: `Baloncesto: ${c} - ${d}`,
        subtitle: 'Liga ACB',
        description: `El ${c} recibe al ${d} en un duelo clave de la Liga ACB.`,
        minutes: 120,
      });
    case 303:
      return draft({
        ...base,
        title: `Tenis: Torneo de ${city}`,
        subtitle: rng.pick(['Octavos de final', 'Cuartos de final', 'Semifinal', 'Final']),
        description: `Las mejores raquetas del circuito se citan en ${city}.`,
        minutes: 150,
      });
    case 304:
      return draft({
        ...base,
        title: `Motor: Gran Premio de ${city}`,
        subtitle: rng.pick(['Clasificación', 'Carrera', 'Entrenamientos libres']),
        description: `Toda la emoción del Gran Premio de ${city}, curva a curva.`,
        minutes: 120,
      });
    case 305:
      return draft({
        ...base,
        title: `Ciclismo: Vuelta, etapa ${rng.int(1, 21)}`,
        description: 'Etapa con final en alto y la general en juego.',
        minutes: 150,
      });
    case 306:
      return draft({
        ...base,
        title: `Golf: Abierto de ${city}`,
        subtitle: `Jornada ${rng.int(1, 4)}`,
        description: `Los mejores golfistas en el Abierto de ${city}.`,
        minutes: 150,
      });
    case 307:
      return draft({
        ...base,
        title: `Balonmano: Liga Asobal`,
        description: 'Lo mejor del balonmano nacional en directo.',
        minutes: 90,
      });
    case 308:
      return draft({
        ...base,
        title: `Boxeo: velada en ${city}`,
        description: 'Combates por el título nacional y europeo.',
        minutes: 90,
      });
    default:
      return draft({
        ...base,
        title: `Atletismo: Mitin de ${city}`,
        description: `Velocidad, saltos y lanzamientos en el mitin de ${city}.`,
        minutes: 120,
      });
  }
}

function generalDraft(rng: Random, hourOfDay: number, channel: DemoChannel, lib: GuideLibrary): Draft {
  const ent = { sectionId: GENRE_ENTRETENIMIENTO, country: 'España' };
  if (hourOfDay >= 6 && hourOfDay < 10)
    return draft({
      ...ent,
      title: 'Buenos días',
      subtitle: 'Magacín matinal',
      description: 'Actualidad, tertulia y servicio público para empezar el día.',
      minutes: rng.pick([60, 90, 120]),
      genreId: 602,
      categories: ['Magacín'],
    });
  if (hourOfDay >= 13 && hourOfDay < 15)
    return draft({
      ...ent,
      title: 'Noticias',
      subtitle: 'Edición de mediodía',
      description: 'Las noticias nacionales e internacionales del día.',
      minutes: 60,
      genreId: 601,
      categories: ['Informativos'],
    });
  if (hourOfDay >= 20 && hourOfDay < 21)
    return draft({
      ...ent,
      title: 'Noticias',
      subtitle: 'Edición de noche',
      description: 'Resumen informativo de la jornada, deportes y el tiempo.',
      minutes: 45,
      genreId: 601,
      categories: ['Informativos'],
    });
  if (hourOfDay >= 21 || hourOfDay < 1) return filmDraft(rng, channel, lib);
  if (channel.lateNightAdult && hourOfDay < 6 && rng.chance(0.15))
    return draft({
      title: 'Madrugada sin censura',
      description: 'Programa para adultos de madrugada.',
      minutes: rng.pick([45, 60]),
      parental: 7,
      ageRating: '18',
      genreId: GENRE_ADULT,
      sectionId: GENRE_ADULT,
      categories: ['Adultos'],
    });
  const options = [
    draft({
      ...ent,
      title: 'El gran concurso',
      description: `Concursantes de toda España compiten por el bote. Presenta ${personName(rng)}.`,
      minutes: 45,
      genreId: 603,
      categories: ['Concurso'],
    }),
    draft({
      ...ent,
      title: 'La tarde es nuestra',
      description: 'Entrevistas, música y humor en directo.',
      minutes: 120,
      genreId: 602,
      categories: ['Magacín'],
    }),
    draft({
      ...ent,
      title: 'Cocina con Carmen',
      subtitle: rng.pick(['Arroz con bogavante', 'Tortilla de patatas', 'Gazpacho andaluz', 'Fabada asturiana']),
      description: 'Recetas tradicionales paso a paso.',
      minutes: 30,
      genreId: 602,
      categories: ['Cocina'],
    }),
    draft({
      ...ent,
      title: 'El tiempo',
      description: 'La previsión meteorológica para los próximos días.',
      minutes: 15,
      genreId: 601,
      categories: ['Informativos'],
    }),
    seriesDraft(rng, lib, false),
  ];
  return rng.pick(options);
}

function docsDraft(rng: Random): Draft {
  const kind = rng.int(0, 3);
  const base = {
    sectionId: GENRE_DOCUMENTALES,
    categories: ['Documental'],
    minutes: rng.pick([30, 45, 60, 90]),
    country: rng.pick(T.COUNTRIES),
    year: rng.int(2000, 2026),
  };
  if (kind === 0) {
    const animal = rng.pick(T.ANIMALS);
    return draft({
      ...base,
      title: `Naturaleza salvaje: ${animal}`,
      description: `Un año en la vida de ${animal}, filmado en su hábitat.`,
      genreId: 201,
    });
  }
  if (kind === 1) {
    const civ = rng.pick(T.CIVILIZATIONS);
    return draft({
      ...base,
      title: `Grandes civilizaciones: ${civ}`,
      description: `Auge y caída de ${civ}, contados por los mejores historiadores.`,
      genreId: 202,
    });
  }
  if (kind === 2) {
    const topic = rng.pick(T.SCIENCE_TOPICS);
    return draft({
      ...base,
      title: `Ciencia hoy: ${topic}`,
      description: `Lo último que sabemos sobre ${topic}.`,
      genreId: 203,
    });
  }
  const dest = rng.pick(T.DESTINATIONS);
  return draft({
    ...base,
    title: `Destino: ${dest}`,
    description: `Rutas, gastronomía y gentes de ${dest}.`,
    genreId: 204,
  });
}

function programmeFor(rng: Random, channel: DemoChannel, start: number, lib: GuideLibrary): Draft {
  const hour = new Date(start).getUTCHours();
  switch (channel.programming) {
    case 'cine':
      return filmDraft(rng, channel, lib);
    case 'series':
      return seriesDraft(rng, lib, false);
    case 'sports':
      return sportsDraft(rng, channel);
    case 'docs':
      return docsDraft(rng);
    case 'kids': {
      if (rng.chance(0.5)) return seriesDraft(rng, lib, true);
      const cartoon = rng.pick(T.CARTOONS);
      return draft({
        title: cartoon,
        subtitle: `Episodio ${rng.int(1, 52)}`,
        description: `${cartoon} vive una nueva aventura llena de color y amistad.`,
        minutes: rng.pick([15, 20, 25, 30]),
        genreId: rng.int(401, 403),
        sectionId: GENRE_INFANTIL,
        categories: ['Infantil'],
      });
    }
    case 'news':
      return draft({
        title: rng.pick([
          'Noticias 24 horas',
          'Edición de mañana',
          'El debate',
          'Economía al día',
          'La entrevista',
          'Internacional',
        ]),
        description: 'Información, análisis y entrevistas con los protagonistas de la actualidad.',
        minutes: rng.pick([15, 30, 30, 60]),
        genreId: 601,
        sectionId: GENRE_ENTRETENIMIENTO,
        categories: ['Informativos'],
      });
    case 'music': {
      const show = rng.pick(T.MUSIC_SHOWS);
      return draft({
        title: show,
        description: 'La mejor música, sin interrupciones.',
        minutes: rng.pick([30, 60, 90, 120]),
        genreId: 604,
        sectionId: GENRE_ENTRETENIMIENTO,
        categories: ['Música'],
      });
    }
    case 'local':
      return draft({
        title: rng.pick([
          'Informativo local',
          'Agenda cultural',
          'Pleno municipal',
          'Tertulia de actualidad',
          'Fiestas y tradiciones',
          'Deporte local',
        ]),
        description: `Lo que pasa en ${rng.pick(T.PLACES)}, contado por sus vecinos.`,
        minutes: rng.pick([30, 45, 60]),
        genreId: 602,
        sectionId: GENRE_ENTRETENIMIENTO,
        categories: ['Local'],
      });
    case 'adult':
      return draft({
        title: `Noche Roja: ${rng.pick(['Pasión', 'Deseo', 'Tentación', 'Secretos'])} en ${rng.pick(T.PLACES)}`,
        description: 'Cine para adultos.',
        minutes: rng.pick([60, 75, 90]),
        parental: 7,
        ageRating: '18',
        genreId: GENRE_ADULT,
        sectionId: GENRE_ADULT,
        categories: ['Adultos'],
      });
    case 'ppv':
      return draft({
        title: 'Pantalla Eventos',
        subtitle: 'Previa y repeticiones',
        description: 'Previas, entrevistas y repeticiones de los grandes eventos.',
        minutes: rng.pick([60, 90, 120]),
        genreId: 602,
        sectionId: GENRE_ENTRETENIMIENTO,
      });
    default:
      return generalDraft(rng, hour, channel, lib);
  }
}

/** The nightly pay-per-view slot of an events channel: channel 100 at 20:00 UTC, 101 at 17:00 UTC. */
function ppvSlot(channel: DemoChannel, day: number): { start: number; draft: (rng: Random) => Draft } | null {
  if (channel.programming !== 'ppv') return null;
  const start = day + (channel.id === 100 ? 20 : 17) * HOUR;
  return {
    start,
    draft: (rng) => {
      const city = rng.pick(T.CITIES);
      if (channel.id === 100) {
        return rng.chance(0.5)
          ? draft({
              title: `Boxeo: Noche de campeones en ${city}`,
              subtitle: 'Pago por visión',
              description: `Velada con título europeo en juego desde ${city}.`,
              minutes: 150,
              genreId: 308,
              sectionId: GENRE_DEPORTES,
              categories: ['Deportes'],
              ppvPriceCents: rng.pick([1499, 1999, 2499]),
            })
          : draft({
              title: `Concierto: ${personName(rng)} en directo`,
              subtitle: 'Pago por visión',
              description: `Un concierto único desde ${city}, solo en Pantalla.`,
              minutes: 120,
              genreId: 604,
              sectionId: GENRE_ENTRETENIMIENTO,
              categories: ['Música'],
              ppvPriceCents: rng.pick([999, 1299]),
            });
      }
      const [a, b] = rng.sample(T.TEAMS, 2) as [string, string];
      return draft({
        title: `Fútbol PPV: ${a} - ${b}`,
        subtitle: 'Partido de pago',
        description: `El partido de la jornada entre el ${a} y el ${b}.`,
        minutes: 120,
        genreId: 301,
        sectionId: GENRE_DEPORTES,
        categories: ['Deportes'],
        ppvPriceCents: rng.pick([599, 999]),
      });
    },
  };
}

/**
 * A channel's continuous guide from `from` until a programme ends at or after `to`:
 * 15 to 150 minutes each, no gaps or overlaps. The random stream restarts at each UTC day,
 * so the same day of the same channel always comes out the same.
 */
export function generateChannelGuide(
  channel: DemoChannel,
  from: number,
  to: number,
  lib: GuideLibrary,
): GuideProgramme[] {
  const out: GuideProgramme[] = [];
  let start = from;
  let rngDay = -1;
  let rng = new Random(0);
  while (start < to) {
    const day = Math.floor(start / DAY) * DAY;
    if (day !== rngDay) {
      rngDay = day;
      rng = new Random(seedOf(channel.id, day / DAY));
    }
    const slot = ppvSlot(channel, day);
    let d: Draft;
    if (slot && start === slot.start) {
      d = slot.draft(new Random(seedOf(channel.id, day / DAY, 7)));
    } else {
      d = programmeFor(rng, channel, start, lib);
      let minutes = Math.max(15, Math.min(150, d.minutes));
      // Shorten (or stretch) the programme before a fixed PPV slot so the slot starts on time.
      if (slot && start < slot.start) {
        const remaining = (slot.start - start) / MINUTE;
        if (remaining <= minutes + 15) minutes = remaining;
      }
      d = { ...d, minutes };
    }
    const end = start + d.minutes * MINUTE;
    const { minutes: _minutes, ...rest } = d;
    out.push({ ...rest, channelId: channel.id, startTime: start, endTime: end });
    start = end;
  }
  return out;
}
