/**
 * The local OpenID provider's test identities: who can "sign in with Local ID" offline and in tests. They are not
 * store accounts; the store links or creates an account from the verified e-mail they assert.
 */
export interface TestIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  password: string;
}

export const TEST_IDENTITIES: TestIdentity[] = [
  { sub: 'local-ada', email: 'ada.social@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', password: 'ada-social-1' },
  {
    sub: 'local-grace',
    email: 'grace.social@example.com',
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    password: 'grace-social-1',
  },
  {
    sub: 'local-unverified',
    email: 'unverified.social@example.com',
    email_verified: false,
    given_name: 'Una',
    family_name: 'Verified',
    password: 'una-social-1',
  },
];
