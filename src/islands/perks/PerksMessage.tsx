import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { membershipEndDisplay } from '#src/lib/perks/membership-dates.ts';
import { perksBenefit } from '#src/lib/perks/perks-texts.ts';
import { $customer } from '#src/lib/stores/customer.ts';
import { $perksStatus, loadPerksStatus } from '#src/lib/stores/perks.ts';
import { PerksDetails } from './PerksDetails.tsx';
import './perks.css';

interface Props {
  /** The programme's name ('Fernbrook Perks') and its yearly price as shown. */
  programmeName: string;
  price: string;
  /** The perks promotion whose texts the Perks Details modal shows; null: no details link (brand setting). */
  promotionId: string | null;
  /** The membership's own page, where it is joined; null on that page. */
  joinUrl: string | null;
}

/**
 * The product page's perks line (product spec §4 "Perks and rewards on the page"): what members get and its price,
 * Perks Details, and where to join. A signed-in member reads until when their membership runs instead (asked once
 * per session, src/lib/stores/perks.ts). The page is the same for everyone: the line changes once hydrated.
 */
export function PerksMessage({ programmeName, price, promotionId, joinUrl }: Props) {
  const customer = useStore($customer);
  const status = useStore($perksStatus);
  useEffect(() => {
    void loadPerksStatus(customer.authenticated ? customer.email : null);
  }, [customer.authenticated, customer.email]);

  if (status?.isMember && status.endsAt) {
    return (
      <div className="perks-member">
        You are a {status.programmeName ?? programmeName} member until {membershipEndDisplay(status.endsAt)}: Express shipping is free.{' '}
        {promotionId && <PerksDetails promotionId={promotionId} />}
      </div>
    );
  }
  // A div, not a p: the details modal's <dialog> would close a paragraph early in the HTML parser.
  return (
    <div>
      {perksBenefit(programmeName)}, {price} a year. {promotionId && <PerksDetails promotionId={promotionId} />}
      {joinUrl && (
        <>
          {' '}
          <a href={joinUrl}>Join {programmeName}</a>
        </>
      )}
    </div>
  );
}
