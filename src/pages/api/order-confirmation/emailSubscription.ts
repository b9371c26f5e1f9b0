import * as v from 'valibot';
import { Email } from '#src/lib/schemas/email.ts';
import { subscribeEmail } from '#src/server/orders/orders-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

const SubscriptionSchema = v.object({ email: Email, salesChannel: v.optional(v.pipe(v.string(), v.maxLength(32)), 'web') });

/** E-mail sign-up on the order confirmation (checkout spec §7); the island only logs a failure. */
export const POST = endpoint(async ({ request }) => {
  const { email, salesChannel } = await readBody(request, SubscriptionSchema);
  await subscribeEmail(email, `order-confirmation:${salesChannel}`);
  return success({ success: true });
});
