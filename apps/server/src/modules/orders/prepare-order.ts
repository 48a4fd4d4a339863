import {
  ORDER_MESSAGES,
  orderCustomFieldValues,
  orderInputIssues,
  orderTotal,
  type TOrderFormProduct,
  type TOrderInput,
} from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isAssignableAgent } from './agents.repository.js';
import { centresForState } from './centres.js';
import type { TOrderScope } from './order-access.js';
import { readOrderContexts, type TProductRecord } from './order-contexts.repository.js';
import type { TLineValues, TOrderValues, TStatusRecord } from './orders.repository.js';
import { shippingCompanyExists, stopDesksOf } from '../shipping-companies/shipping-companies.service.js';

/** What an edited order already holds: products and variants that may stay although retired since. */
export interface TExistingOrder {
  agentId: number | null;
  lines: ReadonlyArray<Pick<TLineValues, 'product_id' | 'variant_id'>>;
}

export type TPreparedOrder = Omit<TOrderValues, 'customerId' | 'salesChannelId'> & {
  lines: TLineValues[];
  /** Only when creating: the status the order starts in. */
  status: TStatusRecord | null;
};

// SPEC 4: a new order starts in the inProcess tab; reported needs a schedule, so it comes later.
const CREATION_TYPES = ['new', 'pending', 'confirmed'];

/**
 * SPEC 5 on the server: the shared rules (ZOrderInput was already applied by the route) plus what
 * needs the database: the products the caller may sell, the commune inside the wilaya, the
 * wilaya's stop-desk centres, the agent. Every problem is reported at once, per field (422).
 * Prices default to the catalogue's; the total is computed here, never taken from the client.
 */
export async function prepareOrder(
  tx: Tx,
  scope: TOrderScope,
  input: TOrderInput,
  options: { existing?: TExistingOrder; creating?: boolean } = {},
): Promise<TPreparedOrder> {
  const [context] = await orderContexts(tx, scope, [input], options.creating === true);
  return checkOrder(tx, scope, input, context!, options);
}

/**
 * The same for many new orders at once (the intake API's group commit): one read of the context
 * for all of them, then each is checked alone; a refused order does not stop the others.
 */
export async function prepareNewOrders(
  tx: Tx,
  scope: TOrderScope,
  inputs: readonly TOrderInput[],
): Promise<Array<TPreparedOrder | AppError>> {
  if (!inputs.length) return [];
  const contexts = await orderContexts(tx, scope, inputs, true);
  const prepared: Array<TPreparedOrder | AppError> = [];
  for (const [i, input] of inputs.entries()) {
    try {
      prepared.push(await checkOrder(tx, scope, input, contexts[i]!, { creating: true }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      prepared.push(error);
    }
  }
  return prepared;
}

/**
 * The centres a stop-desk order may name (issue 12 item 5): those of the chosen shipping company in
 * the wilaya, and none of another carrier's. Without a company yet (an order from a shop's site, a
 * form saved before the carrier is chosen) a centre is not required, and one given must be in the
 * centres file (SPEC 7). Undefined: nothing to check.
 */
async function stopDesksFor(
  tx: Tx,
  scope: TOrderScope,
  input: TOrderInput,
  stateName: string,
): Promise<Array<{ center_id: number }> | undefined> {
  if (input.shipping_company_id !== null) {
    const desks = await stopDesksOf(tx, scope.tenantId, input.shipping_company_id, input.state_id);
    return desks.map((d) => ({ center_id: Number(d.center_id) })).filter((d) => Number.isSafeInteger(d.center_id));
  }
  return input.stopdesk_id === null ? undefined : centresForState([stateName]);
}

async function checkOrder(
  tx: Tx,
  scope: TOrderScope,
  input: TOrderInput,
  context: TContext,
  options: { existing?: TExistingOrder; creating?: boolean },
): Promise<TPreparedOrder> {
  const { existing } = options;
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);

  const products = catalogueFor(scope, context.products, existing);
  const state = context.state;
  if (!state) add('state_id', ORDER_MESSAGES.stateInvalid);
  else if (!state.city_in_state) add('city_id', ORDER_MESSAGES.cityInvalid);
  const status = options.creating ? context.status : null;
  if (options.creating && (!status || !CREATION_TYPES.includes(status.type))) {
    add('status_id', ORDER_MESSAGES.statusInvalid);
  }
  const stateCentres = input.is_stopdesk && state ? await stopDesksFor(tx, scope, input, state.name) : undefined;

  for (const issue of orderInputIssues(input, { products, stateCentres })) add(issue.path.join('.'), issue.message);
  if (
    input.agent_id !== null &&
    input.agent_id !== existing?.agentId &&
    !(await isAssignableAgent(tx, scope.tenantId, input.agent_id))
  ) {
    add('agent_id', ORDER_MESSAGES.agentInvalid);
  }
  // Issue 5: a company of this shop (migration 0006's foreign key would otherwise fail with a 500).
  if (
    input.shipping_company_id !== null &&
    !(await shippingCompanyExists(tx, scope.tenantId, input.shipping_company_id))
  ) {
    add('shipping_company_id', ORDER_MESSAGES.shippingCompanyInvalid);
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);

  return { ...newOrderValues(input, products), status };
}

/** A priced product of the catalogue, as the lines need it. */
export interface TPricedProduct extends TOrderFormProduct {
  price: number;
  variants: ReadonlyArray<{ id: number; price: number }>;
}

/**
 * What an order checked against SPEC 5 stores (the dialog, the intake API, an import row): its
 * lines priced from the catalogue unless a price was given, and the total computed here, never
 * taken from the client.
 */
export function newOrderValues(
  input: TOrderInput,
  products: ReadonlyMap<number, TPricedProduct>,
): Omit<TPreparedOrder, 'status'> {
  const lines: TLineValues[] = input.products.map((line) => {
    const product = products.get(line.product_id)!;
    const variant = product.variants.find((v) => v.id === line.variant_id);
    const cataloguePrice = variant ? variant.price : product.price;
    return {
      product_id: line.product_id,
      variant_id: line.variant_id,
      quantity: line.quantity,
      price: line.price ?? cataloguePrice,
      catalogue_price: cataloguePrice,
    };
  });
  return {
    customerFullName: input.customer_full_name,
    customerPhone1: input.customer_phone_1,
    customerPhone2: input.customer_phone_2,
    stateId: input.state_id,
    cityId: input.city_id,
    customerAddress: input.customer_address,
    agentId: input.agent_id,
    isStopdesk: input.is_stopdesk,
    stopdeskId: input.is_stopdesk ? input.stopdesk_id : null,
    note: input.note,
    freeDelivery: input.free_delivery,
    deliveryPrice: input.delivery_price,
    // SPEC 5: sum of price x quantity plus delivery (0 when free delivery).
    total: orderTotal(lines, input.delivery_price, input.free_delivery),
    shippingCompanyId: input.shipping_company_id,
    salesSource: input.sales_source,
    campaignId: input.campaign_id,
    sourceMetadata: input.source_metadata,
    customerCustomFields: orderCustomFieldValues(input, { products }),
    lines,
  };
}

interface TContext {
  products: TProductRecord[];
  /** The wilaya's name, and whether the commune is one of its own. */
  state: { name: string; city_in_state: boolean } | null;
  /** When creating: the chosen status, or the shop's first 'new' one. */
  status: TStatusRecord | null;
}

/**
 * What the rules need from the database, for one order or many, in one round trip: the products,
 * wilayas, communes and statuses the orders name (and the shop's first 'new' status).
 */
async function orderContexts(
  tx: Tx,
  scope: TOrderScope,
  inputs: readonly TOrderInput[],
  creating: boolean,
): Promise<TContext[]> {
  const list = (values: Array<number | null>) =>
    `{${[...new Set(values.filter((v): v is number => v !== null))].join(',')}}`;
  const found = await readOrderContexts(tx, {
    tenantId: scope.tenantId,
    productIds: list(inputs.flatMap((input) => input.products.map((l) => l.product_id))),
    stateIds: list(inputs.map((input) => input.state_id)),
    cityIds: list(inputs.map((input) => input.city_id)),
    statusIds: list(creating ? inputs.map((input) => input.status_id) : []),
  });
  const products = new Map(found.products.map((p) => [p.id, p]));
  const states = new Map(found.states.map((s) => [s.id, s]));
  const cities = new Map(found.cities.map((c) => [c.id, c]));
  const statuses = new Map(found.statuses.map((s) => [s.id, s]));
  return inputs.map((input) => {
    const state = states.get(input.state_id);
    const status = input.status_id === null ? found.default_status : statuses.get(input.status_id);
    return {
      products: [...new Set(input.products.map((l) => l.product_id))].flatMap((id) => products.get(id) ?? []),
      state: state ? { name: state.name, city_in_state: cities.get(input.city_id)?.state_id === state.id } : null,
      status: creating ? (status ?? null) : null,
    };
  });
}

/**
 * The products the lines may name: live, active and allowed to the caller (issue 3.2), or
 * already on the edited order (a line may keep a product retired since).
 */
function catalogueFor(
  scope: TOrderScope,
  found: TProductRecord[],
  existing?: TExistingOrder,
): Map<number, TPricedProduct> {
  const kept = new Set(existing?.lines.map((l) => l.product_id) ?? []);
  const keptVariants = new Set(existing?.lines.map((l) => l.variant_id).filter((v) => v !== null) ?? []);
  const allowed = (id: number) => scope.productIds === 'all' || scope.productIds.includes(id);
  const map = new Map<number, TPricedProduct>();
  for (const p of found) {
    if (!kept.has(p.id) && !(p.usable && allowed(p.id))) continue;
    map.set(p.id, {
      id: p.id,
      name: p.name,
      price: Number(p.price),
      has_variants: p.has_variants,
      custom_fields: p.custom_fields,
      variants: p.variants
        .filter((v) => !v.archived || keptVariants.has(v.id))
        .map((v) => ({ id: v.id, price: Number(v.price) })),
    });
  }
  return map;
}
