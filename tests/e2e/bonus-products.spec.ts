import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { hydrated } from './hydration.ts';

/** 'Claim Your Free Gift': the offer appears past $75, the gift is chosen in the modal, and leaves with the items. */
test('fill the bag past $75, claim the free gift in the modal, then go back under the threshold and see the gift go, with a notice', async ({
  page,
}) => {
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'ww-2001-ivr-M', quantity: 1 } });
  expect(res.status()).toBe(200);
  await page.goto('/cart');
  await hydrated(page);

  const claim = page.getByRole('button', { name: 'Claim Your Free Gift' });
  await expect(page.getByRole('listitem', { name: /Silky Tie-Neck Blouse/ })).toBeVisible();
  await expect(claim).toHaveCount(0);
  const blouse = page.getByRole('listitem', { name: /Silky Tie-Neck Blouse/ });
  await blouse.getByLabel('Quantity').selectOption('2');
  const offer = page.getByRole('region', { name: 'Free gift' });
  await expect(offer).toContainText('Free canvas tote or silk scarf with $75 or more');

  await claim.click();
  const dialog = page.getByRole('dialog', { name: 'Claim Your Free Gift' });
  await expect(dialog).toBeVisible();
  const scarf = dialog.getByRole('listitem', { name: 'Printed Silk Scarf' });
  await expect(scarf).toBeVisible(); // the list replaces the loading state
  await expect(dialog.getByRole('listitem', { name: 'Canvas Tote' })).toContainText('Free (worth $24.99)');
  expect(await axeViolations(page, { within: ['dialog[open]'] })).toEqual([]);

  await scarf.getByRole('radio', { name: 'Teal' }).check();
  await scarf.getByRole('button', { name: 'Choose Printed Silk Scarf' }).click();
  await expect(dialog).toBeHidden();
  await expect(offer.getByText('Your free gift is in your bag.')).toBeFocused();
  await expect(claim).toHaveCount(0);

  const gift = page.getByRole('listitem', { name: 'Printed Silk Scarf, Teal' });
  await expect(gift.getByTestId('line-price')).toHaveText('$0.00');
  await expect(gift.getByText('Free gift')).toBeVisible();
  await expect(gift.getByText('Qty 1')).toBeVisible();
  await expect(gift.getByLabel('Quantity')).toHaveCount(0);
  await expect(gift.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  // Two blouses ($109.98); Regular shipping is free; package protection is 2 % of what ships ($2.20).
  await expect(page.getByTestId('summary-total')).toHaveText('$112.18');

  // Back under $75: the gift leaves the bag, and the shopper is told so.
  await blouse.getByLabel('Quantity').selectOption('1');
  await expect(gift).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your free gift (Printed Silk Scarf) was removed because your bag no longer qualifies for it.' }),
  ).toBeVisible();
  await expect(offer).toHaveCount(0);
  await blouse.getByRole('button', { name: 'Remove Silky Tie-Neck Blouse' }).click();
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeVisible();
});
