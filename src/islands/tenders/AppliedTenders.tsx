import type { PaymentInstrumentView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { BRAND_PROGRAMMES } from '#src/lib/rewards/programmes.ts';

interface Props {
  instruments: PaymentInstrumentView[];
  busy: boolean;
  onRemove(paymentInstrumentId: string): void;
}

/** How the shopper reads a tender: a gift card or certificate by its last four, rewards by their programme. */
function nameOf(p: PaymentInstrumentView): string {
  switch (p.paymentMethodId) {
    case 'SVS_GIFT_CARD':
      return `Gift card ${p.c_giftCardNumber ?? ''}`;
    case 'FB_REWARD_CERTIFICATE':
    case 'ADS_REWARD_CERTIFICATE':
      return `Reward certificate ${p.c_rewardCertNumber ?? ''}`;
    case BRAND_PROGRAMMES.elq.paymentMethodId:
      return BRAND_PROGRAMMES.elq.label;
    default:
      return BRAND_PROGRAMMES.dia.label;
  }
}

/**
 * The tenders on the bag in the order they pay (certificates and rewards, then gift cards), each with what it pays of
 * the order now, and a way to take it off.
 */
export function AppliedTenders({ instruments, busy, onRemove }: Props) {
  if (instruments.length === 0) return null;
  return (
    <ul className="coupons" aria-label="Payments on your order">
      {instruments.map((p) => {
        const name = nameOf(p);
        return (
          <li key={p.paymentInstrumentId} aria-label={name}>
            <strong>{name}</strong>
            <span> pays {formatCents(p.amount)}</span>
            <div className="line-actions">
              <button type="button" className="link" disabled={busy} onClick={() => onRemove(p.paymentInstrumentId)} aria-label={`Remove ${name}`}>
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
