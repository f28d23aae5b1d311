import { SEARCH_MIN_LENGTH, SEARCH_STRIPPED_CHARACTERS, stripSearchTerm } from '@pantalla/contracts';

export { SEARCH_MIN_LENGTH, SEARCH_STRIPPED_CHARACTERS };
/** Spec: the header search gives up after 3000 ms. */
export const SEARCH_TIMEOUT_MS = 3000;

export interface SearchInput {
  /** The box's text without the stripped characters, trimmed. */
  term: string;
  /** Whether the term is long enough to ask the server (spec: 3 characters). */
  shouldQuery: boolean;
  /** An empty box clears the suggestions. */
  clearSuggestions: boolean;
}

/**
 * What the box does with its text: strips & / \ # , + ( ) $ ~ . ' " : * ? < > { } (the
 * server strips them again, from the same contracts list), asks nothing under 3
 * characters and clears the suggestions when empty.
 */
export function prepareSearch(raw: string): SearchInput {
  const term = stripSearchTerm(raw);
  return { term, shouldQuery: [...term].length >= SEARCH_MIN_LENGTH, clearSuggestions: term.length === 0 };
}

/** A signal that aborts when the caller's does or after `ms`, whichever comes first. */
export function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}
