/** A tiny XML reader for tests of our own MPDs: elements, attributes, text; throws if malformed. */

/** A parsed element. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string): string =>
  s.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_, e: string) =>
    e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : (entities[e] ?? ''),
  );

/** Parses a document and returns its root element. */
export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: XmlElement[] = [{ name: '#document', attrs: {}, children: [], text: '' }];
  const token = /<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(body)) !== null) {
    consumed = token.lastIndex;
    const top = stack[stack.length - 1] as XmlElement;
    const [, close, open, attrText, selfClose, text] = match;
    if (close) {
      if (top.name !== close) throw new Error(`</${close}> closes <${top.name}>`);
      stack.pop();
    } else if (open) {
      const attrs: Record<string, string> = {};
      for (const [, k, v] of (attrText ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
        if (k === undefined || k in attrs) throw new Error(`duplicate attribute ${k}`);
        attrs[k] = decode(v ?? '');
      }
      const element: XmlElement = { name: open, attrs, children: [], text: '' };
      top.children.push(element);
      if (!selfClose) stack.push(element);
    } else if (text) {
      if (/[&](?!(amp|lt|gt|quot|apos|#\d+);)/.test(text)) throw new Error('bare & in text');
      top.text += decode(text);
    }
  }
  if (consumed !== body.length) throw new Error(`unparsable XML at ${consumed}`);
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  const [root, ...rest] = (stack[0] as XmlElement).children;
  if (!root || rest.length > 0) throw new Error('not exactly one root element');
  return root;
}

/** Every descendant element with that name, document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}

/** The one descendant with that name and optional attribute match; throws otherwise. */
export function findOne(element: XmlElement, name: string, where: Record<string, string> = {}): XmlElement {
  const found = findAll(element, name).filter((e) => Object.entries(where).every(([k, v]) => e.attrs[k] === v));
  if (found.length !== 1) throw new Error(`${found.length} <${name}> matching ${JSON.stringify(where)}`);
  return found[0] as XmlElement;
}
