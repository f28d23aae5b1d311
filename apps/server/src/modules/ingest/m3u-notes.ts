import type { M3uChannel, M3uHeader } from './parsers/m3u-types';

/** Lines of one kind shown in a report; the rest are counted in problemsTotal. */
const NOTES_SHOWN = 20;

/** What an M3U list asks that this import does not do by itself, said in the report. */
export interface M3uNotes {
  warnings: string[];
  /** Every note, shown or not. */
  total: number;
}

const quoted = (s: string) => `"${s.slice(0, 80)}"`;

/**
 * The report's lines for what a list declares beyond its channels (issue 31, item 3): radio
 * entries kept as audio channels, tvg-chno clashes within the list, streams that ask for a User-Agent or Referer the
 * browser cannot send (the origin relays them), and guides the header offers (url-tvg, x-tvg-url).
 */
export function m3uNotes(channels: readonly M3uChannel[], header: M3uHeader): M3uNotes {
  const kinds: string[][] = [[], [], [], []];
  const [radio, clashes, headers, guides] = kinds as [string[], string[], string[], string[]];
  const byNumber = new Map<number, M3uChannel>();
  for (const c of channels) {
    if (c.radio) {
      radio.push(
        `Línea ${c.line}: ${quoted(c.name)} es una radio (radio="true"); se guarda como canal de audio, no entre los canales de TV.`,
      );
    }
    const first = c.number === null ? undefined : byNumber.get(c.number);
    if (first)
      clashes.push(
        `Línea ${c.line}: el número de canal ${c.number} (tvg-chno) ya es de ${quoted(first.name)} (línea ${first.line}).`,
      );
    else if (c.number !== null) byNumber.set(c.number, c);
    for (const s of c.streams) {
      const asked = [
        ...(s.userAgent ? [`User-Agent ${quoted(s.userAgent)}`] : []),
        ...(s.referrer ? [`Referer ${quoted(s.referrer)}`] : []),
      ];
      if (asked.length > 0)
        headers.push(
          `Línea ${s.line}: el flujo de ${quoted(c.name)} pide ${asked.join(' y ')}; el navegador no puede enviarlo, así que el servidor retransmite el flujo con esas cabeceras.`,
        );
    }
  }
  for (const url of header.guideUrls)
    guides.push(
      `La cabecera #EXTM3U ofrece la guía ${quoted(url)} (url-tvg); no se importa sola: añádala como fuente de guía si la quiere.`,
    );
  return {
    warnings: kinds.flatMap((lines) => lines.slice(0, NOTES_SHOWN)),
    total: kinds.reduce((n, lines) => n + lines.length, 0),
  };
}
