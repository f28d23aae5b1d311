import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { Button } from '../../../../ui/button';
import { TextField } from '../../../../ui/text-field';
import { useSubscriberSearch } from '../api/search-subscribers';
import { useDebounced } from '../../hooks/use-debounced';
import { SearchResults } from './search-results';

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 250;

/** Subscriber search: the term lives in the address (?q=), so the back button returns to the results. */
export function SearchScreen() {
  const { t } = useTranslation('operator-subscribers');
  const { t: tc } = useTranslation('operator');
  useDocumentTitle(t('search.title'));
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const term = useDebounced(text.trim(), DEBOUNCE_MS);
  useEffect(() => {
    setParams(term ? { q: term } : {}, { replace: true });
  }, [term, setParams]);
  const search = useSubscriberSearch(term);
  const hits = search.data?.pages.flatMap((page) => page.items) ?? [];
  const waiting = term !== '' && (search.isFetching || text.trim() !== term);

  return (
    <section className="subscribers" aria-labelledby="subscribers-title">
      <h1 id="subscribers-title">{t('search.title')}</h1>
      <p className="subscribers__intro">{t('search.intro')}</p>
      <form role="search" className="subscribers__search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label={t('search.label')}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={120}
          autoFocus
        />
      </form>
      <p role="status" aria-live="polite" className="subscribers__status">
        {term === ''
          ? t('search.hint')
          : waiting && hits.length === 0
            ? t('search.searching')
            : search.isSuccess
              ? hits.length === 0
                ? t('search.none')
                : t('search.shown', { count: hits.length })
              : ''}
      </p>
      {search.isError && hits.length === 0 ? (
        <p className="operator-error" role="alert">
          {tc('common.error')}{' '}
          <Button variant="secondary" onClick={() => void search.refetch()}>
            {tc('common.retry')}
          </Button>
        </p>
      ) : null}
      {term !== '' && hits.length > 0 ? <SearchResults hits={hits} /> : null}
      {term !== '' && search.hasNextPage ? (
        <Button variant="secondary" onClick={() => void search.fetchNextPage()} loading={search.isFetchingNextPage}>
          {tc('common.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
