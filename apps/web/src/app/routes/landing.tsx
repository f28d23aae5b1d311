import { useSession } from '../../features/account';
import { MainLayout } from '../layouts/main-layout';
import { HomeScreen } from './home';
import { LoginScreen } from './login';

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
  return <LoginScreen />;
}
