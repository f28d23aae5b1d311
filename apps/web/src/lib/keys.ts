/** Keys the player and the guide leave alone: with a modifier, while typing, or in a menu or dialog. */
export function leavesKeyAlone(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target as HTMLElement | null;
  return Boolean(target?.closest?.('input, textarea, select, [role="menu"], [role="dialog"], [role="alertdialog"]'));
}
