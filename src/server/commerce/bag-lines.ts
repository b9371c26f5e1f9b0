import { prepared, preparedWrite } from '../db/prepared.ts';
import type { Tx } from '../db/transaction.ts';

// The statements a change to the bag's lines makes (an add to a bag with lines, a quantity, an edit, a removal):
// compiled once and prepared by name on PostgreSQL (db/prepared.ts). Each runs in the transaction that locked the bag.

/** The bag's lines as stored. */
export const linesOfBag = prepared((tx: Tx, basketId: string) => tx.selectFrom('basket_items').selectAll().where('basket_id', '=', basketId));

/** One line of the bag as stored (none when it is not the bag's). */
export const lineOfBag = prepared((tx: Tx, itemId: string, basketId: string) =>
  tx.selectFrom('basket_items').selectAll().where('id', '=', itemId).where('basket_id', '=', basketId),
);

/** The bag's other lines of a variant (an edit's twin, and what counts against the variant's limit). */
export const otherLinesOfSku = prepared((tx: Tx, basketId: string, sku: string, itemId: string) =>
  tx.selectFrom('basket_items').selectAll().where('basket_id', '=', basketId).where('sku', '=', sku).where('id', '!=', itemId),
);

export const setLineQuantity = preparedWrite((tx: Tx, quantity: number, itemId: string) =>
  tx.updateTable('basket_items').set({ quantity }).where('id', '=', itemId),
);

/** Removes the line when it is the bag's: 0 rows when it is not. */
export const deleteLineOfBag = preparedWrite((tx: Tx, itemId: string, basketId: string) =>
  tx.deleteFrom('basket_items').where('id', '=', itemId).where('basket_id', '=', basketId),
);
