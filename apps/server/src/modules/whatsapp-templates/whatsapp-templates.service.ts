import { toWhatsAppNumber, WHATSAPP_MESSAGES, ZWhatsAppTemplateInput, type TWhatsAppTemplate } from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { recordAttempt } from '../call-attempts/record-attempt.js';
import { scopeOf, type TOrderActor } from '../orders/order-access.js';
import * as repo from './whatsapp-templates.repository.js';

// Issue 15.4 (docs/decisions/0088): the shop's WhatsApp templates and the log of their use.

const notFound = () => new AppError('not_found', WHATSAPP_MESSAGES.templateNotFound);

/** GET /dashboard/whatsapp-templates: every template (anyone working on orders reads them). */
export function listWhatsAppTemplates(deps: TAppDeps, tenantId: number): Promise<TWhatsAppTemplate[]> {
  return withTenant(deps.db, tenantId, (tx) => repo.listTemplates(tx, tenantId));
}

/** POST /dashboard/whatsapp-templates (manage settings). */
export function createWhatsAppTemplate(deps: TAppDeps, actor: TActor, body: unknown): Promise<TWhatsAppTemplate> {
  const input = parse(ZWhatsAppTemplateInput, body);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const created = await repo.insertTemplate(tx, actor.tenantId, input);
    await audit(tx, actor, 'create_whatsapp_template', created.id, input);
    return created;
  });
}

/** PUT /dashboard/whatsapp-templates/{id} (manage settings). */
export function updateWhatsAppTemplate(
  deps: TAppDeps,
  actor: TActor,
  id: number,
  body: unknown,
): Promise<TWhatsAppTemplate> {
  const input = parse(ZWhatsAppTemplateInput, body);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const updated = await repo.updateTemplate(tx, actor.tenantId, id, input);
    if (!updated) throw notFound();
    await audit(tx, actor, 'update_whatsapp_template', id, input);
    return updated;
  });
}

/** DELETE /dashboard/whatsapp-templates/{id} (manage settings). */
export function deleteWhatsAppTemplate(deps: TAppDeps, actor: TActor, id: number): Promise<void> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if (!(await repo.deleteTemplate(tx, actor.tenantId, id))) throw notFound();
    await audit(tx, actor, 'delete_whatsapp_template', id, {});
  });
}

/**
 * POST /dashboard/orders/{id}/whatsapp: the agent opened WhatsApp on this order (the browser
 * fills the template and opens wa.me itself, issue 15.4). Logged as an attempt with outcome
 * 'whatsapp' (issue 15.1's recordAttempt), its note the template's name. Another's order is a 404.
 */
export function logWhatsAppUse(
  deps: TAppDeps,
  actor: TOrderActor & { userId: number },
  orderId: number,
  input: { template_id: number | null },
): Promise<{ attempt_id: number; created_at: string }> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const phone = await repo.visibleOrderPhone(tx, await scopeOf(tx, actor), orderId);
    if (phone === undefined) throw AppError.notFound('Order');
    if (!toWhatsAppNumber(phone)) throw AppError.validation({ customer_phone_1: [WHATSAPP_MESSAGES.phoneInvalid] });
    const template =
      input.template_id === null ? undefined : await repo.findTemplate(tx, actor.tenantId, input.template_id);
    if (input.template_id !== null && !template) throw notFound();
    const attempt = await recordAttempt(tx, {
      tenantId: actor.tenantId,
      orderId,
      userId: actor.userId,
      outcome: 'whatsapp',
      note: template ? `WhatsApp: ${template.name}`.slice(0, 500) : 'WhatsApp',
    });
    return { attempt_id: attempt.id, created_at: attempt.created_at.toISOString() };
  });
}

function audit(tx: Parameters<typeof recordAudit>[0], actor: TActor, action: string, id: number, changes: object) {
  return recordAudit(tx, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    action,
    entity: 'whatsapp_template',
    entityId: id,
    changes: { ...changes },
    ip: actor.ip,
  });
}
