import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { showError } from '../../../lib/error-modal-store';
import { logout } from '../../account';
import type { MessageKey, PlayerAction } from '../lib/errors';

const PLAYER_MESSAGES = new Set<MessageKey>(['accountMissing', 'castNoReceivers', 'castUnavailable', 'castFailed']);
function messageText(t: TFunction<['player', 'common']>, key: MessageKey): string {
  return PLAYER_MESSAGES.has(key)
    ? t(`player:messages.${key as 'accountMissing'}`)
    : t(`common:messages.${key as 'sessionExpired'}`);
}

/**
 * Tells the viewer what a player action means (viewing spec section 8): the error modal,
 * the session reset (close the stream session, then sign out), or home after a declined
 * reset-sessions prompt. `closeSession` is the playback flow's close of the moment.
 */
export function useShowAction(closeSession: RefObject<() => Promise<void>>): (action: PlayerAction) => void {
  const { t } = useTranslation(['player', 'common']);
  const navigate = useNavigate();
  return useCallback(
    (action: PlayerAction) => {
      switch (action.kind) {
        case 'session-expired':
        case 'account-missing':
          showError({
            details:
              action.kind === 'session-expired'
                ? t('common:messages.sessionExpired')
                : t('player:messages.accountMissing'),
          });
          // Sign out here and on the server after the close, so no later 401 brings the old refresh cookie back in.
          void closeSession
            .current()
            .catch(() => undefined)
            .then(() => logout());
          return;
        case 'reset-sessions':
          // The reset-sessions prompt was declined.
          showError({ details: t('common:messages.resetSessionsRequired') });
          void navigate(paths.landing.getHref());
          return;
        case 'message': {
          const body = action.text ?? (action.message ? messageText(t, action.message) : '');
          showError({
            title:
              action.title === '39'
                ? t('common:messages.39')
                : action.title === 'playerError'
                  ? t('common:messages.playerErrorTitle')
                  : undefined,
            details: `${action.prefix ?? ''}${body}`,
            // A non-recoverable error offers only retry (the modal rule).
            canDismiss: action.recoverable,
            canRetry: !action.recoverable,
          });
          return;
        }
        default:
          return;
      }
    },
    [t, navigate, closeSession],
  );
}
