import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorLineupItem } from '@pantalla/contracts';
import { useVirtualRows } from '../../channels/hooks/use-virtual-rows';
import { useRowDrag } from './use-row-drag';

const ROW_HEIGHT = 52;

interface Props {
  items: readonly OperatorLineupItem[];
  total: number;
  canEdit: boolean;
  onNeedMore(): void;
  /** Moves the row at `from` to `to`; resolves once the server agreed. */
  onMove(from: number, to: number): Promise<void>;
}

/**
 * A lineup in its order, virtualised. Reordered by dragging a row's handle, or from the
 * keyboard: Alt+ArrowUp/ArrowDown on a focused row (or its buttons); a live region says
 * where the channel went.
 */
export function LineupList({ items, total, canEdit, onNeedMore, onMove }: Props) {
  const { t } = useTranslation('operator-channels');
  const scroller = useRef<HTMLDivElement>(null);
  const { first, last, totalHeight, offset, scrollToRow } = useVirtualRows(scroller, total, ROW_HEIGHT);
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const busy = useRef(false);

  const move = async (from: number, to: number) => {
    const item = items[from];
    if (!canEdit || busy.current || !item || to < 0 || to >= items.length || to === from) return;
    busy.current = true;
    setFocusId(item.channel.id);
    scrollToRow(to);
    try {
      await onMove(from, to);
      setAnnouncement(t('lineups.moved', { name: item.channel.name, position: to + 1, count: total }));
    } catch {
      setAnnouncement(t('lineups.failed'));
    } finally {
      busy.current = false;
    }
  };
  const { drag, handleProps } = useRowDrag(scroller, ROW_HEIGHT, items.length, (from, to) => void move(from, to));

  useEffect(() => {
    if (last + 40 > items.length && items.length < total) onNeedMore();
  }, [last, items.length, total, onNeedMore]);
  useEffect(() => {
    if (focusId === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-channel-id="${focusId}"]`);
    if (row && document.activeElement !== row && !row.contains(document.activeElement)) row.focus();
  }, [focusId, items]);

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    void move(index, index + (e.key === 'ArrowUp' ? -1 : 1));
  };

  return (
    <>
      <p className="visually-hidden" aria-live="assertive" role="status">
        {announcement}
      </p>
      <div ref={scroller} className="lineup-list" role="list" aria-label={t('lineups.table')}>
        <div style={{ height: totalHeight, position: 'relative' }}>
          <div style={{ transform: `translateY(${offset}px)` }}>
            {Array.from({ length: last - first }, (_, i) => {
              const index = first + i;
              const item = items[index];
              if (!item)
                return (
                  <div key={`loading-${index}`} role="listitem" className="lineup-row lineup-row--loading">
                    {t('loadingRow')}
                  </div>
                );
              const c = item.channel;
              const dropping =
                drag && drag.over === index && drag.from !== index
                  ? drag.from < index
                    ? ' lineup-row--drop-after'
                    : ' lineup-row--drop-before'
                  : '';
              return (
                <div
                  key={c.id}
                  role="listitem"
                  tabIndex={0}
                  data-channel-id={c.id}
                  aria-posinset={index + 1}
                  aria-setsize={total}
                  className={`lineup-row${drag?.from === index ? ' lineup-row--dragging' : ''}${dropping}`}
                  onKeyDown={(e) => onKeyDown(e, index)}
                  aria-label={`${index + 1}. ${c.number} ${c.name}`}
                >
                  {canEdit ? (
                    <span
                      className="lineup-row__handle"
                      role="img"
                      aria-label={t('lineups.handle', { name: c.name })}
                      {...handleProps(index)}
                    >
                      ⠿
                    </span>
                  ) : null}
                  <span className="lineup-row__position">{index + 1}</span>
                  <span className="lineup-row__number">{c.number}</span>
                  <span className="lineup-row__name">{c.name}</span>
                  {canEdit ? (
                    <span className="lineup-row__buttons">
                      <button
                        type="button"
                        aria-label={t('lineups.up', { name: c.name })}
                        disabled={index === 0}
                        onClick={() => void move(index, index - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        aria-label={t('lineups.down', { name: c.name })}
                        disabled={index >= total - 1}
                        onClick={() => void move(index, index + 1)}
                      >
                        ↓
                      </button>
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </>
  );
}
