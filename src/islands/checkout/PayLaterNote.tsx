import { PAY_LATER_NOT_WITH_GIFT_CARDS, type PayLaterEligibility, type PayLaterOffer } from '#src/lib/pay-later/pay-later-rules.ts';

interface Props {
  /** What the server's provider offered for the bag. */
  offer: PayLaterOffer | null;
  /** The store's rule read on the same bag (src/lib/pay-later/pay-later-rules.ts). */
  eligibility: PayLaterEligibility;
}

/**
 * The pay-later financing message at the payment step: the provider's own words, named as its, shown only while the
 * store's rule holds. Plain text from the server: the provider's script is never loaded here.
 */
export function PayLaterNote({ offer, eligibility }: Props) {
  if (eligibility === 'gift-card-or-reward') return <p className="notice notice-info">{PAY_LATER_NOT_WITH_GIFT_CARDS}</p>;
  if (eligibility !== 'shown' || !offer) return null;
  return (
    <div role="note" aria-label={`Message from ${offer.provider}`} className="pay-later-note">
      <span className="pay-later-provider">{offer.provider}</span>
      <span>{offer.message}</span>
      {offer.asLowAs && <span className="pay-later-terms">{offer.asLowAs}</span>}
    </div>
  );
}
