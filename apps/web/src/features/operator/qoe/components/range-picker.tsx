import { useTranslation } from 'react-i18next';
import { QOE_RANGES, type QoeRange } from '@pantalla/contracts';

/** The range buttons: 1 h, 24 h, 7 d, 30 d (the pressed one is the range shown). */
export function RangePicker({ range, onChange }: { range: QoeRange; onChange: (range: QoeRange) => void }) {
  const { t } = useTranslation('operator-qoe');
  return (
    <div className="operator-qoe__ranges" role="group" aria-label={t('range.label')}>
      {QOE_RANGES.map((r) => (
        <button key={r} type="button" aria-pressed={range === r} onClick={() => onChange(r)}>
          {t(`range.${r}`)}
        </button>
      ))}
    </div>
  );
}
