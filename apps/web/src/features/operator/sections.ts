import type { OperatorRole } from '@pantalla/contracts';

/** The console's sections, in the navigation's order: who sees each and who may change things in it (the server decides; this only shapes the screens). */
export const SECTIONS = {
  now: { path: '', view: ['admin', 'support'], edit: ['admin', 'support'] },
  qoe: { path: 'calidad', view: ['admin', 'support'], edit: ['admin', 'support'] },
  channels: { path: 'canales', view: ['admin', 'support', 'content'], edit: ['admin', 'content'] },
  lineups: { path: 'listas', view: ['admin', 'support', 'content'], edit: ['admin', 'content'] },
  sources: { path: 'guias', view: ['admin', 'content'], edit: ['admin', 'content'] },
  products: { path: 'productos', view: ['admin', 'support'], edit: ['admin'] },
  subscribers: { path: 'suscriptores', view: ['admin', 'support'], edit: ['admin', 'support'] },
  audit: { path: 'registro', view: ['admin'], edit: [] },
  roles: { path: 'roles', view: ['admin'], edit: ['admin'] },
} as const satisfies Record<string, { path: string; view: readonly OperatorRole[]; edit: readonly OperatorRole[] }>;
export type SectionName = keyof typeof SECTIONS;

/** Where a section (and an item in it) lives, under /operador/. */
export function sectionHref(section: SectionName, ...rest: (string | number)[]): string {
  const path = SECTIONS[section].path;
  return (
    ['/operador', path, ...rest.map((part) => encodeURIComponent(String(part)))].filter(Boolean).join('/') +
    (rest.length === 0 && path === '' ? '/' : '')
  );
}

/** The section an address under /operador/ belongs to (the first segment after it; none: Now). */
export function sectionAt(pathname: string): SectionName | undefined {
  const segment = pathname.replace(/^\/operador\/?/, '').split('/')[0] ?? '';
  return (Object.keys(SECTIONS) as SectionName[]).find((section) => SECTIONS[section].path === segment);
}

export function canView(roles: readonly OperatorRole[], section: SectionName): boolean {
  return roles.some((role) => (SECTIONS[section].view as readonly OperatorRole[]).includes(role));
}

export function canEdit(roles: readonly OperatorRole[], section: SectionName): boolean {
  return roles.some((role) => (SECTIONS[section].edit as readonly OperatorRole[]).includes(role));
}
