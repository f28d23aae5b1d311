import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { PpvSubsProduct } from '@pantalla/contracts';
import { purchaseHref } from '../../../lib/purchase-links';
import { ExceededSessionsModal } from '../../../ui/exceeded-sessions-modal';
import { productsQueryOptions } from '../api/catalogue';
import type { PlaybackControls } from '../hooks/use-playback';
import { NoRightsModal } from './no-rights-modal';
import { PinModal } from './pin-modal';
import { ResetSessionsModal } from './reset-sessions-modal';

export interface PlayerPromptsProps {
  playback: Pick<PlaybackControls, 'phase' | 'submitPin' | 'resetSessions' | 'answerResetSessions'>;
  /** The product that sells the content's package (its access), if any. */
  productId: number | null;
  /** Volver, Cancel and No: leave the player. */
  onBack: () => void;
  /** The PIN prompt's Cancel: back to the channel that played before a zap, else leave. */
  onPinCancel: () => void;
}

/** The purchase summary of the product, with the server's price and the product's terms. */
function productHref(product: PpvSubsProduct): string {
  return purchaseHref({
    start: product.fcIni,
    end: product.fcEnd,
    title: product.title,
    description: product.subtitle,
    priceCents: product.priceCents,
    currency: product.curr,
    channelId: product.channelId,
    packageId: product.packageID,
    recurring: product.recurring,
    interval: product.interval ?? 'month',
  });
}

/** The prompts of the playback flow, each open in its phase: PIN, purchase, exceeded sessions, reset sessions. */
export function PlayerPrompts({ playback, productId, onBack, onPinCancel }: PlayerPromptsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { phase } = playback;
  const products = useQuery({ ...productsQueryOptions(), enabled: phase.name === 'no-rights' });
  const product = productId === null ? undefined : products.data?.ppvSubsProducts.find((p) => p.id === productId);
  // Comprar opens the product's purchase summary; after the purchase, 'Volver' comes back
  // here, now playable. Nothing sells it: no Comprar at all (issue 26).
  const buy = (sold: PpvSubsProduct) => () =>
    void navigate(productHref(sold), { state: { returnTo: `${location.pathname}${location.search}` } });
  return (
    <>
      <PinModal
        open={phase.name === 'needs-pin'}
        wrong={phase.name === 'needs-pin' && phase.wrong}
        onSubmit={playback.submitPin}
        onCancel={onPinCancel}
      />
      <NoRightsModal
        open={phase.name === 'no-rights'}
        onBack={onBack}
        onBuy={products.isPending ? null : product ? buy(product) : undefined}
      />
      <ExceededSessionsModal
        open={phase.name === 'too-many-sessions'}
        busy={phase.name === 'too-many-sessions' && phase.resetting}
        onAnswer={(answer) => (answer === 1 ? playback.resetSessions() : onBack())}
      />
      <ResetSessionsModal open={phase.name === 'reset-sessions'} onAnswer={playback.answerResetSessions} />
    </>
  );
}
