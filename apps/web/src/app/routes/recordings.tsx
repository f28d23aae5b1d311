import { useNavigate } from 'react-router';
import { RecordingsScreen } from '../../features/recordings';
import { DEFAULT_PARENTAL, playerHref } from '../../lib/player-links';

/**
 * /recordings/ (Mis grabaciones). A ready recording opens the player on its programme's
 * catch-up item until the player gains a recording item kind (issue 29, still to do).
 */
export function Component() {
  const navigate = useNavigate();
  return (
    <RecordingsScreen
      onPlay={(item) =>
        void navigate(
          playerHref({ type: 'CU', channelId: item.channelId, parental: DEFAULT_PARENTAL, eventId: item.eventId }),
        )
      }
    />
  );
}
