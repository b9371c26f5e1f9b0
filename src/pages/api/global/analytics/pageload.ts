import * as v from 'valibot';
import { CHECKOUT_STEPS } from '#src/lib/checkout/steps.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

const Text = v.pipe(v.string(), v.maxLength(64));
const PageLoadSchema = v.object({
  page_type: v.picklist(['checkout', 'order-confirmation', 'product', 'cart']),
  page_name: v.optional(v.picklist(CHECKOUT_STEPS)),
  step_value: v.optional(v.pipe(v.string(), v.regex(/^\d(_a)?$/))),
  skipped_steps: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(/^\d$/))), v.maxLength(4)), []),
  checkout_entry_step: v.optional(v.boolean(), false),
  authenticated: v.optional(v.boolean(), false),
  basketId: v.optional(v.nullable(Text)),
  order_id: v.optional(Text),
  product_id: v.optional(Text),
});

/**
 * The page-load analytics call (product spec §7): the store has no analytics vendor of its own, so it checks the
 * payload and answers the normalised data the page merges into its data layer; nothing is stored per request.
 */
export const POST = endpoint(async ({ request, locals }) => {
  const input = await readBody(request, PageLoadSchema);
  const { usid } = await locals.session();
  return success({ ...input, skipped_steps: input.skipped_steps.join(','), usid });
});
