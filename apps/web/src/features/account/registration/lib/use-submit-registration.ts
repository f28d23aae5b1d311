import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REGISTRATION_REFUSALS, type RegistrationForm, type RegistrationValues } from '@pantalla/contracts';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { signIn } from '../../api/login';
import { createAccount, formTokenQueryOptions } from '../api/registration-api';
import { continueToCheckout } from './continue-to-checkout';
import { clearDraft } from './registration-draft';

/** The 429's wait in whole minutes (at least one). */
function minutesOf(data: unknown): number {
  const seconds =
    typeof data === 'object' &&
    data !== null &&
    'retryAfterSeconds' in data &&
    typeof data.retryAfterSeconds === 'number'
      ? data.retryAfterSeconds
      : 60;
  return Math.max(1, Math.ceil(seconds / 60));
}

export interface SubmitOptions {
  form: RegistrationForm;
  /** The package of the two-step flow (?product=); null for a plain registration. */
  product: string | null;
}

/**
 * Registration's steps (accounts spec 4): create the account; then the plain flow shows
 * the result, and the two-step flow signs in and continues to checkout with the product.
 * A 400 (a taken email, a rule, a form sent too fast) and a 429 (too many sign-ups from this
 * connection) are shown on the form; anything else goes to the fail page.
 */
export function useSubmitRegistration({ form, product }: SubmitOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const { t } = useTranslation('registration');
  const fail = () => navigate(paths.registerResult.getHref('fail'));

  async function create(values: RegistrationValues, website: string, formToken: string): Promise<boolean> {
    try {
      await createAccount({ form, product, values, website, formToken });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setAlert(error.message);
        // An expired form gets a fresh token, so sending again works.
        if (error.message === REGISTRATION_REFUSALS.formExpired)
          await queryClient.invalidateQueries(formTokenQueryOptions(form));
      } else if (error instanceof ApiError && error.status === 429) {
        // Too many sign-ups from this connection: said on the form, with the wait, in the user's language.
        setAlert(t('refusals.addressLimit', { minutes: minutesOf(error.data) }));
      } else {
        await fail();
      }
      return false;
    }
  }

  async function submit(values: RegistrationValues, website: string, formToken: string): Promise<void> {
    setAlert(null);
    setPending(true);
    try {
      if (!(await create(values, website, formToken))) return;
      clearDraft();
      if (product === null) {
        await navigate(paths.registerResult.getHref('success'));
        return;
      }
      try {
        await signIn({ username: values.login.trim(), password: values.passw, rememberMe: true });
      } catch {
        await fail();
        return;
      }
      await continueToCheckout(product, navigate);
    } finally {
      setPending(false);
    }
  }

  return { submit, pending, alert, fail };
}
