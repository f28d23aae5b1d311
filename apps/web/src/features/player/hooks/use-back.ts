import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { ShakaAdapter } from '../adapter/shaka-adapter';

/** Back (spec): close the session, unload the player, then back in history if it holds more than 2 entries, else /. */
export function useBack(closeSession: () => Promise<void>, adapter: ShakaAdapter | null): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void (async () => {
      await closeSession();
      await adapter?.unload();
      if (window.history.length > 2) void navigate(-1);
      else void navigate(paths.landing.getHref());
    })();
  }, [closeSession, adapter, navigate]);
}
