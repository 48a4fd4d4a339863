import type { TPlanFeature } from '../central/index.js';

/**
 * `{feature}` in a message (plan.feature_missing) is a plan feature's code; the server says it in
 * English from here, the web in the user's language (message_plan_features, docs/decisions/0101).
 */
export const PLAN_FEATURE_NAMES: Record<TPlanFeature, string> = {
  imports: 'order imports',
  intake_api: 'the order API',
  exports: 'exports',
  analytics: 'analytics',
  carrier_integrations: 'carrier integrations',
};

export const planFeatureName = (code: string): string =>
  Object.hasOwn(PLAN_FEATURE_NAMES, code) ? PLAN_FEATURE_NAMES[code as TPlanFeature] : code;
