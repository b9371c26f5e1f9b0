import type { CheckoutStep } from '#src/lib/checkout/flash.ts';
import { progressItems, variantFor, type BaseStep } from '#src/lib/checkout/steps.ts';

interface Props {
  step: CheckoutStep;
  reached: CheckoutStep;
  digitalOnly: boolean;
  signedIn: boolean;
  onGo(step: CheckoutStep): void;
}

/** Information, Shipping (not for digital-only bags), Payment: a step is a link only when reached and not current. */
export function ProgressBar({ step, reached, digitalOnly, signedIn, onGo }: Props) {
  const items = progressItems(step, reached, digitalOnly);
  const href = (s: BaseStep) => `?step=${variantFor(s, signedIn)}`;
  return (
    <nav className="checkout-progress" aria-label="Checkout progress">
      <ol>
        {items.map((item, i) => (
          <li key={item.step} className={item.current ? 'current' : undefined}>
            <span className="checkout-progress-number" aria-hidden="true">
              {i + 1}
            </span>
            {item.link ? (
              <a
                href={href(item.step)}
                onClick={(e) => {
                  e.preventDefault();
                  onGo(variantFor(item.step, signedIn));
                }}
              >
                {item.label}
              </a>
            ) : (
              <span aria-current={item.current ? 'step' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
