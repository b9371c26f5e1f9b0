import { prepared } from '../db/prepared.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Tx } from '../db/transaction.ts';
import type { Database } from '../db/schema.ts';
import type { SessionRow } from '../session/session.ts';

/** The stamp's columns beyond the bag's own, each a subquery on the bag `b` (none of them per line). */
const bagDependencies = (eb: ExpressionBuilder<StampScope, 'b'>) => [
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
];
type StampScope = Database & { b: Database['baskets'] };

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
    .select(bagDependencies)
    .where('b.id', '=', basketId)
    .orderBy('i.id'),
);

/** The rows a stamp is made of: the bag's (null when there is none), one per line. */
type StampRow = {
  version: number | null;
  status: string | null;
  catalog_version: number | null;
  item_id: string | null;
  on_hand: number | null;
  perks_until: string | null;
  tender_ledger: number | string | null;
  certificates_free: number | string | null;
  rewards_ledger: number | string | null;
  rewards_active: number | string | null;
};

function stampOf(rows: StampRow[]): string | null {
  const head = rows[0];
  if (!head || head.version === null) return null;
  const tenders = [head.tender_ledger, head.certificates_free, head.rewards_ledger, head.rewards_active].map((n) => Number(n ?? 0)).join(',');
  let stamp = `${head.version}|${head.status}|${head.catalog_version}|${head.perks_until ?? '-'}|${tenders}`;
  for (const r of rows) if (r.item_id !== null) stamp += `|${r.on_hand ?? '-'}`;
  return stamp;
}

export async function readBasketStamp(tx: Tx, basketId: string): Promise<string | null> {
  return stampOf(await stampRows(tx, basketId));
}

/**
 * A session row by its id (its token's hash) and the stamp of the bag it holds, in one statement: a bag read's one
 * round trip. The stamp is null when the session holds no bag, the row undefined when there is no session.
 */
const sessionStampRows = prepared((tx: Tx, sessionId: string) =>
  tx
    .selectFrom('sessions as ss')
    .leftJoin('baskets as b', 'b.id', 'ss.basket_id')
    .leftJoin('catalog_state as cs', (j) => j.on('cs.id', '=', 1))
    .leftJoin('basket_items as i', 'i.basket_id', 'b.id')
    .leftJoin('stock as s', 's.sku', 'i.sku')
    .select(['ss.usid', 'ss.basket_id', 'ss.customer_id', 'ss.remember', 'ss.expires_at'])
    .select(['b.version', 'b.status', 'cs.version as catalog_version', 'i.id as item_id', 's.on_hand'])
    .select(bagDependencies)
    .where('ss.id', '=', sessionId)
    .orderBy('i.id'),
);

export async function readSessionAndBagStamp(tx: Tx, sessionId: string): Promise<{ row: SessionRow | undefined; with: string | null }> {
  const rows = await sessionStampRows(tx, sessionId);
  return { row: rows[0], with: stampOf(rows) };
}
