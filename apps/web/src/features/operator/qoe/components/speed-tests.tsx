import { useTranslation } from 'react-i18next';
import { useSpeedTests } from '../api/get-speed-tests';
import { qoeFormats } from './format';
import { screenLabel } from './views-list';

/** The subscriber's own bandwidth measurements (/conndiag/), so a complaint can be matched to them. */
export function SpeedTestsSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('operator-qoe');
  const f = qoeFormats(i18n.language);
  const runs = useSpeedTests(userId);
  const mbps = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <section className="subscriber__card subscriber__card--wide operator-qoe" aria-labelledby="subscriber-speed-tests">
      <h2 id="subscriber-speed-tests">{t('speedTests.title')}</h2>
      {runs.isPending ? <p role="status">{t('loading')}</p> : null}
      {runs.isError ? <p className="operator-error">{t('error')}</p> : null}
      {runs.data && runs.data.items.length === 0 ? <p>{t('speedTests.none')}</p> : null}
      {runs.data && runs.data.items.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table">
            <caption className="visually-hidden">{t('speedTests.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('speedTests.at')}</th>
                <th scope="col">{t('speedTests.results')}</th>
                <th scope="col">{t('views.device')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((run) => (
                <tr key={run.at}>
                  <th scope="row">{f.dateTime(run.at)}</th>
                  <td>
                    {run.results
                      .map((r) =>
                        r.mbps > 0
                          ? t('speedTests.result', { server: r.server, mbps: mbps.format(r.mbps) })
                          : t('speedTests.failed', { server: r.server }),
                      )
                      .join(' · ')}
                  </td>
                  <td>
                    {run.browser} · {run.os} · {screenLabel(run.screen, t)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
