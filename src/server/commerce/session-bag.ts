import type { AddToBagInput } from '../../lib/schemas/basket.ts';
import type { BasketView } from '../../lib/commerce-types.ts';
import { getDb } from '../db/database.ts';
import { attachBasket } from '../session/session.ts';
import { engine } from './engine.ts';

type SessionAccess = Pick<App.Locals, 'session' | 'keepSession'>;

/**
 * Adds to the session's bag, creating the bag on first add and remembering it on the session, both in the
 * engine's one write transaction (see addItem). A visitor with no stored session yet gets one only once the add
 * has made their bag, so a refused add writes no session. A free-gift claim uses the bag the session already has.
 */
export async function addToSessionBag(locals: SessionAccess, input: AddToBagInput): Promise<BasketView> {
  const commerce = await engine();
  const session = await locals.session();
  if (!session.saved) {
    const { basketId } = await commerce.addItem(null, input);
    await locals.keepSession(basketId);
    return commerce.readBasket(basketId);
  }
  const { basketId } = await commerce.addItem(session.basketId, input, session.id);
  if (session.basketId !== basketId) await attachBasket(await getDb(), session, basketId); // no write when already attached
  return commerce.readBasket(basketId);
}
