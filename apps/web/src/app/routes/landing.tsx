import { lazy, Suspense } from 'react';
import { useSession } from '../../features/account';
import { MainLayout } from '../layouts/main-layout';
import { HomeScreen } from './home';

// Its own chunk: the signed-in home (the most opened screen, budgeted in bench/web-budget) never needs the form.
const LoginScreen = lazy(() => import('./login').then((m) => ({ default: m.LoginScreen })));

/** '/': the login screen without a session, the home with one. */
export function Component() {
  const { status } = useSession();
  if (status === 'authenticated') {
    return (
      <MainLayout>
        <HomeScreen />
      </MainLayout>
    );
  }
  return (
    <Suspense fallback={null}>
      <LoginScreen />
    </Suspense>
  );
}
