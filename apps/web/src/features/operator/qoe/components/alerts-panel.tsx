import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QoeAlert, QoeThresholds } from '@pantalla/contracts';
import { Link } from 'react-router';
import { sectionHref } from '../../sections';
import { useCanEdit } from '../../use-operator';
import { useQoeAlerts } from '../api/get-alerts';
import { useSaveThresholds } from '../api/put-thresholds';
import { qoeFormats } from './format';

/** The latest alerts (open ones first) and the thresholds that raise them. */
export function AlertsPanel() {
  const { t } = useTranslation('operator-qoe');
  const alerts = useQoeAlerts();
  const items = [...(alerts.data?.items ?? [])].sort(
    (a, b) => Number(a.clearedAt !== null) - Number(b.clearedAt !== null),
  );
  return (
    <section aria-labelledby="qoe-alerts-title" className="operator-qoe__alerts">
      <h2 id="qoe-alerts-title">{t('alerts.title')}</h2>
      {alerts.isError && <p className="operator-error">{t('error')}</p>}
      {alerts.data && items.length === 0 && <p>{t('alerts.none')}</p>}
      <AlertList items={items} />
      {/* Mounted once with the first answer: a refetch after saving keeps the form (and its "saved" line). */}
      {alerts.data && <ThresholdsForm current={alerts.data.thresholds} />}
    </section>
  );
}

/** Alerts as a list: open ones marked, each naming its channel or title with a link to its page. */
export function AlertList({ items }: { items: readonly QoeAlert[] }) {
  const { t, i18n } = useTranslation('operator-qoe');
  const f = qoeFormats(i18n.language);
  const value = (alert: QoeAlert) =>
    alert.kind === 'failure'
      ? `${f.pct(alert.value)} ≥ ${f.pct(alert.threshold)}`
      : `${f.ms(alert.value)} ≥ ${f.ms(alert.threshold)}`;
  if (items.length === 0) return null;
  return (
    <ul className="operator-qoe__alert-list">
      {items.map((alert) => (
        <li key={alert.id} className={alert.clearedAt === null ? 'operator-qoe__alert--open' : undefined}>
          <strong>{alert.clearedAt === null ? t('alerts.open') : t('alerts.cleared')}</strong>{' '}
          {t(`alerts.kind.${alert.kind}`)} ·{' '}
          <Link to={sectionHref('qoe', alert.itemType, alert.itemId)}>
            {alert.name ?? t(`items.${alert.itemType}`, { id: String(alert.itemId) })}
          </Link>{' '}
          · {value(alert)} · {t('alerts.views', { count: alert.views })} ·{' '}
          {t('alerts.since', { at: f.dateTime(alert.raisedAt) })}
          {alert.clearedAt !== null && ` · ${t('alerts.until', { at: f.dateTime(alert.clearedAt) })}`}
        </li>
      ))}
    </ul>
  );
}

function ThresholdsForm({ current }: { current: QoeThresholds }) {
  const { t } = useTranslation('operator-qoe');
  const canEdit = useCanEdit('qoe');
  const save = useSaveThresholds();
  const [failurePct, setFailurePct] = useState(String(current.failurePct));
  const [startupSeconds, setStartupSeconds] = useState(String(current.startupP95Ms / 1000));
  const [minViews, setMinViews] = useState(String(current.minViews));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      failurePct: Number(failurePct),
      startupP95Ms: Math.round(Number(startupSeconds) * 1000),
      minViews: Math.round(Number(minViews)),
    });
  };
  return (
    <form className="operator-qoe__thresholds" onSubmit={submit}>
      <fieldset disabled={!canEdit || save.isPending}>
        <legend>{t('thresholds.title')}</legend>
        <label>
          {t('thresholds.failurePct')}
          <input
            type="number"
            min={0}
            max={100}
            step={0.5}
            required
            value={failurePct}
            onChange={(e) => setFailurePct(e.target.value)}
          />
        </label>
        <label>
          {t('thresholds.startupSeconds')}
          <input
            type="number"
            min={0.1}
            max={120}
            step={0.1}
            required
            value={startupSeconds}
            onChange={(e) => setStartupSeconds(e.target.value)}
          />
        </label>
        <label>
          {t('thresholds.minViews')}
          <input
            type="number"
            min={1}
            max={100000}
            step={1}
            required
            value={minViews}
            onChange={(e) => setMinViews(e.target.value)}
          />
        </label>
        {canEdit && <button type="submit">{t('thresholds.save')}</button>}
      </fieldset>
      <p role="status" aria-live="polite">
        {save.isSuccess ? t('thresholds.saved') : ''}
        {save.isError && <span className="operator-error">{t('thresholds.failed')}</span>}
      </p>
    </form>
  );
}
