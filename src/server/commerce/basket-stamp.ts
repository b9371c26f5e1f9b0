import { prepared } from '../db/prepared.ts';
import type { Tx } from '../db/transaction.ts';

/**
 * Everything a priced bag depends on that the catalog's version does not cover, as one string: the bag's version
 * (raised by every write to the bag, its lines, codes and checkout choices; migration 016), whether it is still
 * open, the catalog's version, the stock of its lines (orders by other shoppers take it without touching the
 * bag), the end of the perks membership of the account holding it (signing in, or an order that starts a
 * membership, changes how its shipping is priced without touching the bag), and how many ledger rows its tenders'
 * gift cards have (a card spent on another bag changes what it pays on this one; a ledger is only ever added to, so
 * its row count moves with every debit, reversal or issue), and likewise for reward tenders how many of their
 * certificates are unused (a certificate used or released by another placement), how many rows the rewards ledgers
 * they spend from have, and whether their accounts are still active members. Two reads of a bag under the same stamp, the same
 * free-gift and promotion windows and the same hour
 * (basket-pricer's calendar rules) price it the same. Null when there is no such bag.
 */
const stampRows = prepared((tx: Tx, basketId: string) =>
  tx
    .selectFrom('baskets as b')
    .innerJoin('catalog_state as cs', (j) => j.on('cs.id', '=', 1))
    .leftJoin('basket_items as i', 'i.basket_id', 'b.id')
    .leftJoin('stock as s', 's.sku', 'i.sku')
    .select(['b.version', 'b.status', 'cs.version as catalog_version', 'i.id as item_id', 's.on_hand'])
    .select((eb) => [
      eb
        .selectFrom('customers as pc')
        .innerJoin('perks_memberships as pm', 'pm.customer_id', 'pc.id')
        .select((m) => m.fn.max('pm.ends_at').as('ends_at'))
        .whereRef('pc.basket_id', '=', 'b.id')
        .as('perks_until'),
      eb
        .selectFrom('bag_tenders as t')
        .innerJoin('gift_card_ledger as l', 'l.card_id', 't.gift_card_id')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('t.basket_id', '=', 'b.id')
        .as('tender_ledger'),
      eb
        .selectFrom('bag_tenders as tc')
        .innerJoin('reward_certificates as rc', 'rc.id', 'tc.certificate_id')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('tc.basket_id', '=', 'b.id')
        .where('rc.used_at', 'is', null)
        .as('certificates_free'),
      eb
        .selectFrom('bag_tenders as tr')
        .innerJoin('rewards_ledger as rl', (j) => j.onRef('rl.customer_id', '=', 'tr.customer_id').onRef('rl.programme', '=', 'tr.programme'))
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('tr.basket_id', '=', 'b.id')
        .as('rewards_ledger'),
      eb
        .selectFrom('bag_tenders as tm')
        .innerJoin('rewards_memberships as rm', (j) => j.onRef('rm.customer_id', '=', 'tm.customer_id').onRef('rm.programme', '=', 'tm.programme'))
        .select((c) => c.fn.sum<number>('rm.is_active').as('n'))
        .whereRef('tm.basket_id', '=', 'b.id')
        .as('rewards_active'),
    ])
    .where('b.id', '=', basketId)
    .orderBy('i.id'),
);

export async function readBasketStamp(tx: Tx, basketId: string): Promise<string | null> {
  const rows = await stampRows(tx, basketId);
  const head = rows[0];
  if (!head) return null;
  const tenders = [head.tender_ledger, head.certificates_free, head.rewards_ledger, head.rewards_active].map((n) => Number(n ?? 0)).join(',');
  let stamp = `${head.version}|${head.status}|${head.catalog_version}|${head.perks_until ?? '-'}|${tenders}`;
  for (const r of rows) if (r.item_id !== null) stamp += `|${r.on_hand ?? '-'}`;
  return stamp;
}
