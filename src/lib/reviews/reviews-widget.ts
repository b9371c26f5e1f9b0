import { isGiftCard } from '../product-types.ts';

/**
 * The reviews widget (product spec §6, §7, §8): version v5, locale en_US, its script loaded from a domain the
 * configuration names (REVIEWS_WIDGET_DOMAIN, with its JSON settings in REVIEWS_WIDGET_CONFIG). Without a domain, or
 * when the settings do not parse (logged), the embedded default shows the product's reviews from the catalog. Never
 * for gift cards.
 */
export const REVIEWS_WIDGET_VERSION = 'v5';
export const REVIEWS_WIDGET_LOCALE = 'en_US';

export type ReviewsWidget = { kind: 'embedded' } | { kind: 'remote'; scriptUrl: string; config: Record<string, unknown> };

export function reviewsWidget(
  domain: string | undefined,
  configText: string | undefined,
  log: (message: string) => void = console.error,
): ReviewsWidget {
  if (!domain) return { kind: 'embedded' };
  let config: unknown = {};
  if (configText) {
    try {
      config = JSON.parse(configText);
    } catch (err) {
      log(`[reviews] the widget's configuration could not be parsed, the embedded reviews are shown: ${(err as Error).message}`);
      return { kind: 'embedded' };
    }
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    log("[reviews] the widget's configuration is not a JSON object, the embedded reviews are shown");
    return { kind: 'embedded' };
  }
  return {
    kind: 'remote',
    scriptUrl: `https://${domain}/${REVIEWS_WIDGET_VERSION}/${REVIEWS_WIDGET_LOCALE}/widget.js`,
    config: config as Record<string, unknown>,
  };
}

export const reviewsShown = (productType: number): boolean => !isGiftCard(productType);
