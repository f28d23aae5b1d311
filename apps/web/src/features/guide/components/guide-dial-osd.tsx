import { useTranslation } from 'react-i18next';
import type { ChannelDialState } from '../../../lib/channel-dial/use-channel-dial';
import './guide-filters.css';

/** The number typed in the guide and the channel it names, top right, as the player shows it. */
export function GuideDialOsd({ dial }: { dial: ChannelDialState }) {
  const { t } = useTranslation('guide');
  const shown = dial.digits !== '' || dial.missing !== null;
  return (
    <div className={`guide-dial${shown ? ' guide-dial--shown' : ''}`} role="status" data-testid="guide-dial">
      {dial.digits ? (
        <>
          <span className="guide-dial__number">{dial.digits}</span>
          {dial.match ? <span className="guide-dial__name">{dial.match.name}</span> : null}
        </>
      ) : dial.missing !== null ? (
        t('dialMissing', { number: dial.missing })
      ) : null}
    </div>
  );
}
