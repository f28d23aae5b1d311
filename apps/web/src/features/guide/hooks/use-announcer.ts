import { useCallback, useState } from 'react';

/**
 * The grid's polite live region: the last text announced on this page (the focused
 * programme, an edge), or else `pageText`, which says which channels a new page shows.
 */
export function useAnnouncer(firstRow: number, pageText: string): { text: string; announce: (text: string) => void } {
  const [said, setSaid] = useState({ firstRow, text: '' });
  const announce = useCallback((text: string) => setSaid({ firstRow, text }), [firstRow]);
  return { text: said.firstRow === firstRow ? said.text : pageText, announce };
}
