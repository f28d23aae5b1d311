/**
 * Pure SVG drawing of the demo's artwork: a palette and a pattern chosen from the item's
 * kind and id, with its title set large enough to read at card size. No external image.
 */

const PALETTES: readonly [string, string, string][] = [
  ['#1d2b53', '#7e2553', '#ffccaa'],
  ['#0b3d3a', '#1f8a70', '#f2e8cf'],
  ['#3a0ca3', '#f72585', '#ffffff'],
  ['#22223b', '#4a4e69', '#f2e9e4'],
  ['#5f0f40', '#9a031e', '#fb8b24'],
  ['#003049', '#d62828', '#fcbf49'],
  ['#283618', '#606c38', '#fefae0'],
  ['#14213d', '#fca311', '#e5e5e5'],
  ['#2b2d42', '#ef233c', '#edf2f4'],
  ['#03045e', '#0096c7', '#caf0f8'],
  ['#3c096c', '#ff9e00', '#fff3e0'],
  ['#1b263b', '#415a77', '#e0e1dd'],
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Escapes text for SVG content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** Breaks a title into at most maxLines lines of about maxChars, ellipsising the rest. */
export function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, Math.max(1, maxChars - 1))}…`;
    return kept;
  }
  // drawArt shrinks the type for a long word; only a very long one is cut.
  return lines.map((l) => (l.length > maxChars * 2 ? `${l.slice(0, maxChars * 2 - 1)}…` : l));
}

/** Bold sans-serif glyphs average about 0.62 em: the largest size that keeps `chars` within `width`. */
export function fittingFontSize(chars: number, width: number): number {
  return Math.floor(width / (Math.max(1, chars) * 0.62));
}

export type ArtShape = 'portrait' | 'landscape' | 'logo';

const SIZES: Record<ArtShape, { w: number; h: number }> = {
  portrait: { w: 400, h: 600 },
  landscape: { w: 640, h: 360 },
  logo: { w: 240, h: 240 },
};

function decoration(seed: number, w: number, h: number, accent: string): string {
  const kind = seed % 3;
  const r = (n: number) => ((seed >>> (n * 3)) % 100) / 100;
  if (kind === 0)
    return `<circle cx="${Math.round(w * (0.2 + r(1) * 0.6))}" cy="${Math.round(h * (0.15 + r(2) * 0.3))}" r="${Math.round(Math.min(w, h) * (0.25 + r(3) * 0.2))}" fill="${accent}" opacity="0.35"/>`;
  if (kind === 1)
    return `<polygon points="0,${h} ${Math.round(w * (0.4 + r(1) * 0.4))},${Math.round(h * (0.2 + r(2) * 0.3))} ${w},${h}" fill="${accent}" opacity="0.3"/>`;
  return [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="0" y="${Math.round(h * (0.1 + i * 0.12 + r(i) * 0.05))}" width="${w}" height="${Math.round(h * 0.04)}" fill="${accent}" opacity="${0.15 + i * 0.08}"/>`,
    )
    .join('');
}

/** A poster (2:3), a landscape still (16:9) or a square logo for an item. */
export function drawArt(shape: ArtShape, key: string, title: string, caption = ''): string {
  const { w, h } = SIZES[shape];
  const seed = hash(key);
  const [bg, accent, ink] = PALETTES[seed % PALETTES.length] as [string, string, string];
  const maxChars = shape === 'portrait' ? 13 : shape === 'landscape' ? 22 : 10;
  const lines = wrapTitle(title || 'Pantalla', maxChars, shape === 'logo' ? 3 : 4);
  const preferred = shape === 'portrait' ? 46 : shape === 'landscape' ? 44 : lines.length > 1 ? 34 : 40;
  // A long single word ('Entretenimiento' on a logo) would run past the edges: shrink to fit.
  const size = Math.min(preferred, fittingFontSize(Math.max(...lines.map((l) => l.length)), w * 0.88));
  const lineHeight = Math.round(size * 1.15);
  const top = shape === 'portrait' ? h * 0.62 : shape === 'landscape' ? h * 0.5 : h / 2;
  const y0 = Math.round(top - ((lines.length - 1) * lineHeight) / 2);
  const text = lines
    .map(
      (l, i) =>
        `<text x="${w / 2}" y="${y0 + i * lineHeight}" text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="${ink}">${escapeXml(l)}</text>`,
    )
    .join('');
  const cap = caption
    ? `<text x="${w / 2}" y="${h - Math.round(size * 0.8)}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${Math.round(size * 0.45)}" fill="${ink}" opacity="0.8">${escapeXml(caption)}</text>`
    : '';
  const rx = shape === 'logo' ? 28 : 0;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${accent}"/></linearGradient>` +
    // Decorations stay inside the logo's rounded corners.
    `<clipPath id="c"><rect width="${w}" height="${h}" rx="${rx}"/></clipPath></defs>` +
    `<g clip-path="url(#c)"><rect width="${w}" height="${h}" fill="url(#g)"/>${decoration(seed, w, h, ink)}` +
    `<rect x="0" y="${Math.round(top - lines.length * lineHeight * 0.5 - size * 0.6)}" width="${w}" height="${Math.round(lines.length * lineHeight + size * 0.6)}" fill="#000" opacity="0.25"/></g>` +
    `${text}${cap}</svg>`
  );
}

/** The operator's logo: 3002 the wide header/guide/calendar mark, 3001 the small player mark. */
export function drawOperatorLogo(type: 3001 | 3002, name: string): string {
  const w = type === 3002 ? 360 : 200;
  const h = type === 3002 ? 80 : 60;
  const size = type === 3002 ? 40 : 28;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(name)}">` +
    `<rect x="4" y="${h / 2 - size / 2}" width="${size * 1.3}" height="${size}" rx="${size / 5}" fill="#e50914"/>` +
    `<polygon points="${4 + size * 0.45},${h / 2 - size / 4} ${4 + size * 0.45},${h / 2 + size / 4} ${4 + size * 0.9},${h / 2}" fill="#fff"/>` +
    `<text x="${size * 1.6}" y="${h / 2}" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff"${type === 3001 ? ' opacity="0.85"' : ''}>${escapeXml(name)}</text></svg>`
  );
}

const RATING_COLOURS: Record<string, string> = {
  TP: '#2e7d32',
  '7': '#0277bd',
  '12': '#f9a825',
  '16': '#ef6c00',
  '18': '#c62828',
};

/** An age-rating badge (TP, 7, 12, 16, 18). */
export function drawRatingLogo(rating: string): string {
  const colour = RATING_COLOURS[rating] ?? '#616161';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(rating)}">` +
    `<circle cx="32" cy="32" r="30" fill="${colour}"/><text x="32" y="33" text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${rating.length > 2 ? 18 : 26}" fill="#fff">${escapeXml(rating)}</text></svg>`
  );
}
