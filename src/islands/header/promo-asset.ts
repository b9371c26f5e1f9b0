import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';

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
 * Fills each promo slide's content asset when its details dialog opens (one already open is filled at once). It runs
 * with the page's scripts (PageScripts.astro), so the promo bar's own script stays small enough to be written inline.
 */
export function watchPromoAssets(): void {
  for (const place of document.querySelectorAll<HTMLElement>('.promo-dialog [data-asset-id]')) {
    const dialog = place.closest('dialog');
    if (!dialog) continue;
    if (dialog.open) void fillAsset(place);
    document.querySelector(`[data-details-for="${dialog.id}"]`)?.addEventListener('click', () => void fillAsset(place));
  }
}
