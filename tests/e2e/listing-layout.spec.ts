import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration.ts';

/** Product tiles and carousels as a shopper sees them laid out, on desktop and phone. */

// A common phone (390x844) is narrower than the mobile project's device: test on it.
test.beforeEach(async ({ page, isMobile }) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
});

/** The Quick Shop label is one line, centred in its button, and the button centred in its tile. */
async function expectOneCentredLine(button: Locator, tile: Locator) {
  await button.scrollIntoViewIfNeeded();
  const m = await button.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    const border = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth);
    return {
      lines: lines.size,
      contentHeight: box.height - padding - border,
      lineHeight: Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2,
      textCentre: text.left + text.width / 2,
      buttonCentre: box.left + box.width / 2,
    };
  });
  const tileBox = (await tile.boundingBox())!;
  expect(m.lines, 'label lines').toBe(1);
  expect(m.contentHeight).toBeLessThan(1.6 * m.lineHeight);
  expect(Math.abs(m.textCentre - m.buttonCentre), 'label centred in its button').toBeLessThanOrEqual(2);
  expect(Math.abs(m.buttonCentre - (tileBox.x + tileBox.width / 2)), 'button centred in its tile').toBeLessThanOrEqual(2);
}

test('the Quick Shop label on listing tiles is one line, centred in the tile', async ({ page }) => {
  for (const path of ['/', '/c/jeans']) {
    await page.goto(path);
    await hydrated(page);
    const tiles = page
      .getByRole('list')
      .filter({ has: page.getByRole('button', { name: /^Quick Shop / }) })
      .first()
      .getByRole('listitem');
    for (const i of [0, 1]) {
      const tile = tiles.nth(i);
      await expectOneCentredLine(tile.getByRole('button', { name: /^Quick Shop / }), tile);
    }
  }
});

test('the Quick Shop label in a recommendation carousel is one line, centred in the tile', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await page.locator('[data-criteria="similaritems"]').scrollIntoViewIfNeeded(); // hydrates when seen
  const carousel = page.getByRole('region', { name: 'Similar styles' });
  const tile = carousel.getByRole('listitem').first();
  await expect(tile).toBeVisible();
  await expectOneCentredLine(tile.getByRole('button', { name: /^Quick Shop / }), tile);
});

async function expectTwoPerRow(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  const tiles = page
    .getByRole('list')
    .filter({ has: page.getByRole('button', { name: /^Quick Shop / }) })
    .first()
    .getByRole('listitem');
  const [a, b] = [(await tiles.nth(0).boundingBox())!, (await tiles.nth(1).boundingBox())!];
  expect(Math.round(b.y), `${path}: the second tile sits beside the first`).toBe(Math.round(a.y));
  expect(b.x).toBeGreaterThan(a.x + a.width - 1);
  expect(b.x + b.width, `${path}: both fit the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('listings show two or more products per row: two on a phone', async ({ page }) => {
  await expectTwoPerRow(page, '/');
  await expectTwoPerRow(page, '/c/jeans');
});
