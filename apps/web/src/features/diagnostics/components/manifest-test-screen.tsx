import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date';
import { ApiError } from '../../../lib/api-client';
import { session, useAuthenticatedUser } from '../../account';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { getManifestTestEvents, verifyParentalPin } from '../api/diagnostics-api';
import { runManifestTest, TEST_STATE, type ManifestTestResult, type TestState } from '../lib/manifest-test';
import './diagnostics.css';

function Results({ result }: { result: ManifestTestResult }) {
  const { t } = useTranslation('diagnostics');
  return (
    <>
      <dl className="manifest-test__counts">
        <div>
          <dt>{t('manifestTest.tested')}</dt>
          <dd data-testid="manifest-tested">{result.tested}</dd>
        </div>
        <div>
          <dt>{t('manifestTest.failed')}</dt>
          <dd data-testid="manifest-failed">{result.failed.length}</dd>
        </div>
      </dl>
      {result.failed.length === 0 ? (
        <p>{t('manifestTest.noneFailed')}</p>
      ) : (
        <section aria-labelledby="manifest-failed-title">
          <h2 id="manifest-failed-title" className="manifest-test__subtitle">
            {t('manifestTest.failedList')}
          </h2>
          <ul className="manifest-test__failed">
            {result.failed.map((event) => (
              <li key={event.id} data-testid="manifest-failed-item">
                <span className="manifest-test__id">{event.id}</span>{' '}
                <time dateTime={event.start}>{formatDateTime(event.start)}</time>{' '}
                <span className="manifest-test__name">{event.title}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** /_test1234/: 'Iniciar prueba' → 'TEST ONGOING' → 'TEST FINISHED' (states 0, 1, 2), administrators only. */
export function ManifestTestScreen() {
  const { t } = useTranslation('diagnostics');
  // ?hours=N tests only what ended in the last N hours; without it, the whole catch-up window.
  const hoursParam = Number.parseInt(useSearchParams()[0].get('hours') ?? '', 10);
  const hours = Number.isInteger(hoursParam) && hoursParam > 0 ? hoursParam : undefined;
  const events = useQuery({
    queryKey: ['diagnostics', 'manifest-test', hours],
    queryFn: ({ signal }) => getManifestTestEvents({ signal, hours }),
    retry: false,
  });
  const [state, setState] = useState<TestState>(TEST_STATE.idle);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [result, setResult] = useState<ManifestTestResult | null>(null);
  const running = useRef(false);
  const forbidden = events.error instanceof ApiError && events.error.status === 403;
  // The catch-up manifest route wants the PIN grant for adult programmes, the admin's too.
  const { hasPin } = useAuthenticatedUser();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);

  async function start() {
    if (running.current) return;
    setPinError(null);
    if (hasPin) {
      try {
        await verifyParentalPin(pin);
      } catch (error) {
        setPinError(error instanceof ApiError ? error.message : t('manifestTest.loadFailed'));
        return;
      }
    }
    running.current = true;
    setState(TEST_STATE.ongoing);
    setResult(null);
    const list = (await events.refetch()).data ?? [];
    setProgress({ done: 0, total: list.length });
    const outcome = await runManifestTest(list, {
      fetch: (input, init) => fetch(input, init),
      idToken: () => session.getState().userInfo?.idToken ?? null,
      onProgress: (done, total) => setProgress({ done, total }),
    });
    setResult(outcome);
    setState(TEST_STATE.finished);
    running.current = false;
  }

  return (
    <main id="main" className="manifest-test" data-state={state}>
      <div className="manifest-test__bar">
        <h1 className="diagnostics__title">{t('manifestTest.title')}</h1>
        <Link to={paths.landing.getHref()} className="btn btn--ghost">
          {t('manifestTest.close')}
        </Link>
      </div>
      <p className="diagnostics__intro">{t('manifestTest.intro')}</p>
      {events.isPending ? <Spinner size="small" /> : null}
      {forbidden ? <Alert>{t('manifestTest.adminsOnly')}</Alert> : null}
      {events.isError && !forbidden ? <Alert>{t('manifestTest.loadFailed')}</Alert> : null}
      {events.isSuccess ? (
        <>
          <p className="manifest-test__state" role="status" data-testid="manifest-state">
            {state === TEST_STATE.ongoing
              ? `${t('manifestTest.ongoing')} · ${t('manifestTest.progress', progress)}`
              : state === TEST_STATE.finished
                ? t('manifestTest.finished')
                : null}
          </p>
          {hasPin && state !== TEST_STATE.ongoing ? (
            <TextField
              className="manifest-test__pin"
              label={t('manifestTest.pin')}
              hint={t('manifestTest.pinHint')}
              error={pinError ?? undefined}
              type="password"
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              value={pin}
              onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
            />
          ) : null}
          {state !== TEST_STATE.ongoing ? (
            <Button onClick={() => void start()}>{t('manifestTest.start')}</Button>
          ) : null}
          {result ? <Results result={result} /> : null}
        </>
      ) : null}
    </main>
  );
}
