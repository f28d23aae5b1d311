// @ts-check
/**
 * The server's architecture as lint rules (README, "Architecture"). Each rule classifies
 * the importing file by its place under apps/server/src and the imported one by where the
 * specifier resolves, so a rule holds at any folder depth and for `../../x` detours too.
 */
import path from 'node:path';

const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
/** Files at the root of src that compose the application (they may know modules and HTTP). */
const ROOT_HTTP_FILES = new Set(['app.ts', 'serve.ts', 'server.ts']);

/** Where a file lies under apps/server/src, or null outside it. */
function place(file) {
  const at = file.indexOf(SERVER_SRC);
  if (at === -1) return null;
  const parts = file.slice(at + SERVER_SRC.length).split(path.sep);
  const rel = parts.join('/');
  const area = parts.length === 1 ? 'root' : parts[0];
  const module = area === 'modules' && parts.length >= 2 ? parts[1] : null;
  return { rel, area, module, inModule: module ? parts.slice(2).join('/') : null, base: parts[parts.length - 1] ?? '' };
}

/** The place a relative specifier resolves to (extension-less specifiers are .ts files or folders with an index). */
function target(importer, specifier) {
  if (!specifier.startsWith('.')) return null;
  return place(path.resolve(path.dirname(importer), specifier));
}

/** Tests and the helpers only tests and benches import (test-support.ts, testing.ts). */
const isTest = (p) => /\.test\.ts$|^test-support\.ts$|^testing\.ts$/.test(p.base);

/** Calls check for every import, export-from and dynamic import of the file. */
function onImports(context, check) {
  const file = context.filename;
  const from = place(file);
  if (!from) return {};
  const visit = (node) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, from, source.value, file);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

/** A module is reached only through its index.ts: its folder or its index, never a file inside. */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server module only through its index.ts (its public surface).' },
    messages: {
      pastIndex:
        "'{{spec}}' reaches past the {{module}} module's index.ts: import what it exports from '{{module}}' instead.",
    },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, from, spec, file) => {
      const to = target(file, spec);
      if (!to || !to.module || to.module === from.module) return;
      const viaIndex = to.inModule === '' || to.inModule === 'index' || to.inModule === 'index.ts';
      if (!viaIndex) context.report({ node, messageId: 'pastIndex', data: { spec, module: to.module } });
    });
  },
};

/** platform/ is the plumbing every module stands on: it imports no module, no composition, no demo. */
const platformIndependence = {
  meta: {
    type: 'problem',
    docs: { description: 'Nothing under platform/ imports a module, the composition root or the demo.' },
    messages: {
      upward:
        "platform/ must not import '{{spec}}': the platform knows no module (pass what it needs in from the composition root).",
    },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, from, spec, file) => {
      if (from.area !== 'platform') return;
      const to = target(file, spec);
      if (to && to.area !== 'platform') context.report({ node, messageId: 'upward', data: { spec } });
    });
  },
};

/** The demo's accounts and data live in src/demo and each module's seed/: running code never imports them. */
const demoIsolation = {
  meta: {
    type: 'problem',
    docs: {
      description: "Modules import neither src/demo nor a seed/ folder (only a module's index.ts wires its demo seed).",
    },
    messages: {
      demo: "A module must not import '{{spec}}': demo knowledge lives in the demo seed.",
      seed: "'{{spec}}' is demo seed code: only the module's index.ts and its seed/ files may import it.",
    },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, from, spec, file) => {
      if (from.area !== 'modules' || isTest(from)) return;
      const to = target(file, spec);
      if (!to) return;
      if (to.area === 'demo' || to.area === 'commands')
        return context.report({ node, messageId: 'demo', data: { spec } });
      const intoSeed = to.module !== null && (to.inModule ?? '').startsWith('seed/');
      const fromSeedOrIndex = (from.inModule ?? '').startsWith('seed/') || from.inModule === 'index.ts';
      if (intoSeed && !(fromSeedOrIndex && to.module === from.module))
        context.report({ node, messageId: 'seed', data: { spec } });
    });
  },
};

/** Files that may hold SQL: repositories, table types, migrations, the platform's database code. */
const mayHoldSql = (from) =>
  from.base.endsWith('.repository.ts') ||
  from.base === 'tables.ts' ||
  from.rel.includes('/migrations/') ||
  ['platform/database.ts', 'platform/dialect.ts', 'platform/migrate.ts'].includes(from.rel);

/**
 * Kysely is the repositories' tool: services ask repositories, routes ask services. Reaching
 * the query builder through the platform's Db (`db.kysely()`) needs no import, so calls count too.
 */
const repositoriesOwnSql = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Only repositories (and tables, migrations, the platform database code) import Kysely or call Db.kysely().',
    },
    messages: {
      sql: "Only repositories import '{{spec}}': move the SQL into a *.repository.ts of this module.",
      builder:
        'Only repositories open the query builder (`.kysely()`): move the SQL into a *.repository.ts of this module.',
    },
    schema: [],
  },
  create(context) {
    const from = place(context.filename);
    if (!from || isTest(from) || mayHoldSql(from)) return {};
    const imports = onImports(context, (node, _from, spec) => {
      if (spec === 'kysely' || spec.startsWith('kysely/')) context.report({ node, messageId: 'sql', data: { spec } });
    });
    return {
      ...imports,
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
            ? callee.property.name
            : null;
        if (name === 'kysely') context.report({ node, messageId: 'builder' });
      },
    };
  },
};

const DRIVER_PACKAGE = /^(pg|pg-[\w-]+|better-sqlite3|@electric-sql\/pglite|kysely-pglite)(\/|$)/;

/** The database drivers are the platform's: modules get a Db, never a driver of their own. */
const platformOwnsDrivers = {
  meta: {
    type: 'problem',
    docs: { description: 'Only platform/ imports the database drivers (pg, better-sqlite3, PGlite).' },
    messages: { driver: "Only platform/ imports the database driver '{{spec}}': take the platform's Db instead." },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, from, spec) => {
      if (DRIVER_PACKAGE.test(spec) && from.area !== 'platform' && !isTest(from))
        context.report({ node, messageId: 'driver', data: { spec } });
    });
  },
};

const HTTP_PACKAGE = /^(fastify|fastify-[\w-]+|@fastify\/[\w-]+|light-my-request)(\/|$)/;

/** HTTP is the routes' concern: services and repositories never see a request or a reply. */
const routesOwnHttp = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Only routes (*.routes.ts, *.http.ts), the platform plumbing and app/serve/server import Fastify.',
    },
    messages: { http: "Only routes know HTTP: '{{spec}}' belongs in a *.routes.ts or *.http.ts file." },
    schema: [],
  },
  create(context) {
    return onImports(context, (node, from, spec) => {
      if (!HTTP_PACKAGE.test(spec) || isTest(from)) return;
      const allowed =
        from.base.endsWith('.routes.ts') ||
        from.base.endsWith('.http.ts') ||
        from.area === 'platform' ||
        (from.area === 'root' && ROOT_HTTP_FILES.has(from.base));
      if (!allowed) context.report({ node, messageId: 'http', data: { spec } });
    });
  },
};

/**
 * Code outside the server (benches and the server's own test folder) reaches a module
 * through its index.ts or its testing.ts, the small surface it gives tests and benches.
 */
const publicSurface = {
  meta: {
    type: 'problem',
    docs: { description: 'Outside apps/server/src, import a server module only through its index.ts or testing.ts.' },
    messages: {
      pastSurface:
        "'{{spec}}' reaches past the {{module}} module's index.ts and testing.ts: export what is needed from its testing.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (place(file)) return {};
    const visit = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const to = place(path.resolve(path.dirname(file), source.value));
      if (!to || !to.module) return;
      if (!['', 'index', 'index.ts', 'testing', 'testing.ts'].includes(to.inModule ?? '')) {
        context.report({ node, messageId: 'pastSurface', data: { spec: source.value, module: to.module } });
      }
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
    };
  },
};

/** The plugin: `pantalla/<rule>`. */
export default {
  meta: { name: 'pantalla-server-architecture' },
  rules: {
    'module-boundaries': moduleBoundaries,
    'platform-independence': platformIndependence,
    'demo-isolation': demoIsolation,
    'repositories-own-sql': repositoriesOwnSql,
    'routes-own-http': routesOwnHttp,
    'platform-owns-drivers': platformOwnsDrivers,
    'public-surface': publicSurface,
  },
};
