/**
 * Central administration and what it enforces inside shops (issue 19, docs/decisions/0062-0066):
 * plans and their limits, subscriptions, payments, tenants and the central settings.
 */
export const CENTRAL_TEMPLATES = {
  'subscription.expired_write':
    'Your subscription has expired. Renew it to make changes; your data can still be read and exported.',
  'subscription.suspended_write':
    'Your shop is suspended. Contact support to reactivate it; your data can still be read and exported.',
  'subscription.not_found': 'This tenant has no subscription.',
  'plan.order_limit': "The {plan} plan allows {limit} orders per calendar month and this month's quota is used up.",
  'plan.user_limit': 'The {plan} plan allows {limit} users.',
  'plan.carrier_limit': 'The {plan} plan allows {limit} shipping companies.',
  'plan.channel_limit': 'The {plan} plan allows {limit} sales channels.',
  'plan.not_found': 'Plan not found.',
  'plan.name_taken': 'A plan with this name already exists.',
  'plan.trial_not_archivable': 'The Trial plan cannot be archived.',
  'plan.archived': 'This plan is archived and cannot be chosen.',
  'plan.saved': 'The plan has been saved.',
  'central_tenant.not_found': 'Tenant not found.',
  'central_tenant.suspended': 'The shop has been suspended.',
  'central_tenant.reactivated': 'The shop has been reactivated.',
  'central_tenant.already_suspended': 'The shop is already suspended.',
  'central_tenant.not_suspended': 'The shop is not suspended.',
  'central_tenant.plan_changed': 'The plan has been changed.',
  'central_tenant.extended': 'The subscription has been extended.',
  'central_tenant.created': 'The shop has been created.',
  'payment.not_found': 'Payment not found.',
  'payment.already_void': 'This payment has already been voided.',
  'payment.recorded': 'The payment has been recorded.',
  'payment.voided': 'The payment has been voided.',
  'payment.receipt_type': 'The receipt must be a JPEG, PNG or WebP image or a PDF.',
  'payment.receipt_too_large': 'The receipt may not be greater than {max} MB.',
  'central_settings.saved': 'The settings have been saved.',
  'central_settings.whatsapp_format':
    'Enter the number in international format, digits only (for example 213555123456).',
} as const;
