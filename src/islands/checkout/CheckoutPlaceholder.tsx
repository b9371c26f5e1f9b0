import { ProgressBar } from './ProgressBar.tsx';
import { FIELDS } from './AddressForm.tsx';

const noop = () => {};

/**
 * What /checkout shows before the island has read the checkout: the first step's frame (progress, 'Login Details',
 * the contact and address fields, the summary toggle) in the build's HTML, so the page is there as soon as its HTML
 * and styles arrive instead of after its scripts and the first read (Lighthouse LCP). It is inert and hidden from
 * assistive technology; 'Loading your checkout…' shows at the bottom of the window (fixed, so nothing moves when it
 * goes) and is announced instead, so nobody takes the frame for a form that ignores them. Nothing can be typed, so nothing typed
 * is lost when the real step replaces it. Shoppers whose checkout opens on a later step see it for that moment only.
 * The page (src/pages/checkout.astro) draws it as HTML with no script of its own, and the checkout island, which draws
 * nothing until it has the checkout, removes it as it shows the step or why it could not (`data-checkout-placeholder`).
 */
export function CheckoutPlaceholder() {
  return (
    <div className="checkout-layout" data-checkout-placeholder>
      <p className="checkout-loading-toast" role="status">
        Loading your checkout…
      </p>
      <div className="checkout-main" aria-hidden="true" inert>
        <ProgressBar step="information" reached="information" digitalOnly={false} signedIn={false} onGo={noop} />
        <form className="checkout-step">
          <h2>Login Details</h2>
          <fieldset className="checkout-fieldset" disabled>
            <legend>Contact</legend>
            <div className="field">
              <label htmlFor="placeholder-email">Email</label>
              <input id="placeholder-email" type="email" />
            </div>
            <label className="checkbox">
              <input type="checkbox" />
              Email me about new arrivals and offers
            </label>
          </fieldset>
          <fieldset className="address-form" disabled>
            <legend>Shipping Address</legend>
            {FIELDS.map(({ field, label }) => (
              <div className="field" key={field}>
                <label htmlFor={`placeholder-${field}`}>{label}</label>
                {field === 'stateCode' ? (
                  <select id={`placeholder-${field}`}>
                    <option>Select a state</option>
                  </select>
                ) : (
                  <input id={`placeholder-${field}`} type="text" />
                )}
              </div>
            ))}
          </fieldset>
          <button type="button" className="button button-primary checkout-submit" disabled>
            Continue to Shipping
          </button>
        </form>
      </div>
      <aside className="checkout-summary" aria-hidden="true" inert>
        <button type="button" className="checkout-summary-toggle">
          <span>Show order summary</span>
        </button>
        <div className="checkout-summary-body">
          <h2>Order Summary</h2>
        </div>
      </aside>
    </div>
  );
}
