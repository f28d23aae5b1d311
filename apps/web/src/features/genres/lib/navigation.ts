import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** History shorter than this means the page was opened directly: the back arrow goes home. */
export const SHORT_HISTORY = 2;

/** Spec: history back, or home if history is short. */
export function backOrHome(historyLength: number): 'back' | 'home' {
  return historyLength > SHORT_HISTORY ? 'back' : 'home';
}

/** The back arrow's action. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (backOrHome(window.history.length) === 'back') void navigate(-1);
    else void navigate(paths.landing.getHref());
  }, [navigate]);
}
