import * as v from 'valibot';
import { CHECKOUT_STEPS } from './steps.ts';

/** The page-load analytics call (product spec §7 POST /api/global/analytics/pageload/). */
const Text = v.pipe(v.string(), v.maxLength(64));

export const PageLoadSchema = v.object({
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
