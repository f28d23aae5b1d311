import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RecordingsScreen } from '../../features/recordings';
import { liveLink, recordingLink } from '../../lib/player-links';

/** A tapped reminder notification (the service worker's ?ver=channel&titulo=…&inicio=…): the channel's live player. */
function reminderTarget(params: URLSearchParams): string | null {
  const channelId = Number(params.get('ver'));
  const start = Number(params.get('inicio'));
  if (!Number.isInteger(channelId) || channelId <= 0 || !Number.isFinite(start)) return null;
  return liveLink({ channelId, title: params.get('titulo') ?? '', parental: 0, start, adult: false });
}

/**
 * /recordings/ (Mis grabaciones). A ready recording opens the player on the recording itself
 * (issue 29): it plays past the channel's catch-up window and resumes where it was left.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = reminderTarget(params);
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [navigate, target]);
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
