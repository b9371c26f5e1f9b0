import * as v from 'valibot';
import { PageLoadSchema } from '../../checkout/step-tracking-schema.ts';

/** The page-load analytics call's answer: the payload as checked, skipped steps joined, and the visitor's usid. */
export const PageLoadReply = v.object({
  ...PageLoadSchema.entries,
  skipped_steps: v.string(),
  checkout_entry_step: v.boolean(),
  authenticated: v.boolean(),
  usid: v.string(),
});
