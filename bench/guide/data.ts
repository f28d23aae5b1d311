/**
 * The benchmark's guide data, generated the same way for both guides: `channels` channels
 * × `days` days from `start`, back-to-back programmes of 15 to 90 minutes (about 30 a day).
 * Deterministic, so every run and both pages see the same programmes.
 */
export interface BenchChannel {
  id: number;
  name: string;
  logo: string;
}

export interface BenchProgramme {
  id: number;
  channelId: number;
  start: number;
  end: number;
  title: string;
  description: string;
}

const MINUTE = 60_000;
const DURATIONS = [15, 20, 30, 30, 45, 45, 50, 60, 60, 75, 90].map((m) => m * MINUTE);
const TITLES = [
  'Noticias',
  'El tiempo',
  'Buenos días',
  'Cine de tarde',
  'Documental',
  'Deportes',
  'Concurso',
  'Serie',
  'Magacín',
  'Música',
];

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A tiny inline logo, so neither page waits on the network for images. */
export function logoFor(id: number): string {
  const hue = (id * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" rx="6" fill="hsl(${hue} 50% 35%)"/><text x="32" y="30" font-size="16" text-anchor="middle" fill="white" font-family="sans-serif">${id}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Programmes of every channel, each channel's list sorted and without gaps. */
export function generateGuide(
  channelCount: number,
  days: number,
  start: number,
): { channels: BenchChannel[]; programmes: BenchProgramme[][] } {
  const random = mulberry32(20261122);
  const end = start + days * 24 * 60 * MINUTE;
  const channels: BenchChannel[] = [];
  const programmes: BenchProgramme[][] = [];
  let id = 1;
  for (let c = 1; c <= channelCount; c += 1) {
    channels.push({ id: c, name: `Canal ${c}`, logo: logoFor(c) });
    const list: BenchProgramme[] = [];
    // Channels start their first programme a little before the window, like a real guide.
    let time = start - Math.floor(random() * 4) * 15 * MINUTE;
    while (time < end) {
      const length = DURATIONS[Math.floor(random() * DURATIONS.length)] as number;
      const title = `${TITLES[Math.floor(random() * TITLES.length)]} ${id % 97}`;
      list.push({
        id,
        channelId: c,
        start: time,
        end: time + length,
        title,
        description: `${title}: programa de prueba del banco de rendimiento.`,
      });
      id += 1;
      time += length;
    }
    programmes.push(list);
  }
  return { channels, programmes };
}

/** Local midnight `daysBack` days before today. */
export function benchStart(daysBack = 2): number {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - daysBack);
  return d.getTime();
}
