import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type onRequestAsyncHookHandler } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { declareScope, RouteTable } from './platform/access';
import { registerBodyLimits } from './platform/body';
import type { Platform, ServerModule } from './platform/module';
import { registerErrorHandler } from './platform/error-handler';
import { headerTimeoutOptions, registerBodyTimeout } from './platform/request-timeouts';
import { registerSecurityHeaders } from './platform/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access and body limit (the security suite walks it). */
    routeTable: RouteTable;
  }
}

export interface BuildOptions {
  /** Serve the built web app from config.webDist (off in API tests). */
  serveWeb?: boolean;
  /**
   * The operators' guard (identity's requireAdmin). In production /api/docs is served only
   * behind it, and not at all without it: the document maps every route for an attacker.
   */
  requireOperator?: onRequestAsyncHookHandler;
}

/** Builds the whole server: API under /api/v1, module root routes, OpenAPI and the web app. */
export async function buildApp(
  platform: Platform,
  modules: readonly ServerModule[],
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const { config } = platform;
  const app = Fastify({
    loggerInstance: platform.log,
    // Only the listed proxies' X-Forwarded-For is believed (platform/config.ts, parseTrustProxy).
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow headers are cut by Node itself, slow bodies by registerBodyTimeout.
    http: headerTimeoutOptions(config.timeouts.headersMs),
    // Unique-enough request ids for log correlation across processes.
    genReqId: () => Math.random().toString(36).slice(2, 10),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable = new RouteTable();
  routeTable.install(app);
  app.decorate('routeTable', routeTable);
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  registerBodyTimeout(app, config.timeouts.bodyMs);
  registerBodyLimits(app);
  await app.register(cookie, { secret: config.authSecret });
  await app.register(swagger, {
    openapi: { info: { title: 'Pantalla API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      for (const m of modules) if (m.routes) await m.routes(api);
    },
    { prefix: '/api/v1' },
  );
  for (const m of modules) if (m.rootRoutes) await m.rootRoutes(app);

  if (config.env !== 'production')
    app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
  else if (options.requireOperator)
    app.get('/api/docs', { schema: { hide: true }, onRequest: options.requireOperator }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true }, config: { access: 'public' } }, async () => ({ ok: true }));

  const serveWeb = options.serveWeb !== false && existsSync(path.join(config.webDist, 'index.html'));
  if (serveWeb) await serveWebApp(app, config.webDist, config.env === 'production');
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // The payment sandbox's paths too: where it is not served they are a plain 404, never the app.
    const isApi =
      url.startsWith('/api/') ||
      url.startsWith('/media/') ||
      url.startsWith('/dev/') ||
      url.startsWith('/v1/') ||
      url.startsWith('/payments-sandbox/');
    // A missing script or image is a 404, not the app's page under a script's name.
    const isFile = /\.(m?js|css|map|json|webmanifest|svg|png|jpe?g|webp|ico|woff2?|txt)$/i.test(
      url.split('?')[0] ?? '',
    );
    if (serveWeb && request.method === 'GET' && !isApi && !isFile) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ statusCode: 404, code: 'not_found', message: `No existe ${request.method} ${url.split('?')[0]}` });
  });
  return app;
}

/**
 * The built web app; in production never a source map, even one left in the folder. Text
 * files go out as the brotli or gzip twin the build wrote beside them, when the browser takes it.
 */
async function serveWebApp(app: FastifyInstance, webDist: string, production: boolean): Promise<void> {
  const allowedPath = (pathName: string) => !production || !pathName.endsWith('.map');
  // reply.sendFile for the app's routes (index.html); the files themselves are served below.
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    preCompressed: true,
    allowedPath,
    setHeaders: cacheHeaders,
  });
  await app.register(async (scope) => {
    declareScope(scope, 'public');
    await scope.register(fastifyStatic, {
      root: webDist,
      decorateReply: false,
      preCompressed: true,
      // Looked up per request, so a rebuilt app's new hashed files are served without a restart.
      wildcard: true,
      allowedPath,
      setHeaders: cacheHeaders,
    });
  });
}

/** Vite's hashed assets never change; index.html must always be revalidated. */
function cacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header(
    'cache-control',
    filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}
