/** A value of Stripe's form encoding: text, or nested objects and lists (`a[b][0][c]=v`). */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(name: string): string[] {
  const first = name.indexOf('[');
  if (first === -1) return [name];
  const head = name.slice(0, first);
  const rest = [...name.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

function place(target: FormObject, path: string[], value: string): void {
  let node: { [key: string]: FormValue } = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] ?? '';
    const existing = node[key];
    // Lists arrive as a[0][x]; their indexes are kept as object keys and turned into arrays after.
    if (existing === undefined || typeof existing === 'string' || Array.isArray(existing)) node[key] = {};
    node = node[key] as { [key: string]: FormValue };
  }
  const last = path[path.length - 1] ?? '';
  if (last === '') {
    const list = Object.keys(node).length;
    node[String(list)] = value;
  } else node[last] = value;
}

function listsFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, listsFromIndexes(value[k] as FormValue)] as const);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** Parses an application/x-www-form-urlencoded body the way Stripe's API reads it. */
export function parseStripeForm(body: string): FormObject {
  const out: FormObject = {};
  for (const [name, value] of new URLSearchParams(body)) place(out, keyPath(name), value);
  return listsFromIndexes(out) as FormObject;
}
