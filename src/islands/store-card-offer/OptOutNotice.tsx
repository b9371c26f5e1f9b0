import { useId, useState } from 'react';
import { LONG_OPT_OUT_NOTICE, LONG_OPT_OUT_NOTICE_TITLE, SHORT_OPT_OUT_NOTICE } from '#src/lib/store-card-offer/offer-messages.ts';

/** The firm-offer opt-out notice: the short one beside the offer, the long one a step away (a button that shows it). */
export function OptOutNotice() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="opt-out-notice">
      <p className="opt-out-short">{SHORT_OPT_OUT_NOTICE}</p>
      <button type="button" className="link" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {LONG_OPT_OUT_NOTICE_TITLE}
      </button>
      <section id={id} hidden={!open} aria-label={LONG_OPT_OUT_NOTICE_TITLE} className="opt-out-long">
        {LONG_OPT_OUT_NOTICE.map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
      </section>
    </div>
  );
}
