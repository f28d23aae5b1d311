/**
 * What a fetched picture really is, from its bytes: a server's Content-Type is often wrong
 * (image/png for an HTML error page, text/plain for a logo), so only the bytes decide.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif' | 'image/svg+xml';

export type Sniffed = { type: ImageType } | { refused: string };

const starts = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

function raster(bytes: Uint8Array): ImageType | null {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'image/avif';
  return null;
}

/**
 * What makes an SVG more than a picture: scripts, event handlers, embedded documents, entity
 * declarations, style sheets from elsewhere, and references to anything but its own
 * fragments or embedded raster data. Such a file is refused rather than rewritten: a
 * sanitiser that misses one trick serves script from our origin.
 */
const ACTIVE_SVG: readonly [RegExp, string][] = [
  [/<\s*script/i, 'contiene un script'],
  [/<\s*(foreignObject|iframe|embed|object|handler|listener)\b/i, 'contiene un documento incrustado'],
  [/<!ENTITY/i, 'declara entidades'],
  [/<\?xml-stylesheet/i, 'enlaza una hoja de estilo'],
  [/\son[a-z]+\s*=/i, 'tiene manejadores de eventos'],
  [/(javascript|vbscript)\s*:/i, 'contiene una dirección javascript:'],
  [/@import|url\(\s*['"]?\s*(?!#|data:image\/(png|jpeg|gif|webp);)/i, 'carga estilos o recursos de fuera'],
  [/\shref\s*=\s*(["'])\s*(?!#|data:image\/(png|jpeg|gif|webp);)/i, 'enlaza recursos de fuera'],
];

function svg(bytes: Uint8Array): Sniffed | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // The root must be <svg> once the prolog (declaration, comments, doctype) is passed.
  const body = text.replace(
    /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i,
    '',
  );
  if (!/^<svg[\s>]/i.test(body)) return null;
  const active = ACTIVE_SVG.find(([pattern]) => pattern.test(text.replace(/xlink:href/gi, ' href')));
  return active ? { refused: `SVG que ${active[1]}` } : { type: 'image/svg+xml' };
}

/** The type of a picture from its first bytes, or why it is not one we serve. */
export function sniffImage(bytes: Uint8Array): Sniffed {
  const type = raster(bytes);
  if (type) return { type };
  return svg(bytes) ?? { refused: 'no es una imagen PNG, JPEG, GIF, WebP, AVIF ni SVG' };
}
