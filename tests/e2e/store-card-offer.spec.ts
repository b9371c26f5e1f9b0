import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { bagAtPayment } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';

test.beforeEach(({ context }) => ownClientAddress(context));

/**
 * The store card's pre-screened offer at the payment step (product spec §4), with the embedded bureau's test
 * identities (docs/decisions.md "Store card offers"): a shipping address under the last name Approved is pre-approved;
 * the SSN's last four picks the application's result. The offer is a dialog with the short opt-out notice beside it
 * and the long one a step away; NO shows the rebuttal once; APPROVED pays the order with the new card and goes on to
 * review; PENDING and DECLINED, ACCOUNT_EXISTS and ERROR each say so and leave the shopper at payment. Without an offer
 * the page does not move.
 */
const viewportOf = (project: string) => (project === 'mobile' ? { width: 390, height: 844 } : { width: 1280, height: 900 });

async function offerAtPayment(page: Page, project: string) {
  await page.setViewportSize(viewportOf(project));
  await bagAtPayment(page, { guest: true, lastName: 'Approved' });
  const dialog = page.getByRole('dialog', { name: "You're pre-approved for the store card" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function applyWith(page: Page, ssnLast4: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Apply for the store card' })).toBeVisible();
  await dialog.getByLabel('Mobile phone').fill('(217) 555-0134');
  await dialog.getByLabel('Date of birth (MM/DD/YYYY)').fill('07/14/1988');
  await dialog.getByLabel('Last 4 digits of your Social Security number').fill(ssnLast4);
  await dialog.getByLabel(/I have read the Prescreen & Opt-Out Notice/).check();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
}

test('the offer carries the short opt-out notice and the long one a step away, and passes axe', async ({ page }, testInfo) => {
  const dialog = await offerAtPayment(page, testInfo.project.name);
  await expect(dialog.getByText(/pre-approved for the store card with a credit line of up to \$1,500\.00/)).toBeVisible();
  await expect(dialog.getByText(/stop receiving "prescreened" offers of credit .* 1-888-567-8688/)).toBeVisible();
  const long = dialog.getByRole('region', { name: 'Prescreen & Opt-Out Notice' });
  await expect(long).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath(`store-card-offer-${testInfo.project.name}.png`) });
  await dialog.getByRole('button', { name: 'Prescreen & Opt-Out Notice' }).click();
  await expect(long).toBeVisible();
  await expect(long.getByText(/www\.optoutprescreen\.com/)).toBeVisible();
  expect(await axeViolations(page, { within: ['dialog[open]'] })).toEqual([]);
  await dialog.getByRole('button', { name: 'Apply Now' }).click();
  const application = page.getByRole('dialog', { name: 'Apply for the store card' });
  await expect(application).toBeVisible();
  await application.getByRole('button', { name: 'Submit Application' }).click();
  await expect(application.getByText('Please enter your date of birth as MM/DD/YYYY.')).toBeVisible();
  // The first field with an error takes focus (the phone is the pre-screened one, already filled).
  await expect(application.getByLabel('Date of birth (MM/DD/YYYY)')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath(`store-card-application-${testInfo.project.name}.png`) });
  expect(await axeViolations(page, { within: ['dialog[open]'] })).toEqual([]);
});

test('NO shows the rebuttal once; a second NO closes the offer for this bag', async ({ page }, testInfo) => {
  const dialog = await offerAtPayment(page, testInfo.project.name);
  await dialog.getByRole('button', { name: 'No Thanks' }).click();
  await expect(page.getByRole('dialog', { name: 'Before you go' })).toBeVisible();
  await page.getByRole('button', { name: 'No Thanks' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByLabel('Card Number')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an approved application pays the order with the new store card and goes on to review', async ({ page }, testInfo) => {
  await offerAtPayment(page, testInfo.project.name);
  await applyWith(page, '1000');
  const approved = page.getByRole('dialog', { name: "You're approved" });
  await expect(approved.getByText(/Your store card ending in \d{4} has \$1,500\.00 available credit\. It pays for this order/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`store-card-approved-${testInfo.project.name}.png`) });
  await approved.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
  await expect(page.getByText(/^Store card ending in \d{4}: \$[\d.,]+$/)).toBeVisible();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

for (const [ssnLast4, result, title] of [
  ['2000', 'PENDING', 'Thank you for applying'],
  ['3000', 'DECLINED', 'Thank you for applying'],
  ['4000', 'ACCOUNT_EXISTS', 'You already have the store card'],
  ['5000', 'ERROR', 'We could not finish your application'],
] as const) {
  test(`an application answered ${result} says so and leaves the shopper at payment`, async ({ page }, testInfo) => {
    await offerAtPayment(page, testInfo.project.name);
    await applyWith(page, ssnLast4);
    const answered = page.getByRole('dialog', { name: title });
    await expect(answered).toBeVisible();
    await answered.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByLabel('Card Number')).toBeVisible();
  });
}

/** Holds the page's rtps/details/ call until `release` is called. */
async function holdDetails(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked = page.waitForRequest((r) => r.url().includes('/api/checkout/rtps/details/'));
  await page.route('**/api/checkout/rtps/details/', async (route) => {
    await released;
    await route.continue();
  });
  return { asked, release };
}

const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('without an offer no dialog opens and nothing on the payment step moves', async ({ page }, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  const held = await holdDetails(page);
  await bagAtPayment(page, { guest: true });
  await held.asked;
  const cardNumber = page.getByLabel('Card Number');
  const before = await cardNumber.boundingBox();
  const answered = page.waitForResponse((r) => r.url().includes('/api/checkout/rtps/details/'));
  held.release();
  expect((await (await answered).json()).body.plccInfo.offer).toBeNull();
  await nextFrame(page);
  expect(await cardNumber.boundingBox()).toEqual(before);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an offer that comes later than 5000 ms is not shown: the shopper has moved on', async ({ page }, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  await page.clock.install();
  const held = await holdDetails(page);
  await bagAtPayment(page, { guest: true, lastName: 'Approved' });
  await held.asked;
  await page.clock.runFor(5001);
  const answered = page.waitForResponse((r) => r.url().includes('/api/checkout/rtps/details/'));
  held.release();
  expect((await (await answered).json()).body.plccInfo.offer).not.toBeNull();
  await page.clock.runFor(100);
  // A request of the page's own after the answer: the page has handled the answer by the time it returns.
  expect(await page.evaluate(() => fetch('/api/checkout/state').then((r) => r.ok))).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Card Number')).toBeVisible();
});
