import { paths } from '../../../../config/paths';
import { queryClient } from '../../../../lib/query-client';
import { getProductsQueryOptions, parsePackageId, pendingPurchase, purchaseForPackage } from '../../../commerce';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/**
 * The two-step flow's last move (registration with ?product=, /login_confirm/{pr}): the
 * package's product becomes the pending purchase and the signed-in user goes to checkout.
 * An unknown package, or products that cannot be read, go to /register_result/fail.
 */
export async function continueToCheckout(packageIdText: string | undefined, navigate: Navigate): Promise<void> {
  const fail = () => navigate(paths.registerResult.getHref('fail'), { replace: true });
  const packageId = parsePackageId(packageIdText);
  if (packageId === null) return fail();
  let purchase;
  try {
    const { ppvSubsProducts } = await queryClient.fetchQuery(getProductsQueryOptions());
    purchase = purchaseForPackage(ppvSubsProducts, packageId, new Date());
  } catch (error) {
    console.warn('Products could not be read for the two-step purchase', error);
    return fail();
  }
  if (!purchase) return fail();
  pendingPurchase.save(purchase, { twoStep: true });
  return navigate(paths.checkout.getHref());
}
