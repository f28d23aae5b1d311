// @ts-check
/**
 * The web app's shape (README, "Web app") as one lint rule. Like the server's rules it
 * classifies the importing file by its place under apps/web/src and the imported one by where
 * the specifier resolves, so it holds at any folder depth, through `../guide/../player`
 * detours and for dynamic `import()` too.
 */
import path from 'node:path';

const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
/** Shared layers below the features: they import no feature and not the app layer. */
const SHARED = new Set(['ui', 'lib', 'config', 'types', 'styles', 'locales']);

/** Where a path lies under apps/web/src, or null outside it. */
function place(file) {
  const at = file.indexOf(WEB_SRC);
  if (at === -1) return null;
  const parts = file.slice(at + WEB_SRC.length).split(path.sep);
  const area = parts.length === 1 ? 'root' : parts[0];
  const feature = area === 'features' && parts.length >= 2 ? parts[1] : null;
  return { area, feature, inFeature: feature ? parts.slice(2).join('/') : null };
}

/** A feature's public surface: its folder or its index file. */
const viaIndex = (inFeature) => ['', 'index', 'index.ts', 'index.tsx'].includes(inFeature);

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A feature reaches another only through its index, and so does the app layer; features never import the app layer; shared layers import neither.',
    },
    messages: {
      pastIndex:
        "'{{spec}}' reaches past the {{feature}} feature's index: import what it exports from its index instead.",
      appPastIndex:
        "'{{spec}}' reaches past the {{feature}} feature's index: the app layer uses what a feature's index exports (its lazy routes too).",
      app: "Features do not import the app layer ('{{spec}}'): the app composes features, not the other way round.",
      shared: "{{area}}/ is shared by every feature: it must not import '{{spec}}' (features or the app layer).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = place(file);
    if (!from) return {};
    const check = (node, spec) => {
      if (!spec.startsWith('.')) return;
      const to = place(path.resolve(path.dirname(file), spec));
      if (!to) return;
      if (SHARED.has(from.area) && (to.area === 'features' || to.area === 'app')) {
        return context.report({ node, messageId: 'shared', data: { spec, area: from.area } });
      }
      if ((from.area === 'app' || from.area === 'root') && to.feature && !viaIndex(to.inFeature ?? '')) {
        return context.report({ node, messageId: 'appPastIndex', data: { spec, feature: to.feature } });
      }
      if (!from.feature) return;
      if (to.area === 'app') return context.report({ node, messageId: 'app', data: { spec } });
      if (to.feature && to.feature !== from.feature && !viaIndex(to.inFeature ?? '')) {
        context.report({ node, messageId: 'pastIndex', data: { spec, feature: to.feature } });
      }
    };
    const visit = (node) => {
      const source = node.source;
      if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
    };
  },
};

/** The plugin: `pantalla-web/<rule>`. */
export default {
  meta: { name: 'pantalla-web-architecture' },
  rules: { 'feature-boundaries': featureBoundaries },
};
