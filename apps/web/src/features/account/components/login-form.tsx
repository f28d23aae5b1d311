import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { showFatalError } from '../../../lib/error-modal-store';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Checkbox, TextField } from '../../../ui/text-field';
import { classifySignInError, useLogin } from '../api/login';
import './login.css';

export interface LoginFormProps {
  /** The confirm variant prefills the email from ?login=. */
  initialEmail?: string;
  onSuccess?: () => void;
  /** Login confirmation, signed in: the password field's stand-in value (accounts spec 4). */
  placeholderPassword?: string;
  /** Sent with the prefilled email and the placeholder unchanged: no new login. */
  onUnchanged?: () => void;
  /** Runs before signing in (login confirmation signs the current session out first). */
  beforeSignIn?: () => Promise<void>;
}

/**
 * The spec's login form: email, password, remember-me (on by default), the lost-password
 * link and submit. No client-side validation, as the spec says: the server decides.
 */
export function LoginForm({
  initialEmail = '',
  onSuccess,
  placeholderPassword,
  onUnchanged,
  beforeSignIn,
}: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState(placeholderPassword ?? '');
  const [rememberMe, setRememberMe] = useState(true);
  const [alert, setAlert] = useState<string | null>(null);
  /** The server asked for the mailed-link step instead of signing in (an attack on the account or address). */
  const [linkSent, setLinkSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    if (placeholderPassword !== undefined && email.trim() === initialEmail && password === placeholderPassword) {
      onUnchanged?.();
      return;
    }
    void (beforeSignIn?.() ?? Promise.resolve()).then(() => signInWith());
  }

  function signInWith() {
    login.mutate(
      { username: email.trim(), password, rememberMe },
      {
        onSuccess: () => onSuccess?.(),
        onError: (error) => {
          const failure = classifySignInError(error);
          if (failure.kind === 'link-sent') setLinkSent(true);
          else if (failure.kind === 'fatal') showFatalError(t('messages.30'));
          else {
            setAlert(failure.message === 'credentials' ? t('messages.29') : failure.text);
            // The submit button was disabled while waiting and lost the focus: back to the password.
            formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.select();
          }
        },
      },
    );
  }

  if (linkSent) return <SignInLinkStep email={email.trim()} onBack={() => setLinkSent(false)} />;

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={alert ? 'login-alert' : undefined}
    >
      {alert ? (
        <div id="login-alert">
          <Alert>{alert}</Alert>
        </div>
      ) : null}
      <TextField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoFocus={!initialEmail}
      />
      <TextField
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus={Boolean(initialEmail)}
      />
      <div className="form__row">
        <Checkbox
          label={t('login.rememberMe')}
          name="rememberMe"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <Link className="link" to={paths.lostPassword.getHref()}>
          {t('login.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" block loading={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}

/** The mailed-link step: where the link went, that it was sent only if the password was right, and a way back. */
function SignInLinkStep({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the step's heading takes it, so it is read out.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="form sign-in-link-step">
      <h2 ref={headingRef} tabIndex={-1} className="sign-in-link-step__title">
        {t('login.linkSent.title')}
      </h2>
      <Alert tone="info">{t('login.linkSent.text')}</Alert>
      <p className="form__intro">
        {t('login.linkSent.where')} <span className="sign-in-link-step__email">{email}</span>
      </p>
      <Button type="button" variant="secondary" block onClick={onBack}>
        {t('login.linkSent.back')}
      </Button>
    </div>
  );
}
