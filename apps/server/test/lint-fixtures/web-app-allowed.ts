// lint-as: apps/web/src/app/fixture.tsx
// expect: nothing
import { genresRoutes } from '../features/genres';
import { paths } from '../config/paths';
import { MainLayout } from './layouts/main-layout';

export const parts = [genresRoutes.genre, paths, MainLayout];
export const loadOwn = () => import('./routes/landing');
