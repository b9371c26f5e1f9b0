import { config } from '../config.ts';
import { packageProtection } from '../protection/package-protection.ts';
import type { PricingRules } from './basket-pricer.ts';

/** The pricing rules configuration chooses: PACKAGE_PROTECTION and PEAK_HANDLING_FEE_CENTS (read once). */
let cached: PricingRules | undefined;

export function pricingRules(): PricingRules {
  const c = config();
  cached ??= { protection: packageProtection(c), peakHandlingFeeCents: c.PEAK_HANDLING_FEE_CENTS };
  return cached;
}
