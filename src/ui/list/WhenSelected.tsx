import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';

/**
 * A list's bulk action buttons, drawn only while rows are ticked. react-admin keeps its bulk toolbar
 * in the page with no height when nothing is selected: buttons inside it would still be in the tab
 * order and lie over the column headings (unseen, yet reachable and hiding the headings' targets).
 */
export function WhenSelected({ children }: { children: ReactNode }) {
  const { selectedIds } = useListContext();
  return selectedIds.length > 0 ? <>{children}</> : null;
}
