import { useCallback, useEffect, useState } from 'react';
import { useSearchSuggestions } from '../api/search';
import { prepareSearch } from '../lib/search-term';

/** Typing pauses this long before the box asks, so a word is one request, not one per key. */
const TYPING_PAUSE_MS = 200;
/** Suggestions shown under the box. */
const SUGGESTIONS_SHOWN = 6;

/**
 * The suggestions for the text: asked once typing pauses, only for 3 characters or more,
 * and what the status line says (too short, timed out, nothing found).
 */
export function useSuggestions(text: string, open: boolean) {
  const [asked, setAsked] = useState('');
  const typed = prepareSearch(text);
  const query = prepareSearch(asked);
  const suggestions = useSearchSuggestions(query.term, query.shouldQuery && open);
  useEffect(() => {
    if (typed.clearSuggestions) return;
    const timer = window.setTimeout(() => setAsked(typed.term), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed.term, typed.clearSuggestions]);

  const results =
    query.shouldQuery && suggestions.data && suggestions.data.term === query.term
      ? suggestions.data.resources.slice(0, SUGGESTIONS_SHOWN).map((r) => r.resource)
      : [];
  const timedOut =
    suggestions.isError && suggestions.error instanceof DOMException && suggestions.error.name === 'TimeoutError';
  let status: 'minLength' | 'timeout' | 'noSuggestions' | null = null;
  if (!typed.shouldQuery) status = 'minLength';
  else if (timedOut) status = 'timeout';
  else if (query.shouldQuery && suggestions.isSuccess && results.length === 0 && asked === typed.term)
    status = 'noSuggestions';
  // An empty box clears the suggestions at once.
  const clear = useCallback(() => setAsked(''), []);
  return { typed, results, status, clear };
}
