import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  messageSchema,
  registrationFormTokenSchema,
  registrationResponseSchema,
  skinSchema,
  type RegistrationForm,
  type RegistrationResponse,
  type RegistrationValues,
} from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** GET /registration/form: when this form was opened, signed; fetched again for each form. */
export const formTokenQueryOptions = (form: RegistrationForm) =>
  queryOptions({
    queryKey: ['registration', 'form-token', form],
    queryFn: ({ signal }) =>
      api.get('/registration/form', { schema: registrationFormTokenSchema, signal, auth: false }),
    staleTime: Infinity,
    gcTime: 0,
  });

export function useFormToken(form: RegistrationForm) {
  return useQuery(formTokenQueryOptions(form));
}

export interface RegistrationSubmission {
  form: RegistrationForm;
  /** The two-step flow's product (?product=), null for a plain registration: the server decides two-step from it. */
  product: string | null;
  values: RegistrationValues;
  /** The hidden field people leave empty. */
  website: string;
  formToken: string;
}

/** POST /registration: creates the account (not signed in). */
export function createAccount({
  form,
  product,
  values,
  website,
  formToken,
}: RegistrationSubmission): Promise<RegistrationResponse> {
  const body = form === 'register' ? values : { ...values, country: '', sport: '' };
  return api.post(
    '/registration',
    { form, ...(product === null ? {} : { product }), ...body, login: values.login.trim(), website, formToken },
    { schema: registrationResponseSchema, auth: false },
  );
}

/** POST /registration/confirm with a confirmation link's token. */
export function confirmEmail(token: string, signal?: AbortSignal) {
  return api.post('/registration/confirm', { token }, { schema: messageSchema, auth: false, signal });
}

/** POST /registration/confirmation-mail: a new link for the signed-in account. */
export function resendConfirmation() {
  return api.post('/registration/confirmation-mail', undefined, { schema: messageSchema });
}

/** GET /operator: the operator's and provider's names, for visitors too. */
export const operatorQueryOptions = () =>
  queryOptions({
    queryKey: ['operator'],
    queryFn: ({ signal }) => api.get('/operator', { schema: skinSchema, signal, auth: false }),
    staleTime: Infinity,
  });

export function useOperator() {
  return useQuery(operatorQueryOptions());
}
