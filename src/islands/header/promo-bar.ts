import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';

const icon = (path: string) =>
  `<svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false" fill="currentColor">${path}</svg>`;
export const PAUSE_ICON = icon('<rect x="2" y="1" width="3" height="10"/><rect x="7" y="1" width="3" height="10"/>');
export const PLAY_ICON = icon('<path d="M2 1l9 5-9 5z"/>');

/**
 * A slide's content asset (its `contentAssetId`) in its details dialog, asked for with the spec's contentAsset call
 * when the dialog first opens: what is published now, its title, text and link.
 */
async function fillAsset(place: HTMLElement): Promise<void> {
  if (place.dataset['filled']) return;
  place.dataset['filled'] = 'true';
  const r = await callApi(API.contentAsset, { assetIds: [place.dataset['assetId'] ?? ''] });
  const asset = r.ok ? r.body.assets[0] : undefined;
  if (!asset) {
    place.textContent = 'These details are not available right now.';
    delete place.dataset['filled'];
    return;
  }
  const title = document.createElement('h3');
  title.textContent = asset.title;
  const body = document.createElement('p');
  body.textContent = asset.body;
  place.replaceChildren(title, body);
  if (asset.link) {
    const link = document.createElement('a');
    link.href = asset.link.url;
    link.textContent = asset.link.label;
    place.append(link);
  }
}

/**
 * The promo bar (spec §4): several slides autoplay every 6 s with a play/pause control and pause while the pointer
 * hovers (or focus is inside, so a keyboard user is not interrupted). The details control opens a native dialog.
 */
export function startPromoBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-promo-bar]');
  if (!bar) return;
  for (const button of bar.querySelectorAll<HTMLButtonElement>('[data-details-for]')) {
    const dialog = document.getElementById(button.dataset['detailsFor'] ?? '') as HTMLDialogElement | null;
    const asset = dialog?.querySelector<HTMLElement>('[data-asset-id]');
    button.addEventListener('click', () => {
      dialog?.showModal();
      if (asset) void fillAsset(asset);
    });
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
