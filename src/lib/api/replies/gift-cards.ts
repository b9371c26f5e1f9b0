import * as v from 'valibot';
import type { GiftCardBalance } from '../../gift-cards/gift-card-rules.ts';
import { exactly } from './exact.ts';

/** A gift card's balance (src/lib/gift-cards/): its last four only, and cents. */
export const GiftCardBalanceReply = exactly<GiftCardBalance>()(
  v.object({
    maskedNumber: v.pipe(v.string(), v.regex(/^•••• \d{4}$/)),
    balance: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
);
