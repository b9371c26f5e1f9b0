import { RegisterAfterOrderSchema } from '../../../../lib/schemas/account.ts';
import { createCustomer } from '../../../../server/accounts/accounts.ts';
import { limitRegistrations, signInReply } from '../../../../server/accounts/http.ts';
import { getDb } from '../../../../server/db/database.ts';
import { BadRequest, endpoint, readBody, success } from '../../../../server/http/api.ts';

export const prerender = false;

/**
 * Registration after a guest order (order confirmation page): the e-mail must be the order's, the order must
 * not belong to an account yet; the order joins the new account.
 */
export const POST = endpoint(async (context) => {
  const { email, password, orderId } = await readBody(context.request, RegisterAfterOrderSchema);
  const db = await getDb();
  await limitRegistrations(db, context);
  const order = await db.kysely.selectFrom('orders').select(['id', 'email', 'customer_id']).where((eb) => eb.or([eb('id', '=', orderId), eb('order_no', '=', orderId)])).executeTakeFirst();
  if (!order || order.email !== email || order.customer_id) throw new BadRequest('We could not find a guest order for this email.', 404);
  const customer = await createCustomer(db, { email, firstName: '', lastName: '', password });
  await db.kysely.updateTable('orders').set({ customer_id: customer.id }).where('id', '=', order.id).execute();
  return success(await signInReply(context, customer, false), { message: 'Your account has been created.' });
});
