import { useParams } from 'react-router';
import { ConfirmEmailChangeScreen } from '../../features/account';

/** /confirm-email/{token}: the link mailed to a new address (issue 26). */
export function Component() {
  const { token = '' } = useParams();
  return <ConfirmEmailChangeScreen token={token} />;
}
