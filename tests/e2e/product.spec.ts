import { expect, test } from '@playwright/test';
import { hydrated } from './hydration.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { RECENTLY_VIEWED_COOKIE } from '#src/lib/recommendations.ts';

test('a bra: changing the band clears a cup that band does not come in', async ({ page }) => {
  await page.goto('/p/everyday-t-shirt-bra-bh-5001');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sand', exact: true }).click(); // Sand 34DD is in stock
  await page.getByRole('button', { name: '34', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Please select Cup Size.' })).toBeDisabled();
  await page.getByRole('button', { name: /^DD/ }).click();
  await expect(page).toHaveURL(/braBandSize=34&braCupSize=DD/);
  await page.getByRole('button', { name: '32', exact: true }).click();
  await expect(page.getByRole('button', { name: /^DD/ })).toHaveCount(0); // 32 has no DD
  await expect(page.getByRole('group', { name: /Cup Size: Select/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Please select Cup Size.' })).toBeDisabled();
  await expect(page).not.toHaveURL(/braCupSize/);
});

test('hemmed trousers: choose, clear by clicking again, add; the bag prices the hem', async ({ page }) => {
  await page.goto('/p/high-rise-straight-jean-ca-7001');
  await hydrated(page);
  await expect(page.getByRole('group', { name: /Hemming/ })).toHaveCount(0); // not before a size
  await page.getByRole('button', { name: 'Petite', exact: true }).click();
  await page.getByRole('button', { name: '6P', exact: true }).click();
  const hemming = page.getByRole('group', { name: /Hemming/ });
  await expect(hemming).toContainText('Expedited shipping is not available for hemmed items.');
  await expect(hemming.getByRole('button')).toHaveText(['25"', '26"', '27"', 'Hemming Details']);
  await hemming.getByRole('button', { name: '26"' }).click();
  await expect(hemming.getByRole('button', { name: '26"' })).toHaveAttribute('aria-pressed', 'true');
  await hemming.getByRole('button', { name: '26"' }).click();
  await expect(hemming).toContainText('None');
  await hemming.getByRole('button', { name: '27"' }).click();
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  const added = page.getByRole('dialog', { name: 'Added to your bag' });
  await expect(added).toContainText('Hemming: 27" inseam');
  await added.getByRole('link', { name: 'View Bag' }).click();
  const line = page.getByRole('listitem', { name: /High-Rise Straight Jean/ });
  await expect(line).toContainText('Hemming: 27" inseam (+$8.00)');
  await expect(line.getByTestId('line-price')).toHaveText('$56.99'); // $48.99 (30 % off $69.99) + $8.00
});

test('a gift card: amount preset, To and From required, a message with a live counter', async ({ page }) => {
  await page.goto('/p/gift-card-gc-2');
  await hydrated(page);
  await expect(page.getByRole('button', { name: '$25', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '$50', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByText('Please add To')).toBeVisible();
  await expect(page.getByText('Please add From')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toHaveCount(0);
  await page.getByLabel('To', { exact: true }).fill('Sam');
  await page.getByLabel('From', { exact: true }).fill('Alex');
  await page.getByLabel('Add a gift message').check();
  const message = page.getByLabel('Personalised message');
  await expect(page.getByText('0/330')).toBeVisible();
  await message.fill('Happy birthday!');
  await expect(page.getByText('15/330')).toBeVisible();
  await expect(message).toHaveAttribute('maxlength', '330');
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toContainText('$50.00');
});

test('gift cards and the perks membership offer no colour to choose; merchandise does', async ({ page }) => {
  const perks = await page.request.post('/api/checkout/product/read', { data: { productId: 'fb-perks' } });
  for (const path of ['/p/gift-card-gc-2', '/p/e-gift-card-egc-3', (await perks.json()).body.url]) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeVisible();
    await expect(page.getByRole('group', { name: /^Color:/ }), path).toHaveCount(0);
  }
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await expect(page.getByRole('group', { name: /^Color:/ })).toBeVisible();
});

test('an e-gift card: mismatched e-mails are caught on leaving the field', async ({ page }) => {
  await page.goto('/p/e-gift-card-egc-3');
  await hydrated(page);
  await page.getByLabel('To', { exact: true }).fill('Sam');
  await page.getByLabel('Your name').fill('Alex');
  await page.getByLabel('Recipient email', { exact: true }).fill('sam@example.com');
  await page.getByLabel('Confirm recipient email').fill('sam@example.org');
  await expect(page.getByText('Emails do not match')).toHaveCount(0); // compared on leaving, not while typing
  await page.getByLabel('Confirm recipient email').blur();
  await expect(page.getByText('Emails do not match')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toHaveCount(0);
  await page.getByLabel('Confirm recipient email').fill('sam@example.com');
  await page.getByLabel('Confirm recipient email').blur();
  await expect(page.getByText('Emails do not match')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toBeVisible();
});

test('gallery: colour preview on hover, thumbnails with +N more and a video, zoom modal with focus return', async ({ page, isMobile }) => {
  test.skip(isMobile, 'desktop gallery');
  await page.goto('/p/silky-tie-neck-blouse-ww-2001');
  await hydrated(page);
  const main = page.locator('.gallery .embla-slide img').first();
  await expect(main).toHaveAttribute('src', /efe8da-1/); // ivory, the first colour
  await page.getByRole('button', { name: 'Black', exact: true }).hover();
  await expect(main).toHaveAttribute('src', /1f1f24-1/);
  await page.mouse.move(0, 0);
  await expect(main).toHaveAttribute('src', /efe8da-1/);

  const thumbs = page.getByRole('list', { name: 'Thumbnails' });
  await expect(thumbs.getByRole('button')).toHaveCount(5); // 4 thumbnails and the tile
  await thumbs.getByRole('button', { name: '+1 more' }).click();
  await thumbs.getByRole('button', { name: /Play video/ }).click();
  await expect(page.locator('video.gallery-video')).toBeVisible();
  await thumbs.getByRole('button', { name: /view 2/ }).click();
  await expect(page.locator('video.gallery-video')).toHaveCount(0);

  await page.locator('.gallery .embla').hover();
  // The lens shows the picture at 2.5 times its width; browsers differ in how they write the unset height ('250%' or
  // '250% auto'), which is not what a shopper sees.
  const magnifier = page.getByTestId('magnifier');
  await expect(magnifier).toBeVisible();
  await expect(magnifier).toHaveCSS('background-size', /^250%( auto)?$/);

  const enlarge = page.getByRole('button', { name: 'Enlarge image' });
  await enlarge.click();
  const zoom = page.getByRole('dialog', { name: 'Product Zoom' });
  await expect(zoom).toBeVisible();
  await zoom.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom.getByRole('status', { name: 'Zoom level' }).or(zoom.locator('output'))).toHaveText('1.5×');
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();
  await expect(enlarge).toBeFocused();
});

test('small screens: a swipe gallery with dots', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'small screens only');
  await page.goto('/p/silky-tie-neck-blouse-ww-2001');
  await hydrated(page);
  const dots = page.getByRole('tablist', { name: 'Choose image' });
  await expect(dots.getByRole('tab', { name: /^Image / })).toHaveCount(4);
  await dots.getByRole('tab', { name: 'Image 3' }).click();
  await expect(dots.getByRole('tab', { name: 'Image 3' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Thumbnails' })).toBeHidden();
  // Without thumbnails, the product's video has a dot of its own.
  const video = dots.getByRole('tab', { name: /^Play video/ });
  await expect(video).toHaveCount(1);
  await video.click();
  await expect(page.locator('video.gallery-video')).toBeVisible();
  await expect(video).toHaveAttribute('aria-selected', 'true');
  await dots.getByRole('tab', { name: 'Image 1' }).click();
  await expect(page.locator('video.gallery-video')).toHaveCount(0);
});

test('the size guide opens in a modal with the chart; Escape closes it and focus returns', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  const open = page.getByRole('button', { name: 'Size Guide' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Size Guide' });
  await expect(dialog.getByRole('table', { name: 'Tops (inches)' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close Size Guide' })).toBeFocused(); // focus moves into the modal
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    // Focus is in the dialog (or the browser's own UI), never on the inert page behind it.
    const inPageBehind = await page.evaluate(() => {
      const active = document.activeElement;
      return !!active && active !== document.body && !active.closest('dialog');
    });
    expect(inPageBehind).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('quick shop from a recommendation carousel adds to the bag', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await page.locator('[data-criteria="similaritems"]').scrollIntoViewIfNeeded(); // hydrates when seen
  const carousel = page.getByRole('region', { name: 'Similar styles' });
  await expect(carousel.getByRole('listitem').first()).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Next products' })).toBeVisible();
  const first = carousel.getByRole('button', { name: /^Quick Shop / }).first();
  const name = (await first.getAttribute('aria-label'))!.replace('Quick Shop ', '');
  await first.click();
  const quick = page.getByRole('dialog', { name: 'Quick Shop' });
  await expect(quick.getByRole('heading', { name })).toBeVisible();
  // Any in-stock size will do.
  const size = quick.locator('fieldset.attr').nth(1).locator('button[aria-disabled="false"]').first();
  await size.click();
  await quick.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toContainText(name);
});

test("choosing and hovering colours in a quick shop leaves the product page's own gallery as it was", async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001?color=blk');
  await hydrated(page);
  // Each slide's photograph by its name (product, colour, view): the other slides' files load once the pointer
  // reaches the gallery, which a hover on the dialog may do, without changing which photographs they are.
  const pageImages = () => page.locator('.gallery .embla-slide img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt));
  const before = await pageImages();
  expect(before.length).toBeGreaterThan(0);
  // A product sharing the page's colour ids (Ivory, Coral): the page's gallery follows those ids for its own product.
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent('quickShopEvent', {
        detail: { productId: 'ww-2001', productLink: '/p/silky-tie-neck-blouse-ww-2001', templateProps: {}, modalProps: {} },
      }),
    ),
  );
  const quick = page.getByRole('dialog', { name: 'Quick Shop' });
  await expect(quick.getByRole('heading', { name: 'Silky Tie-Neck Blouse' })).toBeVisible();
  await quick.getByRole('button', { name: /^Coral/ }).hover();
  expect(await pageImages()).toEqual(before);
  await quick.getByRole('button', { name: /^Ivory/ }).click();
  expect(await pageImages()).toEqual(before);
  await page.keyboard.press('Escape');
  await expect(quick).toBeHidden();
  expect(await pageImages()).toEqual(before);
});

test('a product that sold out after the build says so once its purchase area hears from the server', async ({ page }) => {
  const db = e2eDb();
  try {
    const skus = db.kysely.selectFrom('variants').select('sku').where('product_id', '=', 'jl-4003');
    await db.kysely.updateTable('stock').set({ on_hand: 0 }).where('sku', 'in', skus).execute();
    await db.kysely.updateTable('variants').set({ back_ordered: 0 }).where('product_id', '=', 'jl-4003').execute();
  } finally {
    await db.kysely.destroy();
  }
  await page.goto('/p/shirt-dress-jl-4003');
  await hydrated(page);
  await expect(page.getByTestId('sold-out')).toHaveText('This item is sold out.');
});

test('the bag shows recommendations, including what was viewed recently', async ({ page }) => {
  await page.goto('/p/wrap-midi-dress-jl-4001');
  await hydrated(page);
  // The purchase area records the visit in a cookie once it has mounted; the bag reads it.
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === RECENTLY_VIEWED_COOKIE)?.value ?? '').toContain('jl-4001');
  await page.goto('/cart');
  // The bag page renders its carousels on the server: they are in the HTML at once.
  const recent = page.getByRole('region', { name: 'Recently viewed' });
  await recent.scrollIntoViewIfNeeded();
  await expect(recent.getByRole('link', { name: /Wrap Midi Dress/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Complete your look' })).toBeAttached();
});

test('quick shop from a product tile on a listing page', async ({ page }) => {
  await page.goto('/brand/fb');
  await page.getByRole('button', { name: 'Quick Shop Waffle Henley' }).click();
  const quick = page.getByRole('dialog', { name: 'Quick Shop' });
  await expect(quick.getByRole('heading', { name: 'Waffle Henley' })).toBeVisible();
  await expect(quick.getByRole('link', { name: 'View full details' })).toHaveAttribute('href', '/p/waffle-henley-fb-1002?recommendation=true');
  await quick.getByRole('button', { name: 'M', exact: true }).click();
  await quick.getByRole('button', { name: 'Add to Bag' }).click();
  // Quick shop closes: the confirmation is the only modal.
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toContainText('Waffle Henley');
  await expect(quick).toBeHidden();
});

// Product pages are cached per instance until the catalog changes (src/server/http/page-cache.ts): the purchase area
// confirms promotions with the server when it hydrates, and the page's own HTML follows within seconds.
const PAGE_FOLLOWS_TIMEOUT = 20_000;

test('a promotion started after the page was cached shows its callout, in the purchase area and then in the page', async ({ page }, info) => {
  const id = `e2e-late-${info.project.name}`;
  const callout = `Late offer for the ${info.project.name} run`;
  const url = '/p/knit-sheath-dress-jl-4004';
  expect(await (await page.request.get(url)).text()).not.toContain(callout); // cached before the promotion
  const db = e2eDb();
  try {
    await db.kysely
      .insertInto('promotions')
      .values({
        id,
        callout_msg: callout,
        details: 'Added after the build.',
        coupon_code: null,
        percent_off: 0,
        brand_code: null,
        show_in_pdp: 1,
        starts_at: null,
        ends_at: null,
      })
      .execute();
    await db.kysely.insertInto('promotion_products').values({ promotion_id: id, product_id: 'jl-4004' }).execute();
    await page.goto(url);
    await hydrated(page);
    await expect(page.locator('.callout', { hasText: callout })).toBeVisible();
    await expect.poll(async () => (await page.request.get(url)).text(), { timeout: PAGE_FOLLOWS_TIMEOUT }).toContain(callout);
  } finally {
    await db.kysely.deleteFrom('promotions').where('id', '=', id).execute();
    await db.kysely.destroy();
  }
});

test('a promotion that ended after the page was cached loses its callout, in the purchase area and then in the page', async ({ page }, info) => {
  // A promotion of this run's own, so the desktop and mobile runs can each end theirs at the same time.
  const id = `e2e-ending-${info.project.name}`;
  const callout = `Ending offer for the ${info.project.name} run`;
  const url = '/p/packable-puffer-rm-3006';
  const db = e2eDb();
  try {
    await db.kysely
      .insertInto('promotions')
      .values({
        id,
        callout_msg: callout,
        details: 'Ends while the page is cached.',
        coupon_code: null,
        percent_off: 0,
        brand_code: null,
        show_in_pdp: 1,
        starts_at: null,
        ends_at: null,
      })
      .execute();
    await db.kysely.insertInto('promotion_products').values({ promotion_id: id, product_id: 'rm-3006' }).execute();
    // The page is cached with the callout in it.
    await expect.poll(async () => (await page.request.get(url)).text(), { timeout: PAGE_FOLLOWS_TIMEOUT }).toContain(callout);
    await db.kysely.updateTable('promotions').set({ ends_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    await page.goto(url);
    await hydrated(page);
    await expect(page.locator('.callout', { hasText: callout })).toHaveCount(0);
    await expect.poll(async () => (await page.request.get(url)).text(), { timeout: PAGE_FOLLOWS_TIMEOUT }).not.toContain(callout);
  } finally {
    await db.kysely.deleteFrom('promotions').where('id', '=', id).execute();
    await db.kysely.destroy();
  }
});

test('the price block shows the final price, the list price struck, and the sale under a promotion', async ({ page }) => {
  await page.goto('/p/waffle-henley-fb-1002');
  await hydrated(page);
  const block = page.locator('.purchase .price');
  await expect(block.locator('.price-final')).toHaveText('$22.39'); // $27.99 sale, then 20% off Fernbrook tops
  await expect(block.getByLabel('Was $34.99')).toHaveText('$34.99');
  await expect(block.locator('.price-sale')).toHaveText('Sale $27.99');
});

test('keyboard focus is a ring of its own: a focused size is told from the selected one, and it shows on the navy Add to Bag', async ({ page }) => {
  await page.goto('/p/wrap-midi-dress-jl-4001');
  await hydrated(page);
  const sizes = page.getByRole('group', { name: /Size/ });
  const six = sizes.getByRole('button', { name: '6', exact: true });
  await six.click();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveText('8');
  const ring = await focused.evaluate((el) => `${getComputedStyle(el).outlineColor} ${getComputedStyle(el).outlineStyle}`);
  const selectedBorder = await six.evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(ring).toMatch(/solid$/);
  expect(ring.split(' solid')[0]).not.toBe(selectedBorder);
  const add = page.getByRole('button', { name: 'Add to Bag' });
  await add.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
  const addRing = await add.evaluate((el) => [
    getComputedStyle(el).outlineStyle,
    getComputedStyle(el).outlineOffset,
    getComputedStyle(el).outlineColor,
  ]);
  expect(addRing[0]).toBe('solid');
  // Outside the button, so its colour is seen against the page, not against the navy.
  expect(Number.parseFloat(addRing[1]!)).toBeGreaterThan(0);
  expect(addRing[2]).not.toBe(await add.evaluate((el) => getComputedStyle(el).backgroundColor));
});

test('a callout that names its code is not followed by the code again', async ({ page }) => {
  await page.goto('/p/wrap-midi-dress-jl-4001');
  await hydrated(page);
  const purchase = page.getByRole('region', { name: 'Choose options and add to bag' });
  await expect(purchase.getByText(/DRESS10/)).toHaveCount(1);
});

test('the perks line promises free Express shipping, reads with a space before Perks Details, and links to joining', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await expect(page.getByText(/Free Express shipping on every order with/)).toHaveText(
    'Free Express shipping on every order with Fernbrook Perks, $29.00 a year. Perks Details Join Fernbrook Perks',
  );
});

test("a sub-brand's product says 'By' the sub-brand, linked to its page; a product of the brand itself has no such line", async ({ page }) => {
  await page.goto('/p/trail-rain-shell-rm-3001');
  const by = page.getByRole('link', { name: 'Ridgemere Summit' });
  await expect(by).toHaveAttribute('href', '/brand/rm');
  await expect(page.getByText('By Ridgemere Summit', { exact: true })).toBeVisible();
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^By /)).toHaveCount(0);
});

test('the description is open below the purchase area; shipping and returns opens when asked', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  const main = page.getByRole('main');
  await expect(main.getByText('Description & details', { exact: true })).toBeVisible();
  await expect(main.getByText('A soft cotton-modal crew neck with a relaxed fit.')).toBeVisible();
  const returns = main.getByText(/^Free Regular shipping on merchandise of \$75 or more\./);
  await expect(returns).toBeHidden();
  await main.getByText('Shipping & returns', { exact: true }).click();
  await expect(returns).toBeVisible();
});

test('the breadcrumb trail ends with the page itself; a phone shows its last two crumbs', async ({ page, isMobile }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  // Crumbs hidden on a phone are out of the accessibility tree too.
  await expect(trail.getByRole('listitem')).toHaveText(isMobile ? ['Tops', 'Everyday Crew Tee'] : ['Home', 'Fernbrook', 'Tops', 'Everyday Crew Tee']);
  await expect(trail.getByRole('link', { name: 'Everyday Crew Tee' })).toHaveCount(0);
  await expect(trail.locator('[aria-current="page"]')).toHaveText('Everyday Crew Tee');
});
