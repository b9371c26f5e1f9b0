import type { AddToBagInput } from '../../lib/schemas/basket.ts';
import type { BasketView } from '../../lib/commerce-types.ts';
import { getDb } from '../db/database.ts';
import { attachBasket, type Session } from '../session/session.ts';
import { engine } from './engine.ts';

/**
 * Adds to the session's bag, creating the bag on first add and remembering it on the session, both in the
 * engine's one write transaction (see addItem). A free-gift claim uses the bag the session already has.
 */
export async function addToSessionBag(session: Session, input: AddToBagInput): Promise<BasketView> {
  const commerce = await engine();
  const { basketId } = await commerce.addItem(session.basketId, input, session.id);
  if (session.basketId !== basketId) await attachBasket(await getDb(), session, basketId); // no write when already attached
  return commerce.readBasket(basketId);
}
