// lint-as: apps/server/src/modules/ingest/fixture.ts
// expect: pantalla/platform-owns-drivers
import pg from 'pg';

export const pool = new pg.Pool();
