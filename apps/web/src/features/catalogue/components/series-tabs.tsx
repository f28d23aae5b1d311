import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const TABS = ['info', 'episodes', 'description', 'cast'] as const;
type Tab = (typeof TABS)[number];

export interface SeriesTabsProps {
  title: string;
  /** Prefix of the tabs' and panels' ids: the row's panel and the detail page differ. */
  idPrefix: string;
  /** What the first tab says before its actions (the description, cut). */
  info: ReactNode;
  /** The first tab's actions beside its "show the episodes" button. */
  actions: ReactNode;
  episodes: ReactNode;
  description: ReactNode;
  cast: ReactNode;
}

/**
 * A series' tabs (información, episodios, descripción, reparto), the same in a row's details
 * panel and on the detail page; the arrows, Home and End move between tabs.
 */
export function SeriesTabs({ title, idPrefix, info, actions, episodes, description, cast }: SeriesTabsProps) {
  const { t } = useTranslation('browse');
  const [tab, setTab] = useState<Tab>('info');
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());

  function select(target: Tab) {
    setTab(target);
    tabRefs.current.get(target)?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index + TABS.length - 1) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(TABS[next] as Tab);
  }

  const panels: Record<Tab, ReactNode> = {
    info: (
      <>
        {info}
        <div className="item-actions">
          <button type="button" className="btn btn--primary" onClick={() => select('episodes')}>
            <span>{t('series.showEpisodes')}</span>
          </button>
          {actions}
        </div>
      </>
    ),
    episodes,
    description,
    cast,
  };

  return (
    <>
      <div role="tablist" className="tabs" aria-label={t('series.tabsLabel', { title })}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              if (el) tabRefs.current.set(name, el);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${idPrefix}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => setTab(name)}
            onKeyDown={onTabKeyDown}
          >
            {t(`series.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${tab}`}
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        className="tabs__panel"
        tabIndex={0}
      >
        {panels[tab]}
      </div>
    </>
  );
}
