import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { offerOpen } from '#src/lib/store-card-offer/offer-rules.ts';
import {
  APPLICATION_TITLE,
  GUEST_REGISTRATION,
  OFFER_TITLE,
  offerText,
  REBUTTAL_TEXT,
  REBUTTAL_TITLE,
  RESULT_TITLES,
  resultText,
} from '#src/lib/store-card-offer/offer-messages.ts';
import { $guestPreScreen, $offerResult, $storeCardOffer, answerOffer, askForOffer } from '#src/lib/stores/store-card-offer.ts';
import { Modal } from '../ui/Modal.tsx';
import { OptOutNotice } from './OptOutNotice.tsx';
import { StoreCardApplication } from './StoreCardApplication.tsx';
import './store-card-offer.css';

interface Props {
  basketId: string;
  /** The shipping address's first name and phone (a signed-in shopper's; a guest's come with the offer). */
  firstName: string | null;
  phone: string;
  signedIn: boolean;
  /** An approved card pays the order: the checkout goes on to review when the dialog closes. */
  onPaid(): void;
}

type Stage = 'offer' | 'application' | 'result';

/**
 * The store card's pre-screened offer at the payment step (product spec §4): a dialog, opened only when the server
 * has an offer for this bag within the offer timeout, so a page without an offer never moves. Seeing it is told to
 * the server (VIEWED); No Thanks (or closing it) is a NO, and the first NO shows the rebuttal once; Apply Now opens
 * the application, whose result the dialog then shows.
 */
export function StoreCardOfferDialog({ basketId, firstName, phone, signedIn, onPaid }: Props) {
  const offer = useStore($storeCardOffer);
  const guest = useStore($guestPreScreen);
  const result = useStore($offerResult);
  const [stage, setStage] = useState<Stage>('offer');
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    void askForOffer(basketId);
  }, [basketId]);

  // A result, once there is one, is what the dialog shows (the offer is closed by then).
  const current: Stage = result ? 'result' : stage;
  const showing = !dismissed && (result !== null || offerOpen(offer));
  useEffect(() => {
    if (showing && offer && !offer.viewed) void answerOffer('VIEWED');
  }, [showing, offer]);

  if (!offer) return null;
  const rebuttal = offer.rebuttalEligible;
  const close = () => {
    setDismissed(true);
    if (result?.paysThisOrder) onPaid();
    else if (!result && offerOpen($storeCardOffer.get())) void answerOffer('NO');
  };
  const title =
    result !== null ? RESULT_TITLES[result.view] : current === 'application' ? APPLICATION_TITLE : rebuttal ? REBUTTAL_TITLE : OFFER_TITLE;

  // Outside the payment step's form: the application is a form of its own.
  return createPortal(
    <Modal open={showing} title={title} size="small" onClose={() => (showing ? close() : undefined)}>
      <div className="store-card-offer">
        {current === 'offer' && (
          <>
            <p>{rebuttal ? REBUTTAL_TEXT : offerText(guest?.firstName ?? firstName, offer.creditLimitCents)}</p>
            <OptOutNotice />
            <div className="store-card-offer-actions">
              <button type="button" className="add" onClick={() => setStage('application')}>
                Apply Now
              </button>
              <button type="button" className="button-secondary" onClick={() => void answerOffer('NO')}>
                No Thanks
              </button>
            </div>
          </>
        )}
        {current === 'application' && (
          <StoreCardApplication offerId={offer.id} phone={guest?.phone ?? phone} applicant={guest} onDone={() => setStage('result')} />
        )}
        {result && (
          <>
            <p role="status">{resultText(result.view, result.card, result.paysThisOrder)}</p>
            {result.view === 'registration' && !signedIn && <p>{GUEST_REGISTRATION}</p>}
            <div className="store-card-offer-actions">
              <button type="button" className="add" onClick={close}>
                {result.paysThisOrder ? 'Review Order' : 'Continue'}
              </button>
            </div>
          </>
        )}
      </div>
    </Modal>,
    document.body,
  );
}
