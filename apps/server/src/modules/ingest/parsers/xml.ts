import { IngestError } from './errors';

/** An XML element with the line it starts on. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

/** An opening tag at the current position (sticky, so no copy of the rest of the file). */
const OPEN_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, line: number): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (_m, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = ENTITIES[ref];
    if (value === undefined) throw new IngestError(`entidad XML desconocida &${ref};`, line);
    return value;
  });
}

/**
 * A small, strict XML reader for XMLTV: elements, attributes, text, CDATA, comments and
 * the prolog. Enough for guides, with errors that say on which line the file breaks.
 */
export function parseXml(source: string): XmlElement {
  let pos = 0;
  let line = 1;
  const advance = (to: number) => {
    for (let i = pos; i < to; i++) if (source.charCodeAt(i) === 10) line++;
    pos = to;
  };
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    if (lt === -1) {
      const rest = source.slice(pos);
      if (rest.trim() && stack.length === 0) throw new IngestError('texto fuera del elemento raíz', line);
      if (stack.length > 0) throw new IngestError(`falta cerrar <${stack[stack.length - 1]?.name}>`, line);
      advance(source.length);
      break;
    }
    if (lt > pos) {
      const text = source.slice(pos, lt);
      const top = stack[stack.length - 1];
      if (top) top.text += decode(text, line);
      else if (text.trim()) throw new IngestError('texto fuera del elemento raíz', line);
      advance(lt);
    }
    if (source.startsWith('<!--', pos)) {
      const end = source.indexOf('-->', pos);
      if (end === -1) throw new IngestError('comentario sin cerrar', line);
      advance(end + 3);
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos);
      if (end === -1) throw new IngestError('CDATA sin cerrar', line);
      const top = stack[stack.length - 1];
      if (top) top.text += source.slice(pos + 9, end);
      advance(end + 3);
    } else if (source.startsWith('<?', pos)) {
      const end = source.indexOf('?>', pos);
      if (end === -1) throw new IngestError('instrucción <? sin cerrar', line);
      advance(end + 2);
    } else if (source.startsWith('<!', pos)) {
      const end = source.indexOf('>', pos);
      if (end === -1) throw new IngestError('declaración <! sin cerrar', line);
      advance(end + 1);
    } else if (source.startsWith('</', pos)) {
      const end = source.indexOf('>', pos);
      if (end === -1) throw new IngestError('etiqueta de cierre sin terminar', line);
      const name = source.slice(pos + 2, end).trim();
      const top = stack.pop();
      if (!top) throw new IngestError(`</${name}> sin etiqueta de apertura`, line);
      if (top.name !== name) throw new IngestError(`se esperaba </${top.name}> (abierta en la línea ${top.line}) y se encontró </${name}>`, line);
      advance(end + 1);
    } else {
      const start = line;
      OPEN_TAG.lastIndex = pos;
      const match = OPEN_TAG.exec(source);
      if (!match) throw new IngestError('etiqueta mal formada', line);
      const [whole, name, attrText, selfClosing] = match as unknown as [string, string, string, string];
      const attrs: Record<string, string> = {};
      for (const m of attrText.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[m[1] as string] = decode(m[2] ?? m[3] ?? '', start);
      const el: XmlElement = { name, attrs, children: [], text: '', line: start };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) throw new IngestError('hay más de un elemento raíz', start);
      else root = el;
      if (!selfClosing) stack.push(el);
      advance(pos + whole.length);
    }
  }
  if (stack.length > 0) throw new IngestError(`falta cerrar <${stack[stack.length - 1]?.name}> (abierta en la línea ${stack[stack.length - 1]?.line})`, line);
  if (!root) throw new IngestError('el archivo no contiene XML', 1);
  return root;
}
