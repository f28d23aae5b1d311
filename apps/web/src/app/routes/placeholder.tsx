import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { paths } from '../../config/paths';

/** Which screen is missing and which area's work builds it. */
export interface PlaceholderHandle {
  area: 'settings' | 'diagnostics' | 'manifestTest' | 'registration' | 'purchase';
  issue: 'commerce' | 'registration' | 'settings' | 'diagnostics';
}

function isPlaceholderHandle(value: unknown): value is { placeholder: PlaceholderHandle } {
  return typeof value === 'object' && value !== null && 'placeholder' in value;
}

/** A route declared but not built yet: says so in the user's language. */
export function Component() {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isPlaceholderHandle)
    .at(-1)?.placeholder;
  const area = handle ? t(`placeholder.areas.${handle.area}`) : t('placeholder.areas.home');
  return (
    <section className="placeholder" data-area={handle?.area} data-issue={handle?.issue} aria-labelledby="placeholder-title">
      <div className="placeholder__card">
        <p className="placeholder__eyebrow">{area}</p>
        <h1 id="placeholder-title" className="placeholder__title">{t('placeholder.title')}</h1>
        <p className="placeholder__text">{t('placeholder.body', { area })}</p>
        <Link className="btn btn--primary" to={paths.landing.getHref()}>{t('actions.backHome')}</Link>
      </div>
    </section>
  );
}
