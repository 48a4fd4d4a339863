import { m, ZRegisterInput } from '@cod/shared';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { addressKey } from '../auth/client-address.js';
import { centralSettingsIn } from '../central/central-admin.service.js';
import { isUniqueViolation } from '../products/db-errors.js';
import {
  createShopFromSignupIn,
  findWaitingIn,
  insertWaitingIn,
  signupDuplicatesIn,
  type TSignupDeps,
} from '../waiting-list/waiting-list.service.js';
import * as repo from './register.repository.js';

/** Sign-ups per address: a few an hour, like the reset mails' address limit (decision 0097). */
export const REGISTER_LIMIT = { max: 5, windowSeconds: 60 * 60 };

/** The landing page's plans (issue 19.5): read by anyone, prices and limits only. */
export async function landingPlans({ db }: TAppDeps) {
  const plans = await withSystem(db, (tx) => repo.publicPlans(tx));
  return { data: plans.map((p) => ({ ...p, features: JSON.parse(p.features) as Record<string, boolean> })) };
}

export async function registerStates({ db }: TAppDeps) {
  return { data: await withSystem(db, (tx) => repo.publicStates(tx)) };
}

/**
 * A public sign-up: validated field by field (422), limited per address (429 with Retry-After),
 * refused when the e-mail or the phone already signed up; a filled honeypot is answered like a
 * success and stores nothing. It joins the waiting list, or with "open sign-up" creates the shop on
 * the Trial at once (its owner invited by mail).
 */
export async function register(deps: TSignupDeps, input: unknown, ip: string) {
  const form = parse(ZRegisterInput, input);
  const counter = await repo.hitCounter(deps.db, `register:address:${addressKey(ip)}`, REGISTER_LIMIT.windowSeconds);
  if (counter.hits > REGISTER_LIMIT.max) {
    const message = m('register.rate_limited', { seconds: counter.secondsLeft });
    throw new AppError('too_many_requests', message, {
      headers: { 'Retry-After': String(counter.secondsLeft) },
      errors: { email: [message] },
    });
  }
  if (form.website) {
    deps.log.warn({ ip }, 'register: honeypot filled, sign-up dropped');
    return { ...messageBody(m('register.waiting')), data: { status: 'waiting' as const } };
  }
  try {
    const outcome = await withSystem(deps.db, async (tx) => {
      const errors = await signupDuplicatesIn(tx, form.email, form.phone);
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const id = await insertWaitingIn(tx, {
        shopName: form.shop_name,
        ownerName: form.owner_name,
        phone: form.phone,
        email: form.email,
        wilayaId: form.wilaya_id,
        expectedOrders: form.expected_orders,
        locale: form.locale,
      });
      const { open_signup } = await centralSettingsIn(tx);
      if (!open_signup) return 'waiting' as const;
      const entry = (await findWaitingIn(tx, id))!;
      await createShopFromSignupIn(tx, deps, entry, null);
      return 'created' as const;
    });
    const code = outcome === 'created' ? 'register.created' : 'register.waiting';
    return { ...messageBody(m(code)), data: { status: outcome } };
  } catch (error) {
    // Two sign-ups with the same e-mail or phone at once: the unique index keeps one.
    if (isUniqueViolation(error)) {
      throw AppError.validation({ email: [m('register.email_taken')] });
    }
    throw error;
  }
}
