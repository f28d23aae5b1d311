import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadTables } from '../../../lib/i18n';
import { useCanEdit } from '../use-operator';
import { useLineupChannels } from './api/get-lineup-channels';
import { useLineups } from './api/get-lineups';
import { useMoveChannel } from './api/move-channel';
import { LineupList } from './components/lineup-list';
import '../channels/channels.css';
import './lineups.css';

export async function loader() {
  await loadTables(['operator-channels']);
  return null;
}

/** /operador/listas: a region's lineup in its order, reordered by drag or keyboard. */
export function Component() {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const lineups = useLineups();
  const [picked, setPicked] = useState<number | null>(null);
  const lineupId = picked ?? lineups.data?.items[0]?.id ?? 0;
  const channels = useLineupChannels(lineupId);
  const move = useMoveChannel(lineupId);
  const canEdit = useCanEdit('lineups');
  const items = channels.data?.pages.flatMap((p) => p.items) ?? [];
  const total = channels.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = channels;
  const needMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const onMove = async (from: number, to: number) => {
    const item = items[from];
    if (item) await move.mutateAsync({ channelId: item.channel.id, toPosition: to, from });
  };

  return (
    <section aria-labelledby="lineups-title" className="lineups-screen">
      <h1 id="lineups-title">{t('lineups.title')}</h1>
      <div className="lineups-screen__picker">
        <label htmlFor="lineup-picker">{t('lineups.picker')}</label>
        <select id="lineup-picker" value={lineupId} onChange={(e) => setPicked(Number(e.target.value))}>
          {lineups.data?.items.map((l) => (
            <option key={l.id} value={l.id}>
              {t('lineups.region', { region: l.regionName, name: l.name, count: l.channels })}
            </option>
          ))}
        </select>
      </div>
      <p className="channel-form__hint">{canEdit ? t('lineups.help') : t('lineups.readOnly')}</p>
      {lineups.isError || channels.isError ? (
        <p role="alert" className="operator-error">
          {tc('common.error')}
        </p>
      ) : null}
      <LineupList key={lineupId} items={items} total={total} canEdit={canEdit} onNeedMore={needMore} onMove={onMove} />
    </section>
  );
}
