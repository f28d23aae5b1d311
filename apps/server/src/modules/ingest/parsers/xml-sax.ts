import { SaxesParser } from 'saxes';
import { HTML_ENTITIES } from './xml-entities';

/** The saxes options the guide parser uses: line numbers, no namespaces. */
export type SaxOptions = { position: true; xmlns: false };

/** saxes' messages, for people reading the report in Spanish. */
const SAX_MESSAGES: [RegExp, string][] = [
  [/undefined entity/, 'entidad XML desconocida'],
  [/character entity|disallowed character in entity/, 'referencia de carácter no válida'],
  [/disallowed character/, 'carácter no permitido en XML'],
  [/unexpected close tag|unmatched closing tag/, 'etiqueta de cierre que no corresponde a ninguna abierta'],
  [/unquoted attribute value/, 'valor de atributo sin comillas'],
  [/duplicate attribute/, 'atributo repetido'],
  [/text data outside of root node/, 'texto fuera del elemento raíz'],
  [/unclosed tag/, 'etiqueta sin cerrar'],
];

/** A saxes error message ('1:22: malformed character entity.') in Spanish, without its position. */
export function spanish(saxMessage: string): string {
  const bare = saxMessage.replace(/^[^:]*:\d+:\d+: /, '').replace(/\.$/, '');
  return SAX_MESSAGES.find(([re]) => re.test(bare))?.[1] ?? `XML mal formado (${bare})`;
}

/**
 * saxes, with one repair. For a close tag that matches no open element, saxes pops every
 * open element, the root included, and the rest of the guide no longer reads as XMLTV.
 * Here such a tag is reported as unmatched and closes nothing, as HTML parsers do; the
 * element it stood in is then skipped as malformed. (saxes is pinned to the version whose
 * closeTag this relies on; the broken-markup corpus file tests it.)
 */
function repairCloseTag(sax: SaxesParser<SaxOptions>): void {
  const self = sax as unknown as { tags: { name: string }[]; name: string; closeTag(): void };
  const closeTag = self.closeTag;
  self.closeTag = function repairedCloseTag(this: typeof self) {
    if (this.name === '' || this.tags.some((t) => t.name === this.name)) return closeTag.call(this);
    // With no open elements, saxes reports 'unmatched closing tag' and pops nothing.
    const open = this.tags.splice(0);
    try {
      closeTag.call(this);
    } finally {
      this.tags.push(...open);
    }
  };
}

/** Problems saxes reports that leave the element readable: kept, reported as corrected. */
export const RECOVERABLE = /undefined entity|disallowed character\.$/;

/** A saxes parser for guides: HTML's named characters known, stray close tags repaired. */
export function guideSaxParser(): SaxesParser<SaxOptions> {
  const sax = new SaxesParser<SaxOptions>({ position: true, xmlns: false });
  Object.assign(sax.ENTITIES, HTML_ENTITIES);
  repairCloseTag(sax);
  return sax;
}
