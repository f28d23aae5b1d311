/**
 * Search keys of an account for the console's subscriber search (issue 27): lower case,
 * accents folded (José → jose, GARCÍA → garcia, ñ → n), white space collapsed. One key per
 * way an operator starts typing: the e-mail, "name surname" and the surname alone. A term is
 * folded the same way and matched as a prefix with an index range, on both databases.
 */
export const SEARCH_KEY_MAX = 120;

/** The folded form of a text or a term. */
export function foldSearchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_KEY_MAX);
}

/** The distinct non-empty keys an account is found by. */
export function searchKeysOf(account: { email: string; name: string; surname: string }): string[] {
  const keys = [
    foldSearchKey(account.email),
    foldSearchKey(`${account.name} ${account.surname}`),
    foldSearchKey(account.surname),
  ];
  return [...new Set(keys.filter((key) => key !== ''))];
}

/** The end of a prefix's range: every key starting with `prefix` sorts below it (binary order). */
export function prefixEnd(prefix: string): string {
  return `${prefix}\uffff`;
}
