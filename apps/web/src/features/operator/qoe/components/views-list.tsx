import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QOE_SCREEN_CLASSES, type QoeViewRecord } from '@pantalla/contracts';

type QoeScreenClass = (typeof QOE_SCREEN_CLASSES)[number];
import { sectionHref } from '../../sections';
import { useQoeViews, type ViewsOf } from '../api/get-views';
import { qoeFormats } from './format';

/** How a view's outcome reads: failed with its code, left before the first frame, or watched. */
export function outcomeOf(
  view: QoeViewRecord,
  t: (key: 'views.failed' | 'views.exited' | 'views.watching' | 'views.ok', options?: { code: string }) => string,
): string {
  if (view.errorCode !== null)
    return t('views.failed', {
      code: view.licenceCode === null ? String(view.errorCode) : `${view.errorCode} / ${view.licenceCode}`,
    });
  if (view.exitBeforeStart) return t('views.exited');
  return view.ended ? t('views.ok') : t('views.watching');
}

/** A screen class in words; an unknown one as sent. */
export function screenLabel(screen: string, t: (key: `screens.${QoeScreenClass}`) => string): string {
  return (QOE_SCREEN_CLASSES as readonly string[]).includes(screen) ? t(`screens.${screen as QoeScreenClass}`) : screen;
}

/** An account's or an item's views, newest first, a page at a time; each opens its page. */
export function ViewsList({ of, showItem }: { of: ViewsOf; showItem: boolean }) {
  const { t, i18n } = useTranslation('operator-qoe');
  const f = qoeFormats(i18n.language);
  const views = useQoeViews(of);
  const rows = views.data?.pages.flatMap((page) => page.items) ?? [];
  if (views.isPending) return <p role="status">{t('loading')}</p>;
  if (views.isError && rows.length === 0) return <p className="operator-error">{t('error')}</p>;
  if (rows.length === 0) return <p>{t('views.none')}</p>;
  return (
    <>
      <div className="operator-table-wrap">
        <table className="operator-table">
          <caption className="visually-hidden">{t('views.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('views.started')}</th>
              {showItem && <th scope="col">{t('views.item')}</th>}
              <th scope="col">{t('views.startup')}</th>
              <th scope="col">{t('views.rebuffers')}</th>
              <th scope="col">{t('views.watch')}</th>
              <th scope="col">{t('views.outcome')}</th>
              <th scope="col">{t('views.device')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((view) => (
              <tr key={view.viewId}>
                <th scope="row">
                  <Link to={sectionHref('qoe', 'vista', view.viewId)}>{f.dateTime(view.startedAt)}</Link>
                </th>
                {showItem && <td>{view.name ?? t(`items.${view.itemType}`, { id: String(view.itemId) })}</td>}
                <td>{f.ms(view.startupMs)}</td>
                <td>
                  {f.count(view.rebufferCount)} · {f.ms(view.rebufferMs)}
                </td>
                <td>{f.ms(view.watchMs)}</td>
                <td>{outcomeOf(view, t)}</td>
                <td>
                  {screenLabel(view.screen, t)} · {view.browser}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {views.hasNextPage && (
        <p>
          <button
            type="button"
            className="operator-qoe__more"
            disabled={views.isFetchingNextPage}
            onClick={() => void views.fetchNextPage()}
          >
            {t('views.more')}
          </button>
        </p>
      )}
    </>
  );
}
