import { PackageProtectionSchema } from '#src/lib/checkout/shipping-extras.ts';
import { packageProtection } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** Product spec §7: package protection add, remove or autoapply for the visitor's bag; the reply carries the bag. */
export const POST = endpoint(async ({ request, locals }) => {
  const { action } = await readBody(request, PackageProtectionSchema);
  return success({ basket: await packageProtection(locals, action) });
});
