/** The embedded wallet's merchant sessions (migration 030). Times are ISO 8601 strings in UTC. */
export interface WalletMerchantSessionTable {
  id: string;
  domain_name: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
