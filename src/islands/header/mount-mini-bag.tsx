import { createRoot } from 'react-dom/client';
import { MiniBag } from './MiniBag.tsx';

/** Renders the mini bag island into the flyout; imported on first open only, so React loads late. */
export function mountMiniBag(root: HTMLElement): void {
  createRoot(root).render(<MiniBag />);
}
