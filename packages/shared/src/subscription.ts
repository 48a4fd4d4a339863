/** SPEC 4: subscription badge and dialog rules. */
export interface TTenantPaymentStatus {
  plan: string | null;
  status: 'active' | 'inactive' | 'expired' | string;
  valid_to: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left = rounded days from now to valid_to. */
export function subscriptionDaysLeft(validTo: string | null, now: Date = new Date()): number {
  if (!validTo) return 0;
  return Math.round((new Date(validTo).getTime() - now.getTime()) / DAY_MS);
}

export type TSubscriptionTone = 'warning' | 'success';

/** Under 30 days: warning colour and alert icon; otherwise success and certificate icon. */
export function subscriptionTone(daysLeft: number): TSubscriptionTone {
  return daysLeft < 30 ? 'warning' : 'success';
}

export type TSubscriptionMessage = 'not_active' | 'expiring_soon' | 'active';

export function subscriptionMessage(status: TTenantPaymentStatus, daysLeft: number): TSubscriptionMessage {
  if (status.status !== 'active') return 'not_active';
  return daysLeft < 30 ? 'expiring_soon' : 'active';
}

/** Opens on load when not active, or when under 7 days left on a plan other than Trial. */
export function shouldAutoOpenSubscription(status: TTenantPaymentStatus, daysLeft: number): boolean {
  if (status.status !== 'active') return true;
  return daysLeft < 7 && status.plan !== 'Trial';
}
