// lint-as: apps/server/src/modules/playback/fixture.service.ts
// expect: pantalla/routes-own-http
import type { FastifyRequest } from 'fastify';

export const userOf = (request: FastifyRequest) => request.headers.authorization;
