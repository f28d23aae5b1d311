import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, setLanguage, type Language } from '../lib/i18n';

/** The es / en / de switch; the choice is remembered on this device, and told to `onChosen` (the account, in the settings). */
export function LanguageToggle({ onChosen }: { onChosen?: (language: Language) => void } = {}) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <div className="lang-toggle" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className="lang-toggle__option"
          aria-pressed={lng === active}
          title={t(`language.${lng}`)}
          onClick={() => void setLanguage(lng).then(() => onChosen?.(lng))}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
