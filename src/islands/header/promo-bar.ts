const icon = (path: string) =>
  `<svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false" fill="currentColor">${path}</svg>`;
export const PAUSE_ICON = icon('<rect x="2" y="1" width="3" height="10"/><rect x="7" y="1" width="3" height="10"/>');
export const PLAY_ICON = icon('<path d="M2 1l9 5-9 5z"/>');

/**
 * The promo bar (spec §4): several slides autoplay every 6 s with a play/pause control and pause while the pointer
 * hovers (or focus is inside, so a keyboard user is not interrupted). The details control opens a native dialog.
 */
export function startPromoBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-promo-bar]');
  if (!bar) return;
  for (const button of bar.querySelectorAll<HTMLButtonElement>('[data-details-for]')) {
    const dialog = document.getElementById(button.dataset['detailsFor'] ?? '') as HTMLDialogElement | null;
    // A slide's content asset is drawn in its dialog by promo-asset.ts, with the page's other scripts.
    button.addEventListener('click', () => dialog?.showModal());
    dialog?.querySelector('[data-dialog-close]')?.addEventListener('click', () => dialog.close());
    dialog?.addEventListener('click', (e) => e.target === dialog && dialog.close());
  }
  const slides = [...bar.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...bar.querySelectorAll<HTMLElement>('.promo-dot')];
  const toggle = bar.querySelector<HTMLButtonElement>('[data-promo-toggle]');
  if (slides.length < 2 || !toggle) return;

  const interval = Number(bar.dataset['interval']);
  let index = 0;
  let playing = true;
  let hovered = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (i: number) => {
    index = (i + slides.length) % slides.length;
    slides.forEach((s, n) => {
      s.hidden = n !== index;
    });
    dots.forEach((d, n) => {
      d.classList.toggle('active', n === index);
    });
  };
  const schedule = () => {
    clearInterval(timer);
    timer = playing && !hovered ? setInterval(() => show(index + 1), interval) : undefined;
    bar.dataset['state'] = playing ? (hovered ? 'paused-hover' : 'playing') : 'paused';
  };
  toggle.addEventListener('click', () => {
    playing = !playing;
    toggle.setAttribute('aria-label', playing ? 'Pause promotions' : 'Play promotions');
    toggle.innerHTML = playing ? PAUSE_ICON : PLAY_ICON;
    schedule();
  });
  const hold = (on: boolean) => () => {
    hovered = on;
    schedule();
  };
  bar.addEventListener('mouseenter', hold(true));
  bar.addEventListener('mouseleave', hold(false));
  bar.addEventListener('focusin', hold(true));
  bar.addEventListener('focusout', (e) => !bar.contains(e.relatedTarget as Node | null) && hold(false)());
  schedule();
}
