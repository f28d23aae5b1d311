import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { SEARCH_CARD_WIDTH, WIDE_CARD_WIDTH, PageHeader, CardGrid } from '../../catalogue';
import { useSearch } from '../api/search';
import { prepareSearch } from '../lib/search-term';

/**
 * /search/{pattern}: every hit in a full grid, the series apart in rows of 270 px cards,
 * everything else in rows of 220 px cards. The close link returns to /.
 */
export function SearchScreen() {
  const { t } = useTranslation('explore');
  const { term, shouldQuery } = prepareSearch(useParams().pattern ?? '');
  const search = useSearch(term, shouldQuery);
  const hits = search.data?.resources.map((r) => r.resource) ?? [];
  const series = hits.filter((r) => r.type === 'serie').map((r) => r.item);
  const others = hits.filter((r) => r.type !== 'serie').map((r) => r.item);

  let body;
  if (!shouldQuery) body = <p className="browse-page__message">{t('search.tooShort')}</p>;
  else if (search.isPending) {
    body = (
      <div className="browse-page__status">
        <Spinner label={t('loading')} />
      </div>
    );
  } else if (search.isError) {
    body = (
      <div className="browse-page__status" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void search.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (hits.length === 0) body = <p className="browse-page__message">{t('search.noResults', { term })}</p>;
  else {
    body = (
      <>
        {series.length > 0 ? (
          <section aria-labelledby="search-series">
            <h2 id="search-series" className="browse-section__title">
              {t('search.series')}
            </h2>
            <CardGrid items={series} shape="wide" width={WIDE_CARD_WIDTH} label={t('search.series')} displayMode={2} />
          </section>
        ) : null}
        {others.length > 0 ? (
          <section aria-labelledby="search-others">
            <h2 id="search-others" className="browse-section__title">
              {t('search.others')}
            </h2>
            <CardGrid
              items={others}
              shape="wide"
              width={SEARCH_CARD_WIDTH}
              label={t('search.others')}
              displayMode={2}
            />
          </section>
        ) : null}
      </>
    );
  }

  return (
    <div className="browse-page search-page">
      <PageHeader
        title={term ? t('search.title', { term }) : t('search.titleEmpty')}
        subtitle={search.isSuccess && shouldQuery ? t('search.count', { count: hits.length }) : undefined}
        close
      />
      {body}
    </div>
  );
}
