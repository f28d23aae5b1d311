import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QoeRange } from '@pantalla/contracts';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { AlertsPanel } from './alerts-panel';
import { BreakdownPanel } from './breakdown-panel';
import { OverviewPanel } from './overview-panel';
import { RangePicker } from './range-picker';
import '../qoe.css';

/** Quality of experience: the range's figures and charts, breakdowns, and the alerts with their thresholds. */
export function QoeScreen() {
  const { t } = useTranslation('operator-qoe');
  useDocumentTitle(t('title'));
  const [range, setRange] = useState<QoeRange>('24h');
  return (
    <section className="operator-qoe" aria-labelledby="operator-qoe-title">
      <h1 id="operator-qoe-title">{t('title')}</h1>
      <RangePicker range={range} onChange={setRange} />
      <AlertsPanel />
      <OverviewPanel range={range} />
      <BreakdownPanel range={range} />
    </section>
  );
}
