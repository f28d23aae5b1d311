import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { Button } from '../../../../ui/button';
import { useAudit, type AuditFilters } from '../api/get-audit';
import { AuditFiltersForm } from './audit-filters';
import { ChangeView } from './change-view';
import '../../access.css';

/** The audit trail: who did what to which subject, from where, before and after; newest first, "load more". */
export function AuditScreen() {
  const { t, i18n } = useTranslation('operator-access');
  const { t: tc } = useTranslation('operator');
  useDocumentTitle(t('audit.title'));
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAudit(filters);
  const rows = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <section className="operator-access" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <p className="operator-access__intro">{t('audit.intro')}</p>
      <AuditFiltersForm onSearch={setFilters} />
      <p role="status" aria-live="polite" className="operator-access__done">
        {audit.isPending ? t('loading') : t('audit.shown', { count: rows.length })}
      </p>
      {audit.isError && rows.length === 0 ? (
        <p className="operator-error" role="alert">
          {tc('common.error')}{' '}
          <Button variant="secondary" onClick={() => void audit.refetch()}>
            {tc('common.retry')}
          </Button>
        </p>
      ) : rows.length > 0 ? (
        <div className="operator-table-wrap">
          <table className="operator-table operator-access__table">
            <caption className="visually-hidden">{t('audit.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.at')}</th>
                <th scope="col">{t('audit.columns.actor')}</th>
                <th scope="col">{t('audit.columns.action')}</th>
                <th scope="col">{t('audit.columns.subject')}</th>
                <th scope="col">{t('audit.columns.change')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <time dateTime={new Date(row.at).toISOString()}>{when.format(row.at)}</time>
                  </td>
                  <td className="operator-access__email">
                    {row.actorEmail}
                    <span className="operator-access__ip">{row.ip}</span>
                  </td>
                  <td>
                    <code>{row.action}</code>
                  </td>
                  <td>
                    {row.subjectType} {row.subjectId}
                  </td>
                  <td>
                    <ChangeView before={row.before} after={row.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : audit.isSuccess ? (
        <p>{t('audit.empty')}</p>
      ) : null}
      {audit.hasNextPage && (
        <Button variant="secondary" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
          {tc('common.loadMore')}
        </Button>
      )}
    </section>
  );
}
