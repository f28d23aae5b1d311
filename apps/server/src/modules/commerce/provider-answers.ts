import { PAYMENT_CONNECTIVITY_ERROR } from '@pantalla/contracts';
import { AppError } from '../../platform/errors';
import { paymentRefusalText } from '../../platform/refusal-language';
import { ProviderRefusedError, ProviderUnavailableError } from './payments/provider';

/** The provider's failures as the subscriber sees them: the spec's connectivity text (503), or the refusal said by its code (402). */
export async function asSubscriber<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError)
      throw new AppError(503, 'provider_unavailable', PAYMENT_CONNECTIVITY_ERROR);
    if (error instanceof ProviderRefusedError)
      throw new AppError(402, 'payment_failed', paymentRefusalText(error.code, error.declineCode));
    throw error;
  }
}
