import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fingerprintPositionSchema, type OperatorChannel, type OperatorChannelPatch } from '@pantalla/contracts';
import type { ChannelOptions } from '../api/get-channel-options';
import { draftOf, logoIsValid, patchOf, type ChannelDraft } from './channel-draft';
import { FingerprintFields } from './fingerprint-fields';

interface Props {
  channel: OperatorChannel;
  options: ChannelOptions | undefined;
  readOnly: boolean;
  saving: boolean;
  onSave(patch: OperatorChannelPatch): void;
}

/** The channel's fields; Save sends only what changed. Read-only roles see the same form disabled. */
export function ChannelForm({ channel, options, readOnly, saving, onSave }: Props) {
  const { t } = useTranslation('operator-channels');
  const [saved] = useState(() => draftOf(channel));
  const [draft, setDraft] = useState<ChannelDraft>(saved);
  const [nothing, setNothing] = useState(false);
  const set = (next: Partial<ChannelDraft>) => {
    setNothing(false);
    setDraft((d) => ({ ...d, ...next }));
  };
  const logoOk = logoIsValid(draft.logoUrl);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const patch = patchOf(saved, draft);
    if (Object.keys(patch).length === 0) setNothing(true);
    else if (logoOk) onSave(patch);
  };
  const num = (value: string) => (value === '' ? 0 : Number(value));

  return (
    <form className="channel-form" onSubmit={submit} aria-label={t('edit.title', { name: channel.name })}>
      <fieldset disabled={readOnly || saving} className="channel-form__grid">
        <label>
          {t('edit.name')}
          <input required maxLength={200} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label>
          {t('edit.number')}
          <input
            type="number"
            required
            min={1}
            max={99999}
            inputMode="numeric"
            value={draft.number}
            onChange={(e) => set({ number: num(e.target.value) })}
          />
        </label>
        <label style={{ gridColumn: '1 / -1' }}>
          {t('edit.logo')}
          <input
            type="text"
            inputMode="url"
            value={draft.logoUrl}
            aria-invalid={!logoOk}
            aria-describedby="logo-hint"
            onChange={(e) => set({ logoUrl: e.target.value })}
          />
          <span id="logo-hint" className={logoOk ? 'channel-form__hint' : 'operator-error'}>
            {logoOk ? t('edit.logoHint') : t('edit.logoInvalid')}
          </span>
        </label>
        <IdSelect
          label={t('edit.genre')}
          value={draft.genreId}
          choices={options?.genres}
          onChange={(genreId) => set({ genreId })}
        />
        <IdSelect
          label={t('edit.package')}
          value={draft.packageId}
          choices={options?.packages}
          onChange={(packageId) => set({ packageId })}
        />
        <label>
          {t('edit.parental')}
          <input
            type="number"
            min={1}
            max={7}
            value={draft.parental}
            onChange={(e) => set({ parental: num(e.target.value) })}
          />
        </label>
        <label>
          {t('edit.catchupHours')}
          <input
            type="number"
            min={0}
            max={720}
            value={draft.catchupHours}
            onChange={(e) => set({ catchupHours: num(e.target.value) })}
          />
        </label>
        <label className="channel-form__check">
          <input type="checkbox" checked={draft.timeShift} onChange={(e) => set({ timeShift: e.target.checked })} />
          {t('edit.timeShift')}
        </label>
        <label className="channel-form__check">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          {t('edit.enabled')}
        </label>
      </fieldset>
      <FingerprintFields
        value={draft.fingerprint}
        disabled={readOnly || saving}
        positions={fingerprintPositionSchema.options}
        onChange={(fingerprint) => set({ fingerprint })}
      />
      {readOnly ? null : (
        <div className="channel-form__actions">
          <button type="submit" disabled={saving || !logoOk}>
            {saving ? t('edit.saving') : t('edit.save')}
          </button>
          <span role="status">{nothing ? t('edit.nothing') : null}</span>
        </div>
      )}
    </form>
  );
}

/** A select of named ids (genres, packages); the id alone until the names arrive. */
function IdSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: number;
  choices: { id: number; name: string }[] | undefined;
  onChange(id: number): void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {(choices ?? [{ id: value, name: `#${value}` }]).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
