import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileDetail } from '@pantalla/contracts';
import { ApiError } from '../../../lib/api-client';
import { profileRefused } from '../../../lib/current-profile';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { selectProfile, useProfileDetails } from '../api/profiles';
import { ProfileAvatar } from './avatar';

export interface WhoIsWatchingProps {
  email: string;
  /** The profile in use now, marked in the list; null right after sign-in. */
  currentId: number | null;
  /** Closes without choosing (only when a profile is already in use). */
  onCancel?: () => void;
  onChosen: (profile: ProfileDetail) => void;
}

/** Moves focus among the profiles with the arrow keys, Home and End (a remote or a keyboard). */
function onArrows(event: KeyboardEvent<HTMLUListElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.who-is-watching__profile')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  let next: number | undefined;
  if (step !== undefined) next = (Math.max(at, 0) + step + buttons.length) % buttons.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = buttons.length - 1;
  if (next === undefined) return;
  event.preventDefault();
  buttons[next]?.focus();
}

/** "¿Quién está viendo?": every profile of the account as a large button; the PIN when a kids profile leaves for an adult one. */
export function WhoIsWatching({ email, currentId, onCancel, onChosen }: WhoIsWatchingProps) {
  const { t } = useTranslation('profiles');
  const titleId = useId();
  const queryClient = useQueryClient();
  const profiles = useProfileDetails();
  const [busy, setBusy] = useState<number | null>(null);
  const [pinFor, setPinFor] = useState<ProfileDetail | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Focus lands on the profile in use (or the first) once the list is there.
  const loaded = profiles.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const list = listRef.current;
    const current = list?.querySelector<HTMLButtonElement>('[aria-current="true"]');
    (current ?? list?.querySelector<HTMLButtonElement>('button'))?.focus();
  }, [loaded]);

  async function choose(profile: ProfileDetail, typedPin?: string) {
    setBusy(profile.id);
    setError(null);
    try {
      const chosen = await selectProfile(queryClient, email, profile.id, typedPin);
      setPinFor(null);
      onChosen(chosen);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 403 && !profileRefused(failure)) {
        // From a kids profile into an adult one: the parental PIN.
        setPinFor(profile);
        setPin('');
        if (typedPin !== undefined) setError(failure.message);
      } else {
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <div
      className="who-is-watching"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        if (pinFor) setPinFor(null);
        else onCancel?.();
      }}
    >
      <h1 id={titleId} className="who-is-watching__title">
        {pinFor ? t('pinTitle') : t('whoIsWatching')}
      </h1>
      {profiles.isPending ? (
        <Spinner label={t('loading')} />
      ) : profiles.isError ? (
        <div className="who-is-watching__error">
          <Alert>{t('loadFailed')}</Alert>
          <Button onClick={() => void profiles.refetch()}>{t('retry')}</Button>
        </div>
      ) : pinFor ? (
        <form
          className="who-is-watching__pin"
          onSubmit={(event) => {
            event.preventDefault();
            void choose(pinFor, pin);
          }}
        >
          <p>{t('pinIntro', { name: pinFor.name })}</p>
          <TextField
            label={t('pinLabel')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            value={pin}
            maxLength={8}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
            error={error ?? undefined}
          />
          <div className="who-is-watching__actions">
            <Button type="submit" loading={busy !== null} disabled={pin.length === 0}>
              {t('pinSubmit')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setPinFor(null)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <ul ref={listRef} className="who-is-watching__list" onKeyDown={onArrows}>
            {profiles.data.resources.map((profile) => (
              <li key={profile.id}>
                <button
                  type="button"
                  className="who-is-watching__profile"
                  aria-current={profile.id === currentId ? 'true' : undefined}
                  aria-busy={busy === profile.id}
                  disabled={busy !== null}
                  onClick={() => void choose(profile)}
                >
                  <ProfileAvatar avatar={profile.avatar} size="large" />
                  <span className="who-is-watching__name">{profile.name}</span>
                  {profile.kind === 'kids' ? <span className="who-is-watching__kind">{t('kids')}</span> : null}
                  {profile.id === currentId ? <span className="visually-hidden">{t('current')}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          {error ? <Alert>{error}</Alert> : null}
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {t('cancel')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
