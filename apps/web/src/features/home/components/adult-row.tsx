import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@pantalla/contracts';
import { useAuthenticatedUser } from '../../account';
import { currentProfile } from '../../../lib/current-profile';
import { AdultPinGate, adultEntryStore, needsAdultPin } from '../../parental';
import { CategoryRow } from './category-row';

/**
 * An is_adult row: shown as it is when the section's PIN rule lets the user in (no PIN,
 * or the PIN opened it less than 900 s ago); otherwise a locked row whose button opens the
 * PIN gate, so the home never greets anyone with a modal. Nothing of the row is fetched
 * while it is locked.
 */
export function AdultRow({ category, jsonFile }: { category: Category; jsonFile: string }) {
  const { t } = useTranslation('browse');
  const user = useAuthenticatedUser();
  const [open] = useState(
    () =>
      !needsAdultPin({
        hasPin: user.hasPin,
        authenticatedHere: false,
        lastEntryAt: adultEntryStore.read(),
        now: Date.now(),
      }),
  );
  const [asking, setAsking] = useState(false);
  const rowRef = useRef<HTMLDivElement>(null);
  // The row itself takes the focus (and the scroll) after the PIN, not the page's h1 far above;
  // its wrapper, because the row's heading is replaced when its items arrive.
  const rowHeading = useCallback(() => rowRef.current, []);
  // A kids profile (issue 30) never sees the adult section's row.
  if (currentProfile.of(user.email)?.kind === 'kids') return null;
  if (open) return <CategoryRow category={category} jsonFile={jsonFile} />;
  if (asking) {
    return (
      <AdultPinGate onCancel={() => setAsking(false)} heading={rowHeading}>
        <div ref={rowRef} role="group" aria-label={category.name} tabIndex={-1} className="row__unlocked">
          <CategoryRow category={category} jsonFile={jsonFile} />
        </div>
      </AdultPinGate>
    );
  }
  return (
    <section className="row row--locked" aria-labelledby={`locked-${category.id}`}>
      <div className="row__head">
        <h2 id={`locked-${category.id}`} className="row__title">
          {category.name}
        </h2>
      </div>
      <div className="row__locked">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M7 10V7a5 5 0 0110 0v3M5 10h14v11H5z"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinejoin="round"
          />
        </svg>
        <p>{t('row.locked')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => setAsking(true)}>
          <span>{t('row.unlock')}</span>
        </button>
      </div>
    </section>
  );
}
