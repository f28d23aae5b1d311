// lint-as: apps/server/src/modules/qoe/fixture.repository.ts
// expect: pantalla/platform-owns-drivers
import Database from 'better-sqlite3';

export const open = (file: string) => new Database(file);
