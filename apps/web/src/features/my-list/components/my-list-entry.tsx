import type { Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogueItem, Film, MyListItem, Series } from '@pantalla/contracts';
import { paths } from '../../../config/paths';
import { stillUrl } from '../../catalogue';
import { programmeQueryOptions } from '../api/my-list';

export interface EntryProps {
  item: MyListItem;
  /** The film or series as the catalogue lists it, when the lineup has it. */
  found?: Film | Series;
  channelNames: ReadonlyMap<number, string>;
  onRemove: (item: MyListItem) => void;
  /** The entry's link (or its text when it has none): focus lands there after a neighbour's removal. */
  mainRef: Ref<HTMLElement>;
}

/** One entry of "Mi lista": a card to its page and a remove button. */
export function MyListEntry(props: EntryProps) {
  return props.item.kind === 'programme' ? <ProgrammeEntry {...props} /> : <TitleEntry {...props} />;
}

/** A film or series: its page as the catalogue links it, the title kept with the item while the lists load. */
function TitleEntry({ item, found, onRemove, mainRef }: EntryProps) {
  const { t } = useTranslation('my-list');
  const href = paths.detail.getHref(item.kind === 'film' ? 'content' : 'serie', item.id);
  const year = found && found.year > 0 ? String(found.year) : null;
  return (
    <EntryFrame item={item} onRemove={onRemove}>
      <Link to={href} className="mylist-entry__main" ref={mainRef as Ref<HTMLAnchorElement>}>
        <Thumb item={found} />
        <EntryText title={found?.title ?? item.title} meta={[t(`kind.${item.kind}`), year]} />
      </Link>
    </EntryFrame>
  );
}

/**
 * A programme: its page with channel and airing; one that left the guide (404) says so
 * instead of linking to a page that no longer exists.
 */
function ProgrammeEntry({ item, channelNames, onRemove, mainRef }: EntryProps) {
  const { t, i18n } = useTranslation('my-list');
  const event = useQuery(programmeQueryOptions(item.id));
  const kind = t('kind.programme');
  if (event.data) {
    const e = event.data;
    return (
      <EntryFrame item={item} onRemove={onRemove}>
        <Link
          to={paths.detail.getHref('event', item.id)}
          className="mylist-entry__main"
          ref={mainRef as Ref<HTMLAnchorElement>}
        >
          <Thumb item={e} />
          <EntryText
            title={e.title}
            meta={[kind, channelNames.get(e.channelId) ?? null]}
            when={airing(e.startTime, e.endTime, i18n.language)}
          />
        </Link>
      </EntryFrame>
    );
  }
  const gone = event.error && 'status' in event.error && event.error.status === 404;
  const note = event.isPending ? t('programme.loading') : gone ? t('programme.gone') : t('programme.unknown');
  return (
    <EntryFrame item={item} onRemove={onRemove} gone={Boolean(gone)}>
      <div className="mylist-entry__main" tabIndex={-1} ref={mainRef as Ref<HTMLDivElement>}>
        <Thumb />
        <EntryText title={item.title} meta={[kind, note]} />
      </div>
    </EntryFrame>
  );
}

function EntryFrame({
  item,
  onRemove,
  gone = false,
  children,
}: {
  item: MyListItem;
  onRemove: (item: MyListItem) => void;
  gone?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('my-list');
  return (
    <li
      className={`mylist-entry${gone ? ' mylist-entry--gone' : ''}`}
      data-testid="my-list-entry"
      data-kind={item.kind}
      data-id={item.id}
    >
      {children}
      <button
        type="button"
        className="mylist-entry__remove"
        aria-label={t('remove', { title: item.title })}
        onClick={() => onRemove(item)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/** The airing in the viewer's language: its day, start and end, e.g. «dom, 29 nov, 21:30 – 22:30». */
export function airing(start: number, end: number, language: string): string {
  const day = new Date(start).toLocaleString(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const until = new Date(end).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
  return `${day} – ${until}`;
}

function Thumb({ item }: { item?: CatalogueItem }) {
  const src = item ? stillUrl(item) : null;
  return (
    <span className="mylist-entry__thumb" aria-hidden="true">
      {src ? (
        <img
          key={src}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          // A picture gone from its host leaves the box's placeholder, not a broken-image sign.
          onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
        />
      ) : null}
    </span>
  );
}

/** Title, what it is (and where), and a programme's airing on a line of its own. */
function EntryText({ title, meta, when }: { title: string; meta: readonly (string | null)[]; when?: string | null }) {
  return (
    <span className="mylist-entry__text">
      <span className="mylist-entry__title">{title}</span>
      <span className="mylist-entry__meta">{meta.filter(Boolean).join(' · ')}</span>
      {when ? <span className="mylist-entry__meta">{when}</span> : null}
    </span>
  );
}
