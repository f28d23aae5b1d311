import { useSession } from '../../features/account';
import { PurchaseResultScreen } from '../../features/commerce';

/** /purchase_result/{res}: commerce's screen, told the signed-in user's provider by the app (account and commerce stay one-way). */
export function Component() {
  const { userInfo } = useSession();
  return <PurchaseResultScreen userProvider={userInfo?.skin.provider} />;
}
