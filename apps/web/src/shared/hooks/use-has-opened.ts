/**
 * True from the first time `isOpen` is, and from then on: an overlay (modal, drawer) is not
 * mounted before it is first wanted — its component and styles cost nothing on a page that
 * never opens it — and stays mounted after, so closing animates.
 */
import { useState } from 'react';

export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
