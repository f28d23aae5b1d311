import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ConfirmationReminder } from '../../features/account';
import { PastDueSlot } from '../../features/billing';
import { ReminderNotice } from '../../features/recordings';
import { AppHeader } from './app-header';
import { usePlayerPreload } from './use-player-preload';

/** Header plus the screen; used as a layout route and around the home. */
export function MainLayout({ children }: { children?: ReactNode }) {
  usePlayerPreload();
  return (
    <div className="main-layout">
      <AppHeader />
      <ConfirmationReminder />
      <PastDueSlot />
      <main id="main" className="main-layout__content">
        {children ?? <Outlet />}
      </main>
      <ReminderNotice />
    </div>
  );
}
