import { useStore } from '@nanostores/react';
import { formatCents } from '#src/lib/money.ts';
import { $rewardsOffers } from '#src/lib/stores/rewards.ts';

interface Props {
  busy: boolean;
  onApply(rewardBrand: string): void;
}

/**
 * The brand rewards the bag offers a signed-in member (src/lib/rewards/offer.ts decides on the server): each with the
 * balance and what it would pay of this order, applied with one button.
 */
export function RewardsOffers({ busy, onApply }: Props) {
  const offers = useStore($rewardsOffers);
  if (offers.length === 0) return null;
  return (
    <ul className="coupons" aria-label="Rewards you can use">
      {offers.map((o) => (
        <li key={o.rewardBrand} aria-label={o.label}>
          <strong>{o.label}</strong>
          <span>: {formatCents(o.totalRewards)} available</span>
          <div className="line-actions">
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => onApply(o.rewardBrand)}>
              Apply {formatCents(o.applicableRewards)} of {o.label}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
