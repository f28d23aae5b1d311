import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParentalStatus } from '@pantalla/contracts';
import { logout, session, useAuthenticatedUser } from '../../account';
import { showError } from '../../../lib/error-modal-store';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { checkAccountPassword, checkCurrentPin, saveParentalPin } from '../api/parental-pin';
import { settingsFailure } from '../lib/error-message';
import {
  confirmSend,
  disableSend,
  IDLE,
  isWellFormedPin,
  nextPinFlow,
  PIN_LENGTH,
  type PinAction,
  type PinFlow,
  type PinSend,
} from '../lib/pin-flow';
import { StepForm } from './step-form';

const DONE_KEY = { define: 'pin.defined', change: 'pin.changed', disable: 'pin.disabled' } as const;

/** The session's user info keeps only whether a PIN exists (spec: success stores it there). */
function storeStatus(status: ParentalStatus): void {
  const info = session.getState().userInfo;
  if (info) session.authenticate({ ...info, hasPin: status.hasPin });
}

/** Runs a step's server call; failures become the spec's messages (51 also signs out). */
function usePinRunner(onDone: (text: string) => void) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const [flow, setFlow] = useState<PinFlow>(IDLE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [action, setAction] = useState<PinAction>('define');

  async function run(work: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const shown = settingsFailure(failure);
      if (shown.kind === 'signedOut') {
        showError({ title: tc('messages.internalError'), details: tc('messages.51') });
        await logout();
        return;
      }
      setError(shown.kind === 'server' ? shown.text : tc(shown.key));
    } finally {
      setBusy(false);
    }
  }
  const save = (send: PinSend) =>
    run(async () => {
      storeStatus(await saveParentalPin(send));
      setFlow(IDLE);
      onDone(t(DONE_KEY[action]));
    });
  const dispatch = (event: Parameters<typeof nextPinFlow>[1]) => {
    setError(null);
    if (event.type === 'start') setAction(event.action);
    setFlow((current) => nextPinFlow(current, event));
  };
  return { flow, error, busy, action, run, save, dispatch, setError };
}

/** Parental PIN: Activated / Deactivated, and define, change or disable through the spec's steps. */
export function PinSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { hasPin } = useAuthenticatedUser();
  const [done, setDone] = useState<string | null>(null);
  const pin = usePinRunner(setDone);
  const { flow } = pin;
  const pinRule = (value: string) => (isWellFormedPin(value) ? null : t('pin.digits', { length: PIN_LENGTH }));
  const start = (action: PinAction) => {
    setDone(null);
    pin.dispatch({ type: 'start', action });
  };
  const common = { busy: pin.busy, error: pin.error, onCancel: () => pin.dispatch({ type: 'cancel' }) };

  return (
    <section className="settings-card" aria-labelledby="settings-pin-title">
      <h2 id="settings-pin-title" className="settings-card__title">
        {t('pin.title')}
      </h2>
      <p className="settings-card__intro">{t('pin.intro')}</p>
      <p className="settings-status">
        {t('pin.status')}:{' '}
        <strong data-testid="pin-status" className={hasPin ? 'settings-status--on' : 'settings-status--off'}>
          {hasPin ? t('pin.activated') : t('pin.deactivated')}
        </strong>
      </p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {flow.step === 0 ? (
        <div className="settings-actions">
          {hasPin ? (
            <>
              <Button onClick={() => start('change')}>{t('pin.change')}</Button>
              <Button variant="secondary" onClick={() => start('disable')}>
                {t('pin.disable')}
              </Button>
            </>
          ) : (
            <Button onClick={() => start('define')}>{t('pin.define')}</Button>
          )}
        </div>
      ) : null}
      {flow.step === 1 ? (
        <StepForm
          key="step-1"
          {...common}
          title={t(flow.action === 'change' ? 'pin.change' : 'pin.disable')}
          intro={t('pin.currentPinIntro')}
          label={t('pin.currentPin')}
          kind="pin"
          submitLabel={t('pin.continue')}
          validate={pinRule}
          onSubmit={(value) =>
            void pin.run(async () => {
              await checkCurrentPin(value);
              if (flow.action === 'disable') await pin.save(disableSend(value));
              else pin.dispatch({ type: 'currentPinAccepted', pin: value });
            })
          }
        />
      ) : null}
      {flow.step === 4 && flow.phase === 'password' ? (
        <StepForm
          key="step-4-password"
          {...common}
          title={t(flow.action === 'define' ? 'pin.define' : 'pin.change')}
          intro={t('pin.passwordIntro')}
          label={t('pin.password')}
          kind="password"
          submitLabel={t('pin.continue')}
          validate={(value) => (value ? null : t('pin.required'))}
          onSubmit={(value) =>
            void pin.run(async () => {
              await checkAccountPassword(value);
              pin.dispatch({ type: 'passwordAccepted', password: value });
            })
          }
        />
      ) : null}
      {flow.step === 4 && flow.phase === 'pin' ? (
        <StepForm
          key="step-4-pin"
          {...common}
          title={t(flow.action === 'define' ? 'pin.define' : 'pin.change')}
          intro={t('pin.newPinIntro', { length: PIN_LENGTH })}
          label={t('pin.newPin', { length: PIN_LENGTH })}
          kind="pin"
          submitLabel={t('pin.continue')}
          validate={pinRule}
          onSubmit={(value) => pin.dispatch({ type: 'newPinEntered', pin: value })}
        />
      ) : null}
      {flow.step === 8 ? (
        <StepForm
          key="step-8"
          {...common}
          title={t(flow.action === 'define' ? 'pin.define' : 'pin.change')}
          intro={t('pin.confirmIntro')}
          label={t('pin.confirmPin')}
          kind="pin"
          submitLabel={t('pin.save')}
          validate={pinRule}
          onSubmit={(value) => {
            const send = confirmSend(flow, value);
            if (send) void pin.save(send);
            else pin.setError(tc('messages.pinMismatch'));
          }}
        />
      ) : null}
    </section>
  );
}
