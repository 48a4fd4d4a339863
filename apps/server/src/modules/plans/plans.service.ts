import { m, ZPlanInput, type TPlan } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { recordPlatformAudit } from '../central/central-admin.service.js';
import type { TCentralSession } from '../central/central-auth.service.js';
import * as repo from './plans.repository.js';

/** Plans (issue 19.1, docs/decisions/0062): central rows, changed by central administrators only. */
export function listPlans({ db }: TAppDeps): Promise<TPlan[]> {
  return withSystem(db, (tx) => repo.listPlans(tx));
}

/** A plan inside another use case's transaction (changing a tenant's plan, recording a payment). */
export async function planIn(tx: Tx, id: number, options: { choosable?: boolean } = {}): Promise<TPlan> {
  const plan = await repo.findPlan(tx, id);
  if (!plan) throw new AppError('not_found', m('plan.not_found'));
  if (options.choosable && plan.archived) throw AppError.validation({ plan_id: [m('plan.archived')] });
  return plan;
}

export async function trialPlanIn(tx: Tx): Promise<TPlan | undefined> {
  return repo.findTrialPlan(tx);
}

export async function createPlan({ db }: TAppDeps, admin: TCentralSession, input: unknown) {
  const values = parse(ZPlanInput, input);
  const plan = await withSystem(db, async (tx) => {
    if (await repo.planNameTaken(tx, values.name, null)) throw AppError.validation({ name: [m('plan.name_taken')] });
    const id = await repo.insertPlan(tx, values);
    const created = (await repo.findPlan(tx, id))!;
    await recordPlatformAudit(tx, admin, { action: 'create', entity: 'plan', entityId: id, after: created });
    return created;
  });
  return { ...messageBody(m('plan.saved')), data: plan };
}

export async function updatePlan({ db }: TAppDeps, admin: TCentralSession, id: number, input: unknown) {
  const values = parse(ZPlanInput, input);
  const plan = await withSystem(db, async (tx) => {
    const before = await repo.findPlan(tx, id, { lock: true });
    if (!before) throw new AppError('not_found', m('plan.not_found'));
    if (await repo.planNameTaken(tx, values.name, id)) throw AppError.validation({ name: [m('plan.name_taken')] });
    await repo.updatePlan(tx, id, values);
    const after = (await repo.findPlan(tx, id))!;
    await recordPlatformAudit(tx, admin, { action: 'update', entity: 'plan', entityId: id, before, after });
    return after;
  });
  return { ...messageBody(m('plan.saved')), data: plan };
}

/** Archived plans keep their subscribers; they only leave the choices of new subscriptions. */
export async function setPlanArchived({ db }: TAppDeps, admin: TCentralSession, id: number, archived: boolean) {
  const plan = await withSystem(db, async (tx) => {
    const before = await repo.findPlan(tx, id, { lock: true });
    if (!before) throw new AppError('not_found', m('plan.not_found'));
    if (before.is_trial && archived) throw new AppError('conflict', m('plan.trial_not_archivable'));
    await repo.setPlanArchived(tx, id, archived);
    await recordPlatformAudit(tx, admin, { action: archived ? 'archive' : 'restore', entity: 'plan', entityId: id });
    return (await repo.findPlan(tx, id))!;
  });
  return { ...messageBody(m('plan.saved')), data: plan };
}
