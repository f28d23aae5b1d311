import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentProfile } from '../../../lib/current-profile';
import { selectProfile, useProfileDetails } from '../api/profiles';
import { WhoIsWatching } from './who-is-watching';
import './profiles.css';

/**
 * Loaded by the layout only when needed (issue 30): "¿Quién está viendo?" after a sign-in
 * with several profiles and no profile remembered on this device, or when the header asks for
 * it; a remembered profile whose token the server refused (a new sign-in) is chosen again
 * without asking.
 */
export default function ProfileGate({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const remembered = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(email));
  const asked = useSyncExternalStore(currentProfile.subscribe, currentProfile.pickerOpen);
  const profiles = useProfileDetails();
  const [silentFailed, setSilentFailed] = useState(false);
  const tried = useRef<number | null>(null);

  const rememberedId = remembered?.id ?? null;
  const needsToken = remembered !== null && remembered.token === null;
  useEffect(() => {
    if (!needsToken || rememberedId === null || tried.current === rememberedId) return;
    tried.current = rememberedId;
    selectProfile(queryClient, email, rememberedId).catch(() => setSilentFailed(true));
  }, [needsToken, rememberedId, email, queryClient]);

  const several = (profiles.data?.resources.length ?? 0) > 1;
  const show = asked || (remembered === null && several) || (needsToken && silentFailed);
  if (!show) return null;
  const close = () => currentProfile.openPicker(false);
  return (
    <WhoIsWatching
      email={email}
      currentId={remembered?.token ? remembered.id : null}
      onCancel={remembered?.token ? close : undefined}
      onChosen={() => {
        setSilentFailed(false);
        close();
      }}
    />
  );
}
