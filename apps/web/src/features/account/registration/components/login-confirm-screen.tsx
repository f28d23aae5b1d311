import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { PanelLayout } from '../../../../ui/panel-layout';
import { parsePackageId, purchaseForPackage, useProducts } from '../../../commerce';
import { LoginForm } from '../../components/login-form';
import { session, useSession } from '../../stores/session';
import { continueToCheckout } from '../lib/continue-to-checkout';
import './registration.css';

/** A stand-in for the password of the signed-in session: random, never a real password, never sent. */
function newPlaceholderPassword(): string {
  return `session-${crypto.randomUUID()}`;
}

/**
 * /login_confirm/{pr} ('Paso 1 de 2'): sign in, then checkout with package pr. The email
 * comes from ?login= (else the session's). Signed in with that email, the password field
 * holds a placeholder: sent unchanged, no new login happens (accounts spec 4); anything
 * else signs out and in again. An unknown package goes to /register_result/fail.
 */
export function LoginConfirmScreen() {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { pr } = useParams();
  const [params] = useSearchParams();
  const { status, userInfo } = useSession();
  const signedInEmail = status === 'authenticated' ? userInfo?.email : undefined;
  const login = params.get('login')?.trim() ?? '';
  const [initialEmail] = useState(login || signedInEmail || '');
  const [placeholder] = useState(() =>
    signedInEmail && initialEmail.toLowerCase() === signedInEmail ? newPlaceholderPassword() : undefined,
  );
  const packageId = parsePackageId(pr);
  // Signed in, the package can be checked before anything is typed.
  const products = useProducts(status === 'authenticated' && packageId !== null);
  const unknown =
    products.isError ||
    (products.data !== undefined &&
      packageId !== null &&
      !purchaseForPackage(products.data.ppvSubsProducts, packageId, new Date()));
  useEffect(() => {
    if (unknown) void navigate(paths.registerResult.getHref('fail'), { replace: true });
  }, [unknown, navigate]);

  if (packageId === null) return <Navigate to={paths.registerResult.getHref('fail')} replace />;
  const toCheckout = () => void continueToCheckout(pr, navigate);
  return (
    <PanelLayout title={tc('login.title')}>
      <p className="step-label">{t('step1')}</p>
      <LoginForm
        initialEmail={initialEmail}
        placeholderPassword={placeholder}
        onUnchanged={toCheckout}
        beforeSignIn={placeholder !== undefined || status === 'authenticated' ? () => session.logout() : undefined}
        onSuccess={toCheckout}
      />
    </PanelLayout>
  );
}
