import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../account';
import { pickRegionLineup, useChannels, useLineups } from '../../../lib/catalogue';
import { decodePlayerRoute, PlayerLinkError, type PlayerData } from '../../../lib/player-links';
import { PlayerScreen } from '../components/player-screen';
import { channelOf, targetOf } from '../lib/target';
import { PlayerProblem, useLinkProblem } from '../redirect-routes';
import '../player.css';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /emplayer/{data}: decodes the address; a malformed one gets a clear screen, never a blank page. */
export function Component() {
  const { data: encoded = '' } = useParams();
  const decoded = useMemo((): PlayerData | PlayerLinkError => {
    try {
      return decodePlayerRoute(encoded);
    } catch (error) {
      if (error instanceof PlayerLinkError) return error;
      throw error;
    }
  }, [encoded]);
  const { userInfo } = useSession();
  const { t } = useTranslation('screens');
  const { t: tp } = useTranslation('player');
  // Set here as well as in PlayerProblem: this effect runs after the child's.
  useDocumentTitle(
    decoded instanceof PlayerLinkError
      ? tp('invalidLink.title')
      : 'title' in decoded && decoded.title
        ? t('titles.playerNamed', { title: decoded.title })
        : t('titles.player'),
  );
  const lineups = useLineups();
  const lineup = pickRegionLineup(lineups.data?.resources, userInfo?.regionId ?? null);
  const channels = useChannels(lineup?.id, lineups.isSuccess);
  const problem = useLinkProblem();

  if (decoded instanceof PlayerLinkError) return <PlayerProblem detail={problem(decoded)} />;
  const target = targetOf(decoded);
  if ('error' in target) return <PlayerProblem detail="Could not find event." />;
  return (
    <PlayerScreen
      data={decoded}
      target={target}
      channels={channels.data?.resources ?? []}
      channelId={channelOf(decoded)}
    />
  );
}
