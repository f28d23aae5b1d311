import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { showFatalError } from '../../../lib/error-modal-store';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { PanelLayout } from '../../../ui/panel-layout';
import { SignInError, signInWithLink } from '../api/login';
import './login.css';

/**
 * /signin/{token}: the mailed sign-in link. It signs in only on a press of the button, so a
 * mail scanner that opens links does not spend the single-use token; then home.
 */
export function SignInLinkScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: signInWithLink,
    onSuccess: () => void navigate(paths.landing.getHref(), { replace: true }),
    onError: (error) => {
      if (!isDeadLink(error)) showFatalError(t('messages.30'));
    },
  });
  const dead = signIn.isError && isDeadLink(signIn.error);
  return (
    <PanelLayout title={t('signInLink.title')}>
      <div className="form">
        {dead ? <Alert>{t('signInLink.invalid')}</Alert> : <p className="form__intro">{t('signInLink.intro')}</p>}
        {dead ? (
          <Link className="btn btn--primary btn--block" to={paths.landing.getHref()}>
            {t('signInLink.backToLogin')}
          </Link>
        ) : (
          <Button
            type="button"
            block
            loading={signIn.isPending || signIn.isSuccess}
            onClick={() => signIn.mutate(token)}
          >
            {signIn.isPending ? t('login.submitting') : t('signInLink.submit')}
          </Button>
        )}
      </div>
    </PanelLayout>
  );
}

/** Unknown, used, expired or malformed: the server's 400 for the link flow. */
function isDeadLink(error: unknown): boolean {
  return error instanceof SignInError && error.step === 'login' && error.apiError.status === 400;
}
