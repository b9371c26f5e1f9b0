import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every browser scan runs: WCAG 2.2 level A and AA (2.2 adds target size, 2.5.8, among others). */
const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Scan {
  /** CSS selectors of the parts to scan (the whole page when absent). */
  within?: string[];
  /** Every impact counts, not only serious and critical ones. */
  everyImpact?: boolean;
}

/**
 * The WCAG 2.2 AA violations axe finds on the page as it is now, one line each ('rule: node, node'), so a failing
 * test names what to fix. Serious and critical ones only, unless `everyImpact`.
 */
export async function axeViolations(page: Page, { within = [], everyImpact = false }: Scan = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG22_AA);
  for (const selector of within) builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => everyImpact || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
