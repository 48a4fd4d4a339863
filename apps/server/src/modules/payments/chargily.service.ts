import crypto from 'node:crypto';
import { checkoutPrice, CHARGILY_MIN_AMOUNT, dayIn, m, ZCheckoutInput } from '@cod/shared';
import type { FastifyBaseLogger } from 'fastify';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import { listPlans } from '../plans/plans.service.js';
import { planIn } from '../plans/plans.service.js';
import { recordCentralAudit } from '../central/central-admin.service.js';
import {
  chargilySecret,
  createGatewayCheckout,
  signChargilyBody,
  verifyChargilySignature,
  type TChargilyMode,
} from './chargily-gateway.js';
import * as repo from './chargily.repository.js';
import { applyPaymentIn } from './payments.service.js';

export interface TChargilyDeps extends TAppDeps {
  chargilyMode: 'sandbox' | 'test' | 'live' | 'off';
  chargilySecretKey: string | undefined;
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The gateway in use, as configured and nothing else (decision 0140): the sandbox only with
 * CHARGILY_MODE=sandbox (refused at start with NODE_ENV=production), never because a demo shop
 * exists; test/live only with their secret key.
 */
export function chargilyModeOf(deps: Pick<TChargilyDeps, 'chargilyMode' | 'chargilySecretKey'>): TChargilyMode | null {
  if (deps.chargilyMode === 'off') return null;
  if (deps.chargilyMode !== 'sandbox' && !deps.chargilySecretKey) return null;
  return deps.chargilyMode;
}

/** The plans a shop can pay for online (not the Trial, not archived, a price Chargily accepts). */
export async function payablePlans(deps: TChargilyDeps) {
  const mode = chargilyModeOf(deps);
  const plans = (await listPlans(deps)).filter((p) => !p.is_trial && !p.archived);
  return {
    data: {
      enabled: mode !== null,
      mode,
      plans: plans.map((p) => ({ id: p.id, name: p.name, price_month: p.price_month, price_year: p.price_year })),
    },
  };
}

/**
 * Opens a checkout for the chosen plan and period (issue 19.4, docs/decisions/0098). What it pays
 * for (tenant, plan, months, amount) is stored here; the payment itself is recorded only from the
 * gateway's signed webhook, never from the browser coming back.
 */
export async function openCheckout(
  deps: TChargilyDeps,
  session: { tenantId: number; userId: number; locale: string },
  input: unknown,
) {
  const { plan_id, period } = parse(ZCheckoutInput, input);
  const mode = chargilyModeOf(deps);
  if (!mode) throw new AppError('conflict', m('checkout.unavailable'));
  const plan = await withSystem(deps.db, (tx) => planIn(tx, plan_id, { choosable: true }));
  if (plan.is_trial) throw AppError.validation({ plan_id: [m('validation.selected_invalid', { field: 'plan' })] });
  const { amount, months } = checkoutPrice(plan, period);
  if (amount < CHARGILY_MIN_AMOUNT) {
    throw AppError.validation({ plan_id: [m('checkout.amount_too_small', { min: CHARGILY_MIN_AMOUNT })] });
  }
  const successUrl = `${deps.appUrl}/build/dashboard?checkout=success`;
  const failureUrl = `${deps.appUrl}/build/dashboard?checkout=failed`;
  let checkout: { id: string; checkout_url: string };
  if (mode === 'sandbox') {
    const id = `sbx_${crypto.randomBytes(12).toString('hex')}`;
    // A page of the app (relative, same origin): paying there needs the shop's own session.
    checkout = { id, checkout_url: `/build/chargily-sandbox/checkouts/${id}` };
  } else {
    try {
      checkout = await createGatewayCheckout(mode, deps.chargilySecretKey!, {
        amount,
        success_url: successUrl,
        failure_url: failureUrl,
        webhook_endpoint: `${deps.appUrl}/webhooks/chargily`,
        description: `${plan.name} · ${months} month(s)`,
        locale: session.locale === 'fr' || session.locale === 'ar' ? session.locale : 'en',
        metadata: { tenant_id: session.tenantId, plan_id: plan.id, period_months: months },
      });
    } catch (error) {
      deps.log.warn({ err: error }, 'chargily: checkout creation failed');
      throw new AppError('conflict', m('checkout.gateway_error'));
    }
  }
  await withSystem(deps.db, (tx) =>
    repo.insertCheckout(tx, {
      id: checkout.id,
      tenantId: session.tenantId,
      planId: plan.id,
      periodMonths: months,
      amount,
      mode,
      checkoutUrl: checkout.checkout_url,
      createdBy: session.userId,
    }),
  );
  return { data: { id: checkout.id, checkout_url: checkout.checkout_url, amount, months, mode } };
}

/** Where the sandbox's page sends the browser back: the app on the same origin. */
export const SANDBOX_RETURN_URLS = {
  success: '/build/dashboard?checkout=success',
  failure: '/build/dashboard?checkout=failed',
};

interface TChargilyEvent {
  id?: unknown;
  type?: unknown;
  data?: { id?: unknown; amount?: unknown; currency?: unknown; status?: unknown };
}

export type TWebhookOutcome =
  'paid' | 'duplicate' | 'already_paid' | 'unknown_checkout' | 'amount_mismatch' | 'status' | 'ignored';

/**
 * The gateway's webhook: the signature is checked on the raw body (403 otherwise, nothing
 * changes); each event is handled once (a redelivery or a replay is answered 200 and changes
 * nothing); a paid checkout records one payment, its amount and currency checked against what the
 * checkout was opened for, and extends the subscription in the same transaction.
 */
export async function receiveChargilyWebhook(
  deps: TChargilyDeps,
  rawBody: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<{ outcome: TWebhookOutcome }> {
  const mode = chargilyModeOf(deps);
  if (!mode) throw new AppError('not_found', m('checkout.not_found'));
  if (!verifyChargilySignature(rawBody, signature, chargilySecret(deps.chargilySecretKey))) {
    throw new AppError('forbidden', m('checkout.invalid_signature'));
  }
  let event: TChargilyEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as TChargilyEvent;
  } catch {
    throw AppError.validation({ body: [m('validation.invalid')] });
  }
  const eventId = typeof event.id === 'string' ? event.id : null;
  const type = typeof event.type === 'string' ? event.type : '';
  const checkoutId = typeof event.data?.id === 'string' ? event.data.id : null;
  if (!eventId || !type) throw AppError.validation({ body: [m('validation.invalid')] });

  const outcome = await withSystem(deps.db, async (tx): Promise<TWebhookOutcome> => {
    if (!(await repo.claimEvent(tx, { id: eventId, type, checkoutId }))) return 'duplicate';
    const finish = async (result: TWebhookOutcome) => {
      await repo.setEventOutcome(tx, eventId, result);
      return result;
    };
    const checkout = checkoutId ? await repo.findCheckout(tx, checkoutId, { lock: true }) : undefined;
    if (!checkout) return finish('unknown_checkout');
    if (type !== 'checkout.paid') {
      const status = { 'checkout.failed': 'failed', 'checkout.canceled': 'canceled', 'checkout.expired': 'expired' }[
        type
      ];
      if (!status || checkout.status !== 'pending') return finish('ignored');
      await repo.markCheckout(tx, checkout.id, status, null);
      return finish('status');
    }
    if (checkout.status === 'paid') return finish('already_paid');
    const currency = typeof event.data?.currency === 'string' ? event.data.currency.toLowerCase() : '';
    const paid = Number(event.data?.amount);
    // What the gateway confirms must be what the checkout asked and what the plan costs today
    // (decision 0140): otherwise nothing is recorded and the central audit says why.
    const planPrice = checkoutPrice(checkout, checkout.period_months === 12 ? 'year' : 'month').amount;
    if (paid !== checkout.amount || paid !== planPrice || currency !== checkout.currency) {
      deps.log.warn({ checkout: checkout.id, event: eventId, paid, planPrice }, 'chargily: paid amount differs');
      await recordCentralAudit(tx, {
        adminId: null,
        tenantId: checkout.tenant_id,
        action: 'payment_refused',
        entity: 'chargily_checkout',
        entityId: checkout.id,
        after: { event: eventId, paid, currency, checkout_amount: checkout.amount, plan_price: planPrice },
      });
      return finish('amount_mismatch');
    }
    const paymentId = await applyPaymentIn(
      tx,
      {
        tenantId: checkout.tenant_id,
        planId: checkout.plan_id,
        amount: paid,
        method: 'chargily',
        reference: checkout.id,
        paidOn: dayIn(now),
        periodMonths: checkout.period_months,
        receipt: null,
        note: `Chargily Pay (${checkout.mode})`,
        recordedBy: null,
      },
      now,
    );
    await repo.markCheckout(tx, checkout.id, 'paid', paymentId);
    return finish('paid');
  });
  deps.log.info({ event: eventId, type, checkout: checkoutId, outcome }, 'chargily: webhook');
  return { outcome };
}

/**
 * The sandbox's view of a checkout: only the shop that opened it sees it (another shop's, or an
 * unknown id, is not found: decision 0140).
 */
export async function sandboxCheckout(deps: TChargilyDeps, tenantId: number, id: string) {
  const found =
    chargilyModeOf(deps) === 'sandbox' ? await withSystem(deps.db, (tx) => repo.findCheckout(tx, id)) : undefined;
  if (!found || found.mode !== 'sandbox' || found.tenant_id !== tenantId) {
    throw new AppError('not_found', m('checkout.not_found'));
  }
  return found;
}

/** The checkout as the sandbox's page shows it. */
export async function showSandboxCheckout(deps: TChargilyDeps, tenantId: number, id: string) {
  const c = await sandboxCheckout(deps, tenantId, id);
  return {
    data: {
      id: c.id,
      shop: c.cq_name,
      plan: c.plan,
      period_months: c.period_months,
      amount: c.amount,
      status: c.status,
    },
  };
}

/**
 * The event the gateway would send when the shop pays or cancels on its hosted page, signed with
 * the webhook key; the amount is the one the checkout was opened for.
 */
export async function sandboxEvent(
  deps: TChargilyDeps,
  tenantId: number,
  id: string,
  action: 'pay' | 'cancel',
): Promise<{ body: string; signature: string }> {
  const checkout = await sandboxCheckout(deps, tenantId, id);
  const body = JSON.stringify({
    id: `evt_${crypto.randomBytes(12).toString('hex')}`,
    entity: 'event',
    livemode: 'false',
    type: action === 'pay' ? 'checkout.paid' : 'checkout.canceled',
    data: {
      id: checkout.id,
      entity: 'checkout',
      amount: checkout.amount,
      currency: checkout.currency,
      status: action === 'pay' ? 'paid' : 'canceled',
      payment_method: 'edahabia',
      metadata: { tenant_id: checkout.tenant_id, plan_id: checkout.plan_id },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return { body, signature: signChargilyBody(body, chargilySecret(deps.chargilySecretKey)) };
}

/** What the sandbox answers once its event was delivered: where the app goes, or why nothing was recorded. */
export function sandboxAnswer(action: 'pay' | 'cancel', outcome: TWebhookOutcome | undefined) {
  if (action === 'pay' && outcome === 'amount_mismatch') throw new AppError('conflict', m('checkout.amount_mismatch'));
  if (action === 'pay' && outcome !== 'paid' && outcome !== 'already_paid' && outcome !== 'duplicate') {
    throw new AppError('conflict', m('checkout.gateway_error'));
  }
  return {
    data: { outcome, return_url: action === 'pay' ? SANDBOX_RETURN_URLS.success : SANDBOX_RETURN_URLS.failure },
  };
}
