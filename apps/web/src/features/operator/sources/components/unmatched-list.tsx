import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideMappingRequest } from '@pantalla/contracts';
import { ApiError } from '../../../../lib/api-client';
import { useUnmatched } from '../api/get-unmatched';
import { useMapGuideId } from '../api/map-guide-id';
import { MappingPicker } from './mapping-picker';

/** The guide ids of the last import that matched no channel, each with the mapping picker. */
export function UnmatchedList({ sourceId, canEdit }: { sourceId: number; canEdit: boolean }) {
  const { t } = useTranslation('operator-sources');
  const { t: tc } = useTranslation('operator');
  const unmatched = useUnmatched(sourceId);
  const decide = useMapGuideId();
  const [open, setOpen] = useState<{ guideId: string; mode: 'map' | 'create' } | null>(null);
  const [said, setSaid] = useState('');
  const items = unmatched.data?.pages.flatMap((p) => p.items) ?? [];

  const onDecide = async (request: GuideMappingRequest) => {
    try {
      const done = await decide.mutateAsync(request);
      setOpen(null);
      setSaid(
        done.action === 'ignore'
          ? t('unmatched.ignored', { guideId: done.guideId })
          : t('unmatched.mapped', { guideId: done.guideId, count: done.programmesAttached }),
      );
      return done;
    } catch (error) {
      setSaid(error instanceof ApiError ? error.message : t('error'));
      return null;
    }
  };

  return (
    <section aria-labelledby="unmatched-title">
      <h2 id="unmatched-title">{t('unmatched.title')}</h2>
      <p>{t('unmatched.intro')}</p>
      <p role="status" className="sources-said">
        {said}
      </p>
      {unmatched.isError ? <p className="operator-error">{tc('common.error')}</p> : null}
      {unmatched.isSuccess && items.length === 0 ? <p>{t('unmatched.none')}</p> : null}
      <ul className="sources-unmatched">
        {items.map((u) => (
          <li key={u.guideId}>
            <div className="sources-unmatched__head">
              <span className="sources-mono sources-unmatched__id">{u.guideId}</span>
              <span>
                {t('unmatched.programmes', { count: u.programmes })}
                {u.firstLine !== null ? ` · ${t('unmatched.firstLine', { line: u.firstLine })}` : ''}
              </span>
              {canEdit ? (
                <span className="sources-unmatched__actions">
                  <button
                    type="button"
                    aria-label={`${t('unmatched.map')}: ${u.guideId}`}
                    aria-expanded={open?.guideId === u.guideId && open.mode === 'map'}
                    onClick={() =>
                      setOpen(
                        open?.guideId === u.guideId && open.mode === 'map' ? null : { guideId: u.guideId, mode: 'map' },
                      )
                    }
                  >
                    {t('unmatched.map')}
                  </button>
                  <button
                    type="button"
                    aria-label={`${t('unmatched.create')}: ${u.guideId}`}
                    aria-expanded={open?.guideId === u.guideId && open.mode === 'create'}
                    onClick={() =>
                      setOpen(
                        open?.guideId === u.guideId && open.mode === 'create'
                          ? null
                          : { guideId: u.guideId, mode: 'create' },
                      )
                    }
                  >
                    {t('unmatched.create')}
                  </button>
                  <button
                    type="button"
                    aria-label={`${t('unmatched.ignore')}: ${u.guideId}`}
                    disabled={decide.isPending}
                    onClick={() => void onDecide({ action: 'ignore', guideId: u.guideId })}
                  >
                    {t('unmatched.ignore')}
                  </button>
                </span>
              ) : null}
            </div>
            {open?.guideId === u.guideId ? (
              <MappingPicker guideId={u.guideId} mode={open.mode} onDecide={onDecide} busy={decide.isPending} />
            ) : null}
          </li>
        ))}
      </ul>
      {unmatched.hasNextPage ? (
        <button type="button" onClick={() => void unmatched.fetchNextPage()} disabled={unmatched.isFetchingNextPage}>
          {tc('common.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
