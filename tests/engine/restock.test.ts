import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restock, stockLevel } from '#src/server/commerce/stock.ts';
import { joinWaitlist } from '#src/server/commerce/waitlist.ts';
import { latestMail } from '#src/server/mail/mailer.ts';
import { CommerceError } from '#src/server/commerce/errors.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

describe('restock and the waitlist', () => {
  it('adds stock, e-mails each waiting shopper once with a link to the colour, and clears their sign-ups', async () => {
    await joinWaitlist(t.db, 'fb-1006-olv-M', 'ann@example.com');
    await joinWaitlist(t.db, 'fb-1006-olv-M', 'bo@example.com');
    await joinWaitlist(t.db, 'fb-1006-olv-L', 'cy@example.com');
    const result = await restock(t.db, 'fb-1006-olv-M', 5, 'https://shop.example');
    expect(result).toEqual({ onHand: 5, notified: 2 });
    const [mail] = await latestMail(t.db, 'ann@example.com');
    expect(mail?.subject).toBe('Back in stock: Quilted Vest');
    expect(mail?.text_body).toContain('Quilted Vest in Olive, size M, is back in stock.');
    expect(mail?.text_body).toContain('https://shop.example/p/quilted-vest-fb-1006?color=olv');
    expect(await latestMail(t.db, 'cy@example.com')).toEqual([]); // another size: still waiting
    expect((await restock(t.db, 'fb-1006-olv-M', 1, 'https://shop.example')).notified).toBe(0); // told once
    expect(await stockLevel(t.db, 'fb-1006-olv-M')).toBe(6);
  });

  it('refuses a non-positive quantity and a variant without stock', async () => {
    await expect(restock(t.db, 'fb-1006-olv-M', 0, 'x')).rejects.toBeInstanceOf(CommerceError);
    await expect(restock(t.db, 'gc-2-gc-25', 1, 'x')).rejects.toThrow(/No stock is kept/);
  });
});
