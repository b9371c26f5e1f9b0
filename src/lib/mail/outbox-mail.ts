/** A message of the embedded mailer as the development outbox page shows it, secrets masked. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}
