import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideMapping, GuideMappingRequest } from '@pantalla/contracts';
import { useChannelOptions } from '../api/get-channel-options';

/** For one guide id: map it to a channel found by name or number, or create a channel for it. */
export function MappingPicker({
  guideId,
  mode,
  onDecide,
  busy,
}: {
  guideId: string;
  mode: 'map' | 'create';
  onDecide: (request: GuideMappingRequest) => Promise<GuideMapping | null>;
  busy: boolean;
}) {
  const { t } = useTranslation('operator-sources');
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const options = useChannelOptions(deferred, mode === 'map');
  const [channelId, setChannelId] = useState<number | null>(null);
  const [name, setName] = useState(guideId);
  const items = options.data?.items ?? [];
  const picked = channelId !== null && items.some((c) => c.id === channelId) ? channelId : (items[0]?.id ?? null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'create') void onDecide({ action: 'create', guideId, name: name.trim() });
    else if (picked !== null) void onDecide({ action: 'map', guideId, channelId: picked });
  };

  if (mode === 'create') {
    return (
      <form className="sources-picker" onSubmit={submit}>
        <label htmlFor={`${id}-name`}>{t('unmatched.createName')}</label>
        <input id={`${id}-name`} required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={busy || name.trim() === ''}>
          {t('unmatched.create')}
        </button>
      </form>
    );
  }
  return (
    <form className="sources-picker" onSubmit={submit}>
      <label htmlFor={`${id}-q`}>{t('unmatched.search')}</label>
      <input
        id={`${id}-q`}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoComplete="off"
        aria-controls={`${id}-list`}
      />
      <label htmlFor={`${id}-list`} className="sources-visually-hidden">
        {t('unmatched.map')}
      </label>
      <select
        id={`${id}-list`}
        size={Math.min(6, Math.max(2, items.length))}
        value={picked ?? ''}
        onChange={(e) => setChannelId(Number(e.target.value))}
      >
        {items.map((c) => (
          <option key={c.id} value={c.id}>
            {c.number} · {c.name}
          </option>
        ))}
      </select>
      {options.isSuccess && items.length === 0 ? <p role="status">{t('unmatched.noChannels')}</p> : null}
      <button type="submit" disabled={busy || picked === null}>
        {t('unmatched.apply')}
      </button>
    </form>
  );
}
