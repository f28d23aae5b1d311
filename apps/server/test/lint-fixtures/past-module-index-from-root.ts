// lint-as: apps/server/src/fixture.ts
// expect: pantalla/module-boundaries
import { CatalogueRepository } from './modules/catalogue/catalogue.repository';

export const repository = CatalogueRepository;
