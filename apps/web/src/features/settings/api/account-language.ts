import { useMutation } from '@tanstack/react-query';
import { accountLanguageSchema } from '@pantalla/contracts';
import type { Language } from '../../../lib/i18n';
import { api } from '../../../lib/api-client';

/** PUT /account/language: the account's mails and the server's refusals follow the language chosen here. */
export function saveAccountLanguage(language: Language): Promise<void> {
  return api.request('/account/language', { method: 'PUT', body: accountLanguageSchema.parse({ language }) });
}

/** Best effort: the next sign-in or refresh records the language anyway. */
export const useSaveAccountLanguage = () => useMutation({ mutationFn: saveAccountLanguage });
