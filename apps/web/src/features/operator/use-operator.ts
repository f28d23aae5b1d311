import type { OperatorMe } from '@pantalla/contracts';
import { useOutletContext } from 'react-router';
import { canEdit, type SectionName } from './sections';

/** The operator at the console, for a section's screen (the layout passes it down). */
export function useOperator(): OperatorMe {
  return useOutletContext<OperatorMe>();
}

/** Whether the operator's roles may change things in `section` (the server checks again). */
export function useCanEdit(section: SectionName): boolean {
  return canEdit(useOperator().roles, section);
}
