import { SIGNUP_CONSENT, type SignupPlace } from '#src/lib/email-signup/signup-rules.ts';
import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { LIMITS, limitOr429 } from '../http/throttle.ts';
import { deliverQueued, type Mail, queueMail } from '../mail/mailer.ts';

/**
 * The e-mail sign-up (checkout spec §1, §5, §9): an address is stored once, with the time and wording of its consent,
 * and only its first sign-up sends the confirmation e-mail, so signing someone up again mails nobody. Sign-ups are
 * counted per client address before anything is stored (each may become an e-mail to someone).
 */
export const SIGNUP_TOO_MANY = 'Too many sign-ups. Please wait a few minutes and try again.';

export function confirmationMail(email: string, consentedAt: string): Mail {
  return {
    to: email,
    subject: "You're signed up for Seven Brands e-mails",
    text: [
      `Thanks for signing up. ${email} will get our e-mails with news and offers.`,
      '',
      `You agreed on ${consentedAt} (UTC) to: ${SIGNUP_CONSENT}`,
      'If this was not you, reply to this e-mail and we will take the address off our list.',
    ].join('\n'),
  };
}

/** Signs an address up; answers whether this call stored it (false: it was signed up already). */
export async function signUp(db: Db, input: { email: string; place: SignupPlace; salesChannel: string; client: string }): Promise<boolean> {
  await limitOr429(db, `signup:addr:${input.client}`, LIMITS.signupPerAddress, SIGNUP_TOO_MANY);
  const consentedAt = new Date().toISOString();
  const mail = await withWriteTransaction(db, async (tx) => {
    const stored = await tx
      .insertInto('email_subscriptions')
      .values({ email: input.email, source: `${input.place}:${input.salesChannel}`, created_at: consentedAt, consent_text: SIGNUP_CONSENT })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('email')
      .executeTakeFirst();
    return stored ? queueMail(tx, confirmationMail(input.email, consentedAt)) : null;
  });
  if (mail) deliverQueued(db, mail);
  return mail !== null;
}
