import { useNavigate } from 'react-router';
import { RecordingsScreen } from '../../features/recordings';
import { recordingLink } from '../../lib/player-links';

/**
 * /recordings/ (Mis grabaciones). A ready recording opens the player on the recording itself
 * (issue 29): it plays past the channel's catch-up window and resumes where it was left.
 */
export function Component() {
  const navigate = useNavigate();
  return (
    <RecordingsScreen
      onPlay={(item) =>
        void navigate(
          recordingLink({
            recordingId: item.id,
            title: item.title,
            channelId: item.channelId,
            eventId: item.eventId,
          }),
        )
      }
    />
  );
}
