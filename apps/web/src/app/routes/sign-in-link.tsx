import { useParams } from 'react-router';
import { SignInLinkScreen } from '../../features/account';

/** /signin/{token}: the link of the sign-in mail sent while an account or address is under attack. */
export function Component() {
  const { token = '' } = useParams();
  return <SignInLinkScreen token={token} />;
}
