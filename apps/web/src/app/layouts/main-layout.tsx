import { Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ConfirmationReminder, useAuthenticatedUser } from '../../features/account';
import { profilesLazy } from '../../features/profiles';
import { currentProfile } from '../../lib/current-profile';
import { loadTables } from '../../lib/i18n';
import { ProfileScope } from '../../lib/profile-scope';
import { PastDueSlot } from '../../features/billing';
import { ReminderNotice } from '../../features/recordings';
import { AppHeader } from './app-header';
import { usePlayerPreload } from './use-player-preload';

// "¿Quién está viendo?" is its own chunk, fetched only when it has something to do (issue 30).
const ProfileGate = lazy(() => Promise.all([profilesLazy.gate(), loadTables(['profiles'])]).then(([module]) => module));

/** Mounts the profile gate after a sign-in with several profiles, when the header asks, or to renew a profile's token. */
function ProfileGateSlot() {
  const user = useAuthenticatedUser();
  const remembered = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(user.email));
  const asked = useSyncExternalStore(currentProfile.subscribe, currentProfile.pickerOpen);
  const needed = asked || (remembered ? remembered.token === null : user.profiles.length > 1);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ProfileGate email={user.email} />
    </Suspense>
  );
}

/** Header plus the screen; used as a layout route and around the home. */
export function MainLayout({ children }: { children?: ReactNode }) {
  usePlayerPreload();
  const user = useAuthenticatedUser();
  return (
    <div className="main-layout">
      {/* A switch of profile builds what follows anew; "¿Quién está viendo?" stays through it. */}
      <ProfileScope email={user.email}>
        <AppHeader />
        <ConfirmationReminder />
        <PastDueSlot />
        <main id="main" className="main-layout__content">
          {children ?? <Outlet />}
        </main>
        <ReminderNotice />
      </ProfileScope>
      <ProfileGateSlot />
    </div>
  );
}
