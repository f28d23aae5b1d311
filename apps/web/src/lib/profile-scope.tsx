import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { currentProfile } from './current-profile';

/**
 * The screens under it are built anew when the device switches profile (issue 30): no component
 * keeps state (or a query's last answer) from the previous profile for a frame.
 */
export function ProfileScope({ email, children }: { email: string; children: ReactNode }) {
  const id = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(email)?.id ?? 0);
  return <Fragment key={id}>{children}</Fragment>;
}
