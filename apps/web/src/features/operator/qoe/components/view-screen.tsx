import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { QoeViewRecord } from '@pantalla/contracts';
import { ApiError } from '../../../../lib/api-client';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { sectionHref } from '../../sections';
import { useQoeView } from '../api/get-views';
import { qoeFormats } from './format';
import { outcomeOf, screenLabel } from './views-list';
import { ViewTimeline } from './view-timeline';
import '../qoe.css';

/** One view's page: what played, for whom, on what, and how it went (the player's summary). */
export function ViewScreen({ viewId }: { viewId: string }) {
  const { t } = useTranslation('operator-qoe');
  const view = useQoeView(viewId);
  useDocumentTitle(t('view.title'));
  return (
    <section className="operator-qoe" aria-labelledby="operator-qoe-view-title">
      <h1 id="operator-qoe-view-title">{t('view.title')}</h1>
      {view.isPending && <p role="status">{t('loading')}</p>}
      {view.isError && (
        <p role="alert">
          {view.error instanceof ApiError && view.error.status === 404 ? t('view.notFound') : t('error')}
        </p>
      )}
      {view.data && <ViewSummary view={view.data} />}
      {view.data && <ViewTimeline view={view.data} />}
    </section>
  );
}

function ViewSummary({ view }: { view: QoeViewRecord }) {
  const { t, i18n } = useTranslation('operator-qoe');
  const f = qoeFormats(i18n.language);
  const kbps = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const screen = screenLabel(view.screen, t);
  const rows: [string, ReactNode][] = [
    [
      t('view.item'),
      <Link key="item" to={sectionHref('qoe', view.itemType, view.itemId)}>
        {view.name ?? t(`items.${view.itemType}`, { id: String(view.itemId) })}
      </Link>,
    ],
    [
      t('view.subscriber'),
      // The demo's generated audience has no accounts (negative ids): nothing to open.
      view.userId > 0 ? (
        <Link key="user" to={sectionHref('subscribers', view.userId)}>
          {t('view.subscriberId', { id: String(view.userId) })}
        </Link>
      ) : (
        t('view.demoViewer')
      ),
    ],
    [t('views.started'), f.dateTime(view.startedAt)],
    [t('view.lastHeard'), f.dateTime(view.lastAt)],
    [t('views.outcome'), outcomeOf(view, t)],
    [view.zap ? t('view.zapTime') : t('views.startup'), f.ms(view.startupMs)],
    [t('views.rebuffers'), `${f.count(view.rebufferCount)} · ${f.ms(view.rebufferMs)}`],
    [t('views.watch'), f.ms(view.watchMs)],
    [t('view.playing'), f.ms(view.playingMs)],
    [t('view.bitrate'), `${kbps.format(view.avgBitrate / 1000)} kbit/s`],
    [t('view.switches'), f.count(view.renditionSwitches)],
    [t('view.dropped'), f.count(view.droppedFrames)],
    [t('views.device'), `${screen} · ${view.browser} · ${view.os}`],
    [t('view.player'), view.playerVersion],
    [t('breakdown.region'), view.region === '--' ? t('unknownRegion') : view.region],
  ];
  return (
    <dl className="operator-qoe__view">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
