import type { Implementation, MarketingApi } from '#src/lib/commerce-api/commerce-api.ts';
import { getDb } from '../db/database.ts';
import type { CallSession } from '../session/call-session.ts';
import { signUp } from './email-signup.ts';

/** The marketing resource of the commerce API (src/lib/commerce-api/commerce-api.ts MarketingApi). */
export const marketingOperations: Implementation<CallSession, MarketingApi> = {
  subscribe: async (call, input) => ({ stored: await signUp(await getDb(), { ...input, client: call.client }) }),
};
