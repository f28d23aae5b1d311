import { useTranslation } from 'react-i18next';
import type { OperatorChannel } from '@pantalla/contracts';

type Fingerprint = OperatorChannel['fingerprint'];

/** The watermark's settings: shown or not, how often and how long, where, and its look. */
export function FingerprintFields({
  value,
  disabled,
  positions,
  onChange,
}: {
  value: Fingerprint;
  disabled: boolean;
  positions: readonly Fingerprint['position'][];
  onChange(next: Fingerprint): void;
}) {
  const { t } = useTranslation('operator-channels');
  const set = (next: Partial<Fingerprint>) => onChange({ ...value, ...next });
  const num = (v: string) => (v === '' ? 0 : Number(v));
  return (
    <fieldset disabled={disabled} className="channel-form__grid">
      <legend>{t('edit.fingerprint')}</legend>
      <label className="channel-form__check">
        <input type="checkbox" checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {t('edit.fingerprintEnabled')}
      </label>
      <label>
        {t('edit.frequency')}
        <input
          type="number"
          min={10}
          max={86400}
          value={value.frequencySeconds}
          onChange={(e) => set({ frequencySeconds: num(e.target.value) })}
        />
      </label>
      <label>
        {t('edit.duration')}
        <input
          type="number"
          min={1}
          max={3600}
          value={value.durationSeconds}
          onChange={(e) => set({ durationSeconds: num(e.target.value) })}
        />
      </label>
      <label>
        {t('edit.position')}
        <select value={value.position} onChange={(e) => set({ position: e.target.value as Fingerprint['position'] })}>
          {positions.map((p) => (
            <option key={p} value={p}>
              {t(`edit.positions.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('edit.fontSize')}
        <input
          type="number"
          min={8}
          max={96}
          value={value.fontSize}
          onChange={(e) => set({ fontSize: num(e.target.value) })}
        />
      </label>
      <label>
        {t('edit.color')}
        <input
          type="text"
          pattern="#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?"
          value={value.color}
          onChange={(e) => set({ color: e.target.value })}
        />
      </label>
      <label>
        {t('edit.background')}
        <input
          type="text"
          pattern="#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?"
          value={value.background}
          onChange={(e) => set({ background: e.target.value })}
        />
      </label>
    </fieldset>
  );
}
