import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { sourcesKey } from '../api/get-sources';
import { uploadFile } from '../api/upload-file';

/** A file for the source, sent with a progress bar; the import runs while it arrives. */
export function UploadForm({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation('operator-sources');
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');
  const [message, setMessage] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    setState('sending');
    setProgress(0);
    try {
      await uploadFile(sourceId, file, setProgress);
      setState('done');
      setMessage(t('upload.done'));
    } catch (error) {
      setState('failed');
      setMessage(error instanceof ApiError && error.status !== 0 ? error.message : t('upload.failed'));
    } finally {
      await client.invalidateQueries({ queryKey: sourcesKey });
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <form className="sources-upload" onSubmit={(e) => void submit(e)} aria-labelledby="upload-title">
      <h2 id="upload-title">{t('upload.title')}</h2>
      <label>
        <span>{t('upload.file')}</span>
        <input
          ref={input}
          type="file"
          required
          accept=".xml,.xmltv,.gz,.m3u,.m3u8,application/xml,text/xml,application/gzip"
        />
      </label>
      <button type="submit" disabled={state === 'sending'}>
        {t('upload.submit')}
      </button>
      {state === 'sending' || state === 'done' ? (
        <div className="sources-upload__progress">
          <label htmlFor="upload-progress">
            {percent < 100 || state === 'done' ? t('upload.progress') : t('upload.importing')}
          </label>
          <progress id="upload-progress" max={100} value={percent} aria-valuetext={`${percent} %`} />
          <span aria-hidden="true">{percent} %</span>
        </div>
      ) : null}
      <p role={state === 'failed' ? 'alert' : 'status'} className={state === 'failed' ? 'operator-error' : undefined}>
        {state === 'done' || state === 'failed' ? message : null}
      </p>
    </form>
  );
}
