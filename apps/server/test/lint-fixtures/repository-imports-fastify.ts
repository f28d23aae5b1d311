// lint-as: apps/server/src/modules/identity/fixture.repository.ts
// expect: pantalla/routes-own-http
import type { FastifyReply } from '@fastify/static';

export type Reply = FastifyReply;
