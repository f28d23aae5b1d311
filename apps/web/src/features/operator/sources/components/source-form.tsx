import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorSource, OperatorSourceChange } from '@pantalla/contracts';
import { ApiError } from '../../../../lib/api-client';
import { useSaveSource } from '../api/save-source';

/** Adds a source (no `source`) or edits one: URL, kind, minutes between fetches. */
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
  const [done, setDone] = useState(false);
  const id = source ? `source-${source.id}` : 'source-new';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const body: OperatorSourceChange = { url: url.trim(), kind, intervalMinutes: Number(interval) };
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
