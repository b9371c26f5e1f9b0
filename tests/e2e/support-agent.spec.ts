import { expect, test, type Page } from '@playwright/test';
import { recordingEvents } from '#src/server/support-agents/call-recorder.ts';
import { addAgent } from '#src/server/support-agents/support-agents.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { axeViolations } from './axe.ts';
import { bagAtPayment } from './checkout-forms.ts';

/**
 * Support-agent mode in the browser (checkout spec §6): an agent signs in at /agent, checks out for a caller, and the
 * call's recording is muted while the card fields have focus and unmuted when focus leaves them, on a desktop and a
 * phone; a shopper's card fields send nothing.
 */
async function newAgent() {
  const email = `agent-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const db = e2eDb();
  try {
    return { email, id: await addAgent(db, { email, password: 'agent-pass-1', name: 'Robin Agent' }) };
  } finally {
    await db.kysely.destroy();
  }
}

async function events(agentId: string) {
  const db = e2eDb();
  try {
    return (await recordingEvents(db, agentId)).map((e) => e.action);
  } finally {
    await db.kysely.destroy();
  }
}

const recordingCalls = (page: Page) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/global/sfcc/write') && calls.push(r.postDataJSON().controllerName));
  return calls;
};

test('an agent in context: recording muted while the card fields have focus, unmuted after', async ({ page }, info) => {
  const agent = await newAgent();
  await page.goto('/agent');
  const form = page.getByRole('form', { name: 'Support agent sign in' });
  await form.getByLabel('Email').fill(agent.email);
  await form.getByLabel('Password').fill('agent-pass-1');
  await form.getByLabel('Phone extension').fill('2468');
  expect(await axeViolations(page, { within: ['main'] })).toEqual([]);
  await page.screenshot({ path: `/tmp/agent-sign-in-${info.project.name}.png` });
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('region', { name: 'Signed in as Robin Agent' }).getByRole('status')).toContainText('On extension 2468.');
  expect(await axeViolations(page, { within: ['main'] })).toEqual([]);
  await page.screenshot({ path: `/tmp/agent-signed-in-${info.project.name}.png` });

  const calls = recordingCalls(page);
  await bagAtPayment(page, { guest: true });
  await page.getByLabel('Card Number').focus();
  await expect.poll(() => events(agent.id)).toEqual(['mute']);
  // Moving between the card fields keeps it muted.
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Card Number').press('Tab');
  await expect(page.getByLabel('Expiration Date MM/YY')).toBeFocused();
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').focus();
  await page.getByLabel('Security Code').fill('123');
  await page.getByLabel('Security Code').press('Tab');
  await expect.poll(() => events(agent.id)).toEqual(['mute', 'unmute']);
  expect(calls).toEqual(['CallRecording-Mute', 'CallRecording-Unmute']);
  // Back into the card fields: muted again.
  await page.getByLabel('Name on Card').focus();
  await expect.poll(() => events(agent.id)).toEqual(['mute', 'unmute', 'mute']);
});

test('a shopper’s card fields send nothing to the recorder', async ({ page }) => {
  const calls = recordingCalls(page);
  await bagAtPayment(page, { guest: true });
  await page.getByLabel('Card Number').focus();
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Card Number').press('Tab');
  await page.getByRole('heading', { name: 'Payment' }).click();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
});
