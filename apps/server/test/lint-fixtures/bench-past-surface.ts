// lint-as: bench/catalogue/fixture.ts
// expect: pantalla/public-surface
import { GuideRepository } from '../../apps/server/src/modules/catalogue/guide.repository';

export const repository = GuideRepository;
