import { BadRequest } from '../http/api.ts';
import { engine } from '../commerce/engine.ts';
import { checkoutBlocker } from '#src/lib/bag-line-rules.ts';
import type { BasketView, ShippingMethodView } from '#src/lib/commerce-types.ts';

/**
 * The checkout facade: what the checkout asks of the engine. Today the shipping methods and the choice of one,
 * and whether the bag may enter checkout; the checkout issue adds addresses, payment and placing the order here.
 */
type SessionRead = Pick<App.Locals, 'session'>;

/** The methods the visitor's bag may ship by, each priced for it, and the one selected. */
export async function shippingMethods(locals: SessionRead, known?: BasketView): Promise<{ methods: ShippingMethodView[]; selected: string }> {
  const { basketId } = await locals.session();
  return (await engine()).listShippingMethods(basketId, known);
}

export async function chooseShippingMethod(locals: SessionRead, methodId: string): Promise<BasketView> {
  const { basketId } = await locals.session();
  if (!basketId) throw new BadRequest('Add something to your bag first.', 409);
  const commerce = await engine();
  await commerce.setShippingMethod(basketId, methodId);
  return commerce.pruneAndReadBasket(basketId);
}

/**
 * Entering checkout: the bag as it is now, or where to send a visitor whose bag may not enter (an empty bag, a line
 * that cannot ship to the bag's state).
 */
export async function enterCheckout(locals: SessionRead): Promise<{ redirect: string } | { basket: BasketView }> {
  const { basketId } = await locals.session();
  const basket = await (await engine()).pruneAndReadBasket(basketId);
  const blocker = checkoutBlocker(basket);
  return blocker ? { redirect: blocker } : { basket };
}
