import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@pantalla/contracts';
import { orderRowChannels, rowUsesChannelOrder } from '../../../lib/channel-order';
import { showError } from '../../../lib/error-modal-store';
import { useAuthenticatedUser } from '../../account';
import { useDeleteBookmark } from '../api/delete-bookmark';
import { useRowItems, type RowEntry } from '../api/get-row-items';
import { ItemRow } from './item-row';
import { fullPageLink, ROW_ITEMS_SHOWN } from '../lib/row-links';
import { useNearViewport } from '../hooks/use-near-viewport';
import { adultEntryStore, hidesAdultItems, isAdultItem } from '../../parental';
import { useNow } from '../../catalogue';

export interface CategoryRowProps {
  category: Category;
  /** The user's json file, carried to the full page (spec navigation state). */
  jsonFile: string;
}

/**
 * A home row: its first 14 items (refreshed every 300000 ms), the full-page link when it
 * has more than 9 items or load_more, and bookmark deletion in keep-watching.
 */
export function CategoryRow({ category, jsonFile }: CategoryRowProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  if (!near) {
    return (
      <div ref={ref}>
        <RowPlaceholder category={category} still />
      </div>
    );
  }
  return <LoadedCategoryRow category={category} jsonFile={jsonFile} />;
}

function LoadedCategoryRow({ category, jsonFile }: CategoryRowProps) {
  const { t } = useTranslation('browse');
  const rowItems = useRowItems(category);
  const removal = useDeleteBookmark();
  const user = useAuthenticatedUser();
  const now = useNow();
  // Spec: a category that fails to load raises an alert with a generic load message.
  const failed = rowItems.isError;
  useEffect(() => {
    if (failed) showError({ details: t('row.error'), canDismiss: true, canRetry: false });
  }, [failed, t]);
  if (rowItems.isPending) return <RowPlaceholder category={category} />;
  if (rowItems.isError) {
    return (
      <section className="row row--error" aria-label={category.name}>
        <div className="row__head">
          <h2 className="row__title">{category.name}</h2>
        </div>
        <p className="row__message">{t('row.error')}</p>
      </section>
    );
  }
  const ordered = rowUsesChannelOrder(category.name, user.skin.operator)
    ? orderRowChannels(rowItems.data.entries, user.channelOrder)
    : rowItems.data.entries;
  const hideAdult =
    category.is_adult !== 1 && hidesAdultItems({ hasPin: user.hasPin, lastEntryAt: adultEntryStore.read(), now });
  const all = hideAdult ? ordered.filter((e) => !isAdultItem(e.item)) : ordered;
  const entries = all.slice(0, ROW_ITEMS_SHOWN);
  const link = fullPageLink(
    { ...category, total: rowItems.data.total },
    entries.map((e) => e.item),
    jsonFile,
  );
  const onRemove =
    category.kind === 'keep-watching'
      ? (entry: RowEntry) => {
          if (!entry.bookmark) return;
          removal.mutate(
            { id: entry.bookmark.id, kind: entry.bookmark.kind },
            { onError: () => showError({ details: t('card.removeError'), canDismiss: true, canRetry: false }) },
          );
        }
      : undefined;
  // Spec: series rows are separate from events and films, on wide (mode 2) cards.
  const series = entries.filter((e) => e.item.type === 'show');
  const others = entries.filter((e) => e.item.type !== 'show');
  if (series.length > 0 && others.length > 0) {
    return (
      <>
        <ItemRow
          title={category.name}
          entries={others}
          displayMode={category.displayMode}
          seeAll={link}
          onRemove={onRemove}
        />
        <ItemRow title={t('row.seriesOf', { title: category.name })} entries={series} displayMode={2} />
      </>
    );
  }
  return (
    <ItemRow
      title={category.name}
      entries={entries}
      displayMode={category.displayMode}
      seeAll={link}
      onRemove={onRemove}
    />
  );
}

/**
 * A row's place while it loads. A row the server counts empty (keep-watching of someone who
 * has not watched yet) keeps none: a skeleton that then vanished moved every row below it.
 */
function RowPlaceholder({ category, still = false }: { category: Category; still?: boolean }) {
  return category.total === 0 ? null : (
    <RowSkeleton title={category.name} displayMode={category.displayMode} still={still} />
  );
}

/**
 * Placeholder cards while a row loads, at the row's size, so the page does not jump.
 * `still`: a row far from the viewport, not loading, does not shimmer (a dozen offscreen
 * shimmers kept an idle home repainting at half a core).
 */
export function RowSkeleton({
  title,
  displayMode,
  still = false,
}: {
  title: string;
  displayMode: Category['displayMode'];
  still?: boolean;
}) {
  const { t } = useTranslation('browse');
  return (
    <section
      className={`row row--skeleton row--${displayMode === 2 ? 'wide' : 'poster'}${still ? ' row--still' : ''}`}
      aria-busy="true"
      aria-label={title}
    >
      <div className="row__head">
        <h2 className="row__title">{title}</h2>
      </div>
      <p className="visually-hidden">{t('row.loading', { title })}</p>
      <div className="row__skeleton" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} className="row__skeleton-card" />
        ))}
      </div>
    </section>
  );
}
