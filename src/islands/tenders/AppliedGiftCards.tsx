import type { PaymentInstrumentView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';

interface Props {
  instruments: PaymentInstrumentView[];
  busy: boolean;
  onRemove(paymentInstrumentId: string): void;
}

/** The gift cards on the bag, each with its last four and what it pays of the order now, and a way to take it off. */
export function AppliedGiftCards({ instruments, busy, onRemove }: Props) {
  const cards = instruments.filter((p) => p.paymentMethodId === 'SVS_GIFT_CARD');
  if (cards.length === 0) return null;
  return (
    <ul className="coupons" aria-label="Gift cards on your order">
      {cards.map((card) => (
        <li key={card.paymentInstrumentId} aria-label={`Gift card ${card.c_giftCardNumber ?? ''}`}>
          <strong>Gift card {card.c_giftCardNumber}</strong>
          <span> pays {formatCents(card.amount)}</span>
          <div className="line-actions">
            <button
              type="button"
              className="link"
              disabled={busy}
              onClick={() => onRemove(card.paymentInstrumentId)}
              aria-label={`Remove gift card ${card.c_giftCardNumber ?? ''}`}
            >
              Remove
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
