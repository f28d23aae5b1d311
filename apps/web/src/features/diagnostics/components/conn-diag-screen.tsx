import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { diagServersQueryOptions, useUserIp } from '../api/diagnostics-api';
import { useSpeedTest } from '../hooks/use-speed-test';
import { GOOD_MBPS, groupServers, isGood, type ServerResult } from '../lib/speed-test';
import { SpeedChart } from './speed-chart';
import './diagnostics.css';

function Verdict({ result, measuring }: { result: ServerResult; measuring: boolean }) {
  const { t } = useTranslation('diagnostics');
  if (measuring) return <span className="verdict verdict--measuring">{t('conndiag.measuring')}</span>;
  if (result.mbps === null) return <span className="verdict">{t('conndiag.pending')}</span>;
  if (result.mbps === 0) return <span className="verdict verdict--failed">{t('conndiag.failed')}</span>;
  return isGood(result.mbps) ? (
    <span className="verdict verdict--good">{t('conndiag.good')}</span>
  ) : (
    <span className="verdict verdict--slow">{t('conndiag.slow')}</span>
  );
}

function ServerTable({ results, current }: { results: ServerResult[]; current: number | null }) {
  const { t } = useTranslation('diagnostics');
  const indexed = results.map((result, index) => ({ ...result, index }));
  return (
    <table className="diag-table">
      <thead>
        <tr>
          <th scope="col">{t('conndiag.server')}</th>
          <th scope="col">{t('conndiag.speed')}</th>
          <th scope="col">{t('conndiag.verdict')}</th>
        </tr>
      </thead>
      {groupServers(indexed).map((group) => (
        <tbody key={group.name}>
          <tr className="diag-table__group">
            <th scope="rowgroup" colSpan={3}>
              {t('conndiag.group')}: {group.name}
            </th>
          </tr>
          {group.items.map((item) => (
            <tr key={item.index} data-testid="diag-server">
              <th scope="row" className="diag-table__server">
                {item.server.baseUrl}
              </th>
              <td>{item.mbps === null ? '—' : t('conndiag.mbps', { value: item.mbps.toFixed(1) })}</td>
              <td>
                <Verdict result={item} measuring={current === item.index} />
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

/** /conndiag/: the user's IP, the servers of diag.json and a speed test of each (viewing spec 2, 7, 8, 9). */
export function ConnDiagScreen() {
  const { t } = useTranslation('diagnostics');
  const servers = useQuery(diagServersQueryOptions());
  const ip = useUserIp();
  const test = useSpeedTest(servers.data?.groups);
  const measured = test.state === 'results' || test.state === 'terminated';
  return (
    <div className="diagnostics" data-state={test.state}>
      <h1 className="diagnostics__title">{t('conndiag.title')}</h1>
      <p className="diagnostics__intro">{t('conndiag.intro', { good: GOOD_MBPS })}</p>
      <p className="diagnostics__ip">
        {t('conndiag.ip')}:{' '}
        <strong data-testid="user-ip">{ip.data ?? (ip.isError ? t('conndiag.ipUnknown') : '…')}</strong>
      </p>
      <p className="diagnostics__state" role="status" data-testid="diag-state">
        {t(`conndiag.states.${test.state}`)}
      </p>
      {servers.isPending ? <Spinner size="small" /> : null}
      {servers.isError ? <Alert>{t('conndiag.loadFailed')}</Alert> : null}
      {test.results.length > 0 ? <ServerTable results={test.results} current={test.current} /> : null}
      {measured ? <SpeedChart results={test.results} /> : null}
      <div className="diagnostics__actions">
        {test.state === 'testing' ? (
          <Button variant="secondary" onClick={test.stop}>
            {t('conndiag.stop')}
          </Button>
        ) : (
          <Button onClick={() => void test.start()} disabled={!servers.data}>
            {measured ? t('conndiag.again') : t('conndiag.start')}
          </Button>
        )}
      </div>
    </div>
  );
}
