import { useTranslation } from 'react-i18next';
import { useAuthenticatedUser } from '../../account';
import { useKidsProfile as useKidsProfileOf } from '../../../lib/current-profile';
import { LockedHeader } from './locked-header';

/** Whether this device watches as a kids profile (issue 30): the adult section is refused to it. */
export function useKidsProfile(): boolean {
  return useKidsProfileOf(useAuthenticatedUser().email);
}

/** The adult section as a kids profile sees it: its header and a refusal, no PIN to try. */
export function KidsRefusal({ genreId, onBack }: { genreId: number; onBack: () => void }) {
  const { t } = useTranslation('explore');
  return (
    <>
      <LockedHeader genreId={genreId} onBack={onBack} />
      <p className="browse-page__message" role="alert">
        {t('kidsRefused')}
      </p>
    </>
  );
}
