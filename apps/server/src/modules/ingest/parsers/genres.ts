/**
 * XMLTV categories onto the catalogue's genres. Categories are free text in any language
 * (the DTD gives no list); this table reads the Spanish and English names guides use and
 * answers the catalogue's own genre names (section, and subgenre inside it), which the
 * import resolves against the genre table. Unknown categories stay as text.
 */

/** A catalogue genre by name: a section ('Cine') and, when known, a subgenre of it ('Comedia'). */
export interface GuideGenre {
  section: string;
  subgenre: string | null;
}

type Entry = { section: string } | { subgenre: string; sections: readonly string[] };

const CINE = 'Cine';
const SERIES = 'Series';
const DEPORTES = 'Deportes';
const DOCS = 'Documentales';
const INFANTIL = 'Infantil';
const ENTRETENIMIENTO = 'Entretenimiento';
const ADULTOS = 'Adultos';

const sections: Record<string, readonly string[]> = {
  [CINE]: [
    'cine',
    'pelicula',
    'peliculas',
    'film',
    'films',
    'movie',
    'movies',
    'largometraje',
    'cinema',
    'movie drama',
    'tv movie',
    'telefilm',
  ],
  [SERIES]: ['serie', 'series', 'serie tv', 'series tv', 'tv series', 'miniserie', 'miniseries'],
  [DEPORTES]: ['deportes', 'deporte', 'deportivo', 'sport', 'sports', 'sports event', 'sports non event'],
  [DOCS]: ['documental', 'documentales', 'documentary', 'documentaries', 'docu', 'reportaje', 'reportajes', 'factual'],
  [INFANTIL]: [
    'infantil',
    'infantiles',
    'kids',
    'children',
    'children s',
    'childrens',
    'juvenil',
    'children youth programmes',
  ],
  [ENTRETENIMIENTO]: [
    'entretenimiento',
    'entertainment',
    'ocio',
    'variedades',
    'show',
    'tv show',
    'reality',
    'reality show',
    'humor',
    'show game show',
  ],
  [ADULTOS]: ['adultos', 'adulto', 'adult', 'xxx', 'erotico', 'erotica', 'erotic'],
};

const subgenres: [subgenre: string, inSections: readonly string[], names: readonly string[]][] = [
  ['Acción', [CINE], ['accion', 'action', 'action adventure']],
  ['Comedia', [CINE, SERIES], ['comedia', 'comedy']],
  ['Comedia', [SERIES], ['sitcom', 'comedia de situacion']],
  ['Drama', [CINE, SERIES], ['drama']],
  ['Drama', [SERIES], ['telenovela', 'soap', 'soap opera', 'culebron']],
  ['Thriller', [CINE], ['thriller', 'suspense', 'suspenso', 'intriga', 'mystery', 'misterio']],
  ['Ciencia ficción', [CINE, SERIES], ['ciencia ficcion', 'science fiction', 'sci fi', 'scifi', 'fantasia', 'fantasy']],
  ['Romántica', [CINE], ['romantica', 'romantico', 'romance', 'romantic']],
  ['Terror', [CINE], ['terror', 'horror']],
  ['Western', [CINE], ['western', 'oeste']],
  ['Policíaca', [SERIES], ['policiaca', 'policiaco', 'policial', 'crime', 'crime drama', 'police', 'detective']],
  ['Naturaleza', [DOCS], ['naturaleza', 'nature', 'animales', 'animals', 'wildlife', 'fauna']],
  ['Historia', [DOCS], ['historia', 'history', 'historical', 'historico']],
  ['Ciencia', [DOCS], ['ciencia', 'science', 'tecnologia', 'technology', 'science technology']],
  ['Viajes', [DOCS], ['viajes', 'viaje', 'travel']],
  ['Fútbol', [DEPORTES], ['futbol', 'football', 'soccer', 'liga', 'laliga']],
  ['Baloncesto', [DEPORTES], ['baloncesto', 'basketball', 'basket', 'nba', 'acb']],
  ['Tenis', [DEPORTES], ['tenis', 'tennis']],
  [
    'Motor',
    [DEPORTES],
    ['motor', 'motorsport', 'motor sport', 'motorsports', 'formula 1', 'f1', 'motociclismo', 'motogp', 'auto racing'],
  ],
  ['Ciclismo', [DEPORTES], ['ciclismo', 'cycling']],
  ['Golf', [DEPORTES], ['golf']],
  ['Balonmano', [DEPORTES], ['balonmano', 'handball']],
  ['Boxeo', [DEPORTES], ['boxeo', 'boxing']],
  ['Atletismo', [DEPORTES], ['atletismo', 'athletics', 'track and field']],
  ['Ajedrez', [DEPORTES], ['ajedrez', 'chess']],
  ['Dibujos animados', [INFANTIL], ['dibujos animados', 'dibujos', 'cartoon', 'cartoons', 'animacion', 'animation']],
  ['Aventuras', [INFANTIL], ['aventuras', 'aventura', 'adventure']],
  ['Educativos', [INFANTIL], ['educativo', 'educativos', 'educational', 'education', 'educacion']],
  [
    'Informativos',
    [ENTRETENIMIENTO],
    [
      'informativos',
      'informativo',
      'noticias',
      'news',
      'telediario',
      'news current affairs',
      'actualidad',
      'current affairs',
    ],
  ],
  [
    'Magacines',
    [ENTRETENIMIENTO],
    ['magacin', 'magacines', 'magazine', 'magazines', 'talk show', 'tertulia', 'entrevistas', 'interview'],
  ],
  ['Concursos', [ENTRETENIMIENTO], ['concurso', 'concursos', 'game show', 'quiz']],
  [
    'Música',
    [ENTRETENIMIENTO],
    ['musica', 'music', 'musical', 'concierto', 'conciertos', 'concert', 'music ballet dance'],
  ],
];

/** Lower case, accents removed, anything but letters and digits as single spaces. */
export function categoryKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const TABLE = new Map<string, Entry>();
for (const [section, names] of Object.entries(sections)) for (const n of names) TABLE.set(n, { section });
for (const [subgenre, inSections, names] of subgenres)
  for (const n of names) TABLE.set(n, { subgenre, sections: inSections });

// Guides repeat a few dozen category texts a million times: remember their lookups.
const seen = new Map<string, Entry | null>();
function lookup(category: string): Entry | null {
  let entry = seen.get(category);
  if (entry === undefined) {
    entry = TABLE.get(categoryKey(category)) ?? null;
    if (seen.size >= 10_000) seen.clear();
    seen.set(category, entry);
  }
  return entry;
}

/** The table itself, for the tests and for the docs: category key → genre. */
export const CATEGORY_TABLE: ReadonlyMap<string, Entry> = TABLE;

/**
 * The catalogue genre of a programme's categories: the section is the first category that
 * names one, else the first known subgenre's usual section; the subgenre is the first one
 * that lives in that section. ['Series', 'Comedy'] is Series/Comedia, ['Comedy'] Cine/Comedia.
 */
export function genreOf(categories: readonly string[]): GuideGenre | null {
  let section: string | null = null;
  const found: { subgenre: string; sections: readonly string[] }[] = [];
  for (const c of categories) {
    const entry = lookup(c);
    if (!entry) continue;
    if ('section' in entry) section ??= entry.section;
    else found.push(entry);
  }
  if (section === null) section = found[0]?.sections[0] ?? null;
  if (section === null) return null;
  const sub = found.find((f) => f.sections.includes(section));
  return { section, subgenre: sub?.subgenre ?? null };
}
