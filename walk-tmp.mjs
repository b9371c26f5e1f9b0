import { chromium, devices } from '@playwright/test';
const base = process.env.BASE;
const out = '/work/notes/shots';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const [name, opts] of [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['phone', { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }],
]) {
  const ctx = await browser.newContext({
    ...opts,
    baseURL: base,
    extraHTTPHeaders: { 'x-forwarded-for': `10.9.${name.length}.${Date.now() % 200}` },
  });
  const page = await ctx.newPage();
  const shot = (n) => page.screenshot({ path: `${out}/${name}-${n}.png`, fullPage: false });
  const email = `walk.${name}.${Date.now()}@example.com`;
  await page.request.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123' } });
  await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } });
  await page.goto('/checkout');
  await page.waitForTimeout(1500);
  await shot('1-info');
  await page.getByLabel('Address', { exact: true }).fill('12 Main St');
  await page.keyboard.press('Escape');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByLabel('Phone').fill('2175550134');
  await page
    .getByRole('button', { name: /Continue to Shipping|Save and Continue/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Shipping Method' }).waitFor();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').fill('123');
  const save = page.getByLabel(/Save/i).first();
  if (await save.count()) await save.check().catch(() => {});
  await shot('2-payment');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('heading', { name: 'Review and Place Order' }).waitFor();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await page.waitForURL(/order-confirmation/);
  await page.waitForTimeout(1500);
  await shot('3-confirmation');
  // Second order with the saved card: the code is asked at review.
  await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } });
  await page.goto('/checkout');
  await page.waitForTimeout(1500);
  await shot('4-second-checkout');
  for (let i = 0; i < 4; i++) {
    const h = await page
      .getByRole('heading', { level: 2 })
      .first()
      .textContent()
      .catch(() => '');
    if (/Review/.test(h)) break;
    const btn = page.getByRole('button', { name: /Continue to Shipping|Save and Continue|Continue to Payment|Review Order/ }).first();
    await btn.click();
    await page.waitForTimeout(1200);
  }
  await shot('5-review-saved');
  const code = page.getByLabel(/Security Code/i).first();
  await code.fill('999');
  await page.getByRole('button', { name: /Place Order/ }).click();
  await page.waitForTimeout(2000);
  await shot('6-wrong-code');
  await page
    .getByLabel(/Security Code/i)
    .first()
    .fill('123')
    .catch(() => {});
  await page
    .getByRole('button', { name: /Place Order/ })
    .click()
    .catch(() => {});
  await page.waitForTimeout(2500);
  await shot('7-after-right-code');
  await ctx.close();
}
await browser.close();
