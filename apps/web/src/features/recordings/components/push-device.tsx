import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deletePushSubscription, getPushKey, recordingKeys, savePushSubscription } from '../api';
import { currentSubscription, pushSupport, subscribeThisDevice } from '../lib/web-push';

type Outcome = 'on' | 'off' | 'denied' | 'dismissed' | 'failed';

/** "Avisarme también en este dispositivo": reminders as Web Push notifications on this browser (issue 29). */
export function PushDevice() {
  const { t } = useTranslation('my-recordings');
  const support = pushSupport();
  const key = useQuery({
    queryKey: [...recordingKeys.reminders(), 'push-key'],
    queryFn: ({ signal }) => getPushKey(signal),
    enabled: support === 'supported',
    staleTime: Infinity,
  });
  const current = useQuery({
    queryKey: [...recordingKeys.reminders(), 'push-device'],
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    enabled: support === 'supported',
  });
  const turnOn = useMutation({
    mutationFn: async (publicKey: string): Promise<Outcome> => {
      const outcome = await subscribeThisDevice(publicKey);
      if (outcome.kind !== 'subscribed') return outcome.kind;
      await savePushSubscription(outcome.body);
      return 'on';
    },
    onSettled: () => current.refetch(),
  });
  const turnOff = useMutation({
    mutationFn: async (): Promise<Outcome> => {
      const subscription = await currentSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint).catch(() => undefined);
        await subscription.unsubscribe();
      }
      return 'off';
    },
    onSettled: () => current.refetch(),
  });

  let note: string | null = null;
  if (support === 'insecure') note = t('push.insecure');
  else if (support === 'unsupported') note = t('push.unsupported');
  else if (key.data && key.data.publicKey === null) note = t('push.notOffered');
  else if (turnOn.data === 'denied' || (support === 'supported' && Notification.permission === 'denied'))
    note = t('push.denied');
  else if (turnOn.data === 'dismissed') note = t('push.dismissed');
  else if (turnOn.data === 'failed' || turnOn.isError) note = t('push.failed');
  const publicKey = key.data?.publicKey;
  const subscribed = Boolean(current.data);
  const busy = turnOn.isPending || turnOff.isPending;

  return (
    <div className="myrec-push" data-testid="push-device">
      {subscribed ? (
        <>
          <p className="myrec-meta" role="status">
            {t('push.on')}
          </p>
          <button type="button" className="btn" disabled={busy} onClick={() => turnOff.mutate()}>
            {t('push.turnOff')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || !publicKey || support !== 'supported'}
          onClick={() => publicKey && turnOn.mutate(publicKey)}
        >
          {t('push.turnOn')}
        </button>
      )}
      {note && !subscribed ? (
        <p className="myrec-meta" role="alert">
          {note}
        </p>
      ) : null}
    </div>
  );
}
