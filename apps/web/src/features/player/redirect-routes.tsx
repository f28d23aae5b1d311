import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import {
  decodeCatchupPlayer,
  decodeLegacyPlayer,
  playerHref,
  PlayerLinkError,
  type PlayerLinkErrorReason,
} from '../../lib/player-links';
import { useDocumentTitle } from '../../lib/use-document-title';
import './player-problem.css';

/*
 * The older player addresses, read without loading the player: each redirects to the
 * /emplayer/ address of the same thing, or shows why it cannot.
 */

/** What is wrong with an address, in the user's language (the error's own message is for logs). */
export function useLinkProblem(): (error: PlayerLinkError) => string {
  const { t } = useTranslation('player');
  return (error) => t(`invalidLink.reasons.${error.reason satisfies PlayerLinkErrorReason}`);
}

/** The error screen for an address the player cannot read. */
export function PlayerProblem({ detail }: { detail: string }) {
  const { t } = useTranslation('player');
  useDocumentTitle(t('invalidLink.title'));
  return (
    <main className="player-problem" id="main">
      <div className="player-problem__box" role="alert">
        <h1>{t('invalidLink.title')}</h1>
        <p>{t('invalidLink.body')}</p>
        <p className="player-problem__detail">{detail}</p>
        <Link className="btn btn--primary" to={paths.landing.getHref()}>
          {t('invalidLink.home')}
        </Link>
      </div>
    </main>
  );
}

function readLink(read: () => string): string | PlayerLinkError {
  try {
    return read();
  } catch (error) {
    if (error instanceof PlayerLinkError) return error;
    throw error;
  }
}

function Redirect({ read }: { read: () => string }) {
  const problem = useLinkProblem();
  const target = readLink(read);
  return target instanceof PlayerLinkError ? (
    <PlayerProblem detail={problem(target)} />
  ) : (
    <Navigate to={target} replace />
  );
}

/** /player/{channel}-LIVE-{flag} and /player/{id}-{LIVE|VOD}-{a|p}. */
export function LegacyPlayerRoute() {
  const { legacy = '' } = useParams();
  return <Redirect read={() => playerHref(decodeLegacyPlayer(legacy))} />;
}

/** /cuplayer/{cuData}: adds the catch-up marker and goes to /emplayer/. */
export function CatchupPlayerRoute() {
  const { cuData = '' } = useParams();
  return <Redirect read={() => playerHref(decodeCatchupPlayer(cuData))} />;
}
