import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorSource, OperatorSourceChange } from '@pantalla/contracts';
import { ApiError } from '../../../../lib/api-client';
import { useSaveSource } from '../api/save-source';

/** A stored shift as the form shows it: whole hours in hours, anything else in minutes. */
function shiftFields(minutes: number): { value: string; unit: 'h' | 'min' } {
  return minutes % 60 === 0 ? { value: String(minutes / 60), unit: 'h' } : { value: String(minutes), unit: 'min' };
}

/** Adds a source (no `source`) or edits one: URL, kind, minutes between fetches, a guide's time shift. */
export function SourceForm({
  source,
  onSaved,
}: {
  source?: OperatorSource;
  onSaved?: (saved: OperatorSource) => void;
}) {
  const { t } = useTranslation('operator-sources');
  const save = useSaveSource(source?.id ?? null);
  const [url, setUrl] = useState(source?.url ?? '');
  const [kind, setKind] = useState<'xmltv' | 'm3u'>(source?.kind ?? 'xmltv');
  const [interval, setInterval] = useState(String(source?.intervalMinutes ?? 360));
  const [shift, setShift] = useState(() => shiftFields(source?.guideShiftMinutes ?? 0));
  const [done, setDone] = useState(false);
  const id = source ? `source-${source.id}` : 'source-new';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    // Hours become minutes; a value that is not whole minutes is left for the server to refuse.
    const minutes = Number(shift.value || 0) * (shift.unit === 'h' ? 60 : 1);
    const body: OperatorSourceChange = {
      url: url.trim(),
      kind,
      intervalMinutes: Number(interval),
      ...(kind === 'xmltv' ? { guideShiftMinutes: Math.round(minutes * 1e6) / 1e6 } : {}),
    };
    const saved = await save.mutateAsync(body).catch(() => null);
    if (!saved) return;
    setDone(true);
    if (!source) setUrl('');
    onSaved?.(saved);
  };

  return (
    <form className="sources-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{source ? t('detail.edit') : t('add.title')}</h2>
      <label className="sources-form__url">
        <span>{t('add.url')}</span>
        <input
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          inputMode="url"
          autoComplete="off"
        />
      </label>
      <label>
        <span>{t('add.kind')}</span>
        <select value={kind} onChange={(e) => setKind(e.target.value === 'm3u' ? 'm3u' : 'xmltv')}>
          <option value="xmltv">{t('kind.xmltv')}</option>
          <option value="m3u">{t('kind.m3u')}</option>
        </select>
      </label>
      <label>
        <span>{t('add.interval')}</span>
        <input
          type="number"
          min={5}
          max={10080}
          required
          value={interval}
          onChange={(e) => setInterval(e.target.value)}
        />
      </label>
      {kind === 'xmltv' ? (
        <fieldset className="sources-form__shift" aria-describedby={`${id}-shift-hint`}>
          <legend>{t('add.shift')}</legend>
          <input
            type="number"
            step="any"
            min={shift.unit === 'h' ? -24 : -1440}
            max={shift.unit === 'h' ? 24 : 1440}
            aria-label={t('add.shift')}
            value={shift.value}
            onChange={(e) => setShift({ ...shift, value: e.target.value })}
          />
          <select
            aria-label={t('add.shiftUnit')}
            value={shift.unit}
            onChange={(e) => setShift({ ...shift, unit: e.target.value === 'min' ? 'min' : 'h' })}
          >
            <option value="h">{t('add.hours')}</option>
            <option value="min">{t('add.minutes')}</option>
          </select>
          <small id={`${id}-shift-hint`}>{t('add.shiftHint')}</small>
        </fieldset>
      ) : null}
      <button type="submit" disabled={save.isPending}>
        {source ? t('detail.save') : t('add.submit')}
      </button>
      <p role="status" className="sources-form__status">
        {done ? (source ? t('detail.saved') : t('add.done')) : null}
      </p>
      {save.error ? (
        <p role="alert" className="operator-error">
          {save.error instanceof ApiError ? save.error.message : t('error')}
        </p>
      ) : null}
    </form>
  );
}
