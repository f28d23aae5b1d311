import { Suspense, lazy, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingHistorySection, PaymentMethodSection } from '../../billing';
import { PurchasesSection } from '../../commerce';
import { profilesLazy } from '../../profiles';
import { currentProfile } from '../../../lib/current-profile';
import { LanguageToggle } from '../../../ui/language-toggle';
import { useAuthenticatedUser } from '../../account';
import { useSaveAccountLanguage } from '../api/account-language';
import { AccountDataSection } from './account-data-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { PinSection } from './pin-section';
import { QualitySection } from './quality-section';
import { StreamsSection } from './streams-section';
import './settings.css';

const ProfilesSection = lazy(profilesLazy.section);

/** /settings/: parental PIN, playback sessions, password, language, and the purchases. */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const saveLanguage = useSaveAccountLanguage();
  const { email } = useAuthenticatedUser();
  // Issue 30: a kids profile has no settings but its own profile (the server refuses it the others).
  const kids = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.of(email)?.kind === 'kids');
  const profiles = (
    <Suspense fallback={null}>
      <ProfilesSection />
    </Suspense>
  );
  if (kids)
    return (
      <div className="settings">
        <h1 className="settings__title">{t('title')}</h1>
        <div className="settings__grid">{profiles}</div>
      </div>
    );
  return (
    <div className="settings">
      <h1 className="settings__title">{t('title')}</h1>
      <div className="settings__grid">
        {profiles}
        <PinSection />
        <StreamsSection />
        <EmailSection />
        <PasswordSection />
        <section className="settings-card" aria-labelledby="settings-language-title">
          <h2 id="settings-language-title" className="settings-card__title">
            {t('language.title')}
          </h2>
          <p className="settings-card__intro">{t('language.intro')}</p>
          <LanguageToggle onChosen={(language) => saveLanguage.mutate(language)} />
        </section>
        <div className="settings-card settings-card--wide">
          <PurchasesSection />
        </div>
        <PaymentMethodSection />
        <BillingHistorySection />
        <QualitySection />
        <AccountDataSection />
      </div>
    </div>
  );
}
