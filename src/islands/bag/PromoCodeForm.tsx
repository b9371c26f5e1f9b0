import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  codeError,
  GIFT_CARD_PIN_LENGTH,
  guessCodeType,
  MAX_DISCOUNTS,
  normaliseCode,
  SIGN_IN_FOR_CODE,
  SIGN_IN_FOR_CODE_URL,
  typedCode,
} from '#src/lib/promo-code.ts';
import type { BasketView } from '#src/lib/commerce-types.ts';
import { $bag, applyPromoCode, removePromoCode, removeTender } from '#src/lib/stores/bag.ts';
import { applyRewards } from '#src/lib/stores/rewards.ts';
import { formatCents } from '#src/lib/money.ts';
import { GIFT_CARD_NOTE } from '#src/lib/tenders/tender-split.ts';
import { AppliedTenders } from '../tenders/AppliedTenders.tsx';
import { RewardsOffers } from '../tenders/RewardsOffers.tsx';
import { PromotionDetails } from './PromotionDetails.tsx';

/**
 * The code field of the bag and of the checkout's payment step, with the codes and tenders on the bag and the brand
 * rewards it offers. The field rules and the type guess run as the shopper types (a gift card number asks for its PIN
 * and says what a gift card does; a certificate number is sent as it is); the server decides again and answers with
 * the bag.
 */
/** What a code's refusal is about: the bag's lines, codes and tenders. */
const refusalKey = (bag: BasketView | null): string =>
  JSON.stringify([
    bag?.productItems.map((line) => [line.itemId, line.quantity]),
    bag?.couponItems.map((coupon) => coupon.code),
    bag?.paymentInstruments?.map((tender) => [tender.paymentInstrumentId, tender.amount]),
  ]);

/**
 * `initial`: the bag the page was rendered with, until the bag store has one. The server renders its codes and tenders
 * from it, so the page shows them before it wakes and the island wakes over the same HTML, whichever of its own read
 * and the header's comes first.
 */
export function PromoCodeForm({ pageType = 'cart', initial = null }: { pageType?: 'cart' | 'checkout'; initial?: BasketView | null }) {
  const bag = useStore($bag) ?? initial;
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string; bag: string } | null>(null);
  // A refusal is about the bag it was given for: once its lines, codes or tenders change (a line's quantity, a tender
  // removed, a code applied elsewhere) it goes. The same bag read again (the page's own read, landing after the shopper
  // pressed Apply) or a total the page updates by itself (the package protection it applies) is no change.
  const bagKey = useMemo(() => refusalKey(bag), [bag]);
  const result = answer && (answer.ok || answer.bag === bagKey) ? answer : null;
  const setResult = (r: { ok: boolean; message: string } | null) => setAnswer(r && { ...r, bag: refusalKey($bag.get() ?? initial) });
  const codeRef = useRef<HTMLInputElement>(null);
  const isGiftCard = guessCodeType(code) === 'giftCard';
  // After Apply, focus goes to the result (an alert or a status), so it is read out and the keyboard is beside it.
  const resultRef = useRef<HTMLParagraphElement>(null);
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) resultRef.current?.focus();
  }, [answered]);
  const coupons = bag?.couponItems ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const invalid = codeError(code, isGiftCard ? pin : '');
    if (invalid) {
      setResult({ ok: false, message: invalid });
      return setAnswered((n) => n + 1);
    }
    setBusy(true);
    const r = await applyPromoCode(normaliseCode(code), isGiftCard ? pin : '', pageType);
    setBusy(false);
    setResult(r);
    setAnswered((n) => n + 1);
    if (r.ok) {
      setCode('');
      setPin('');
    }
  };
  // The pressed Remove goes with its line: focus moves at once to the code field, which the result describes.
  const remove = async (removal: Promise<{ ok: boolean; message: string }>) => {
    codeRef.current?.focus();
    setBusy(true);
    const r = await removal;
    setBusy(false);
    setResult(r);
  };
  // Applying rewards answers like a code: the result is focused and read out.
  const applyAnswer = async (applying: Promise<{ ok: boolean; message: string }>) => {
    setBusy(true);
    const r = await applying;
    setBusy(false);
    setResult(r);
    setAnswered((n) => n + 1);
  };

  return (
    <section className="promo" aria-labelledby="promo-heading">
      <h2 id="promo-heading">Promo code, gift card or certificate</h2>
      <form onSubmit={submit} noValidate>
        <div className="promo-row">
          <div className="field">
            <label htmlFor="promo-code">Enter a promo code, gift card or reward certificate</label>
            <input
              ref={codeRef}
              id="promo-code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              value={code}
              aria-invalid={result?.ok === false}
              aria-describedby={[result ? 'promo-result' : '', isGiftCard ? 'promo-gift-card-note' : ''].join(' ').trim() || undefined}
              onChange={(e) => {
                setCode(typedCode(e.target.value));
                setResult(null);
              }}
            />
          </div>
          {isGiftCard && (
            <div className="field">
              <label htmlFor="promo-pin">PIN</label>
              <input
                id="promo-pin"
                name="pin"
                inputMode="numeric"
                autoComplete="off"
                maxLength={GIFT_CARD_PIN_LENGTH}
                aria-describedby="promo-gift-card-note"
                value={pin}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              />
            </div>
          )}
          <button type="submit" className="button button-secondary" disabled={busy} aria-busy={busy}>
            Apply
          </button>
        </div>
        {isGiftCard && (
          <p id="promo-gift-card-note" className="promo-note">
            {GIFT_CARD_NOTE}
          </p>
        )}
      </form>
      {result && (
        <p
          ref={resultRef}
          tabIndex={-1}
          id="promo-result"
          className={`notice ${result.ok ? 'notice-success' : 'notice-error'}`}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}
          {/* A code that needs an account offers the way to sign in (and back to the bag). */}
          {!result.ok && result.message === SIGN_IN_FOR_CODE && (
            <>
              {' '}
              <a href={SIGN_IN_FOR_CODE_URL}>Sign in</a>
            </>
          )}
        </p>
      )}
      {bag?.isMaxDiscountsApplied && <p className="notice notice-caution">{MAX_DISCOUNTS}</p>}
      <RewardsOffers busy={busy} onApply={(brand) => void applyAnswer(applyRewards(brand, pageType))} />
      <AppliedTenders instruments={bag?.paymentInstruments ?? []} busy={busy} onRemove={(id) => void remove(removeTender(id))} />
      {coupons.length > 0 && (
        <ul className="coupons" aria-label="Codes on your bag">
          {coupons.map((c) => (
            <li key={c.couponItemId} aria-label={`Code ${c.code}`} data-status={c.statusCode}>
              <strong>{c.code}</strong>
              {c.discount > 0 && <span> −{formatCents(c.discount)}</span>}
              <p
                className={`notice ${c.statusCode === 'applied' ? 'notice-success' : c.statusCode === 'invalid/expired' ? 'notice-error' : 'notice-caution'}`}
              >
                {c.message}
              </p>
              <div className="line-actions">
                {c.promotionId && <PromotionDetails promotionId={c.promotionId} label={`Details of code ${c.code}`} />}
                <button
                  type="button"
                  className="link"
                  disabled={busy}
                  onClick={() => remove(removePromoCode(c.couponItemId))}
                  aria-label={`Remove code ${c.code}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
