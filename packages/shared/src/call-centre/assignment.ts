import { z } from 'zod';
import { m } from '../messages/message.js';

/** Issue 15.3: the shop's automatic assignment rules (docs/decisions/0086, 0087). */
export const ASSIGNMENT_MODES = ['off', 'round_robin', 'least_loaded'] as const;
export type TAssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export interface TAssignmentSettings {
  mode: TAssignmentMode;
  /** Open orders (new, pending, reported) an agent may hold from the automation; null: no cap. */
  max_open_orders: number | null;
  /** Only agents online per presence (else offline agents too). */
  online_only: boolean;
  /** An agent limited to some products (product permissions) only gets orders of those products. */
  use_product_permissions: boolean;
  /** Untouched automatic orders of an agent offline this long go back to the pool; null: never. */
  release_after_minutes: number | null;
}

export const DEFAULT_ASSIGNMENT_SETTINGS: TAssignmentSettings = {
  mode: 'off',
  max_open_orders: null,
  online_only: true,
  use_product_permissions: true,
  release_after_minutes: null,
};

/** The status types that count as an agent's open orders (still to confirm). */
export const OPEN_ORDER_STATUS_TYPES = ['new', 'pending', 'reported'] as const;

export const ASSIGNMENT_MESSAGES = {
  modeInvalid: m('assignment.mode_invalid'),
  capRange: m('assignment.number_range', { min: 1, max: 100000 }),
  releaseRange: m('assignment.number_range', { min: 1, max: 10080 }),
  updated: m('assignment.updated'),
} as const;

const optionalWhole = (max: number, message: ReturnType<typeof m>) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).nullable(),
  );

export const ZAssignmentSettingsInput = z.object({
  mode: z.enum(ASSIGNMENT_MODES, { error: ASSIGNMENT_MESSAGES.modeInvalid }),
  max_open_orders: optionalWhole(100000, ASSIGNMENT_MESSAGES.capRange),
  online_only: z.boolean().default(true),
  use_product_permissions: z.boolean().default(true),
  release_after_minutes: optionalWhole(10080, ASSIGNMENT_MESSAGES.releaseRange),
});
export type TAssignmentSettingsInput = z.output<typeof ZAssignmentSettingsInput>;

/** One agent as the automation sees it. */
export interface TAssignmentCandidate {
  id: number;
  load: number;
  online: boolean;
  /** null: every product; else the products the agent may work with. */
  productIds: ReadonlySet<number> | null;
}

/**
 * The pure choice (unit-tested): for each order in arrival order, the agent it goes to or null (the
 * pool). Eligible: online when the shop says so, under the cap, allowed every product of the order
 * when product permissions count. round_robin: the first eligible agent after `lastAgentId` in id
 * order; least_loaded: the fewest open orders, ties to the first after `lastAgentId`. Loads grow as
 * orders are handed out, so one batch never passes the cap.
 */
export function chooseAgents(
  settings: TAssignmentSettings,
  candidates: readonly TAssignmentCandidate[],
  orders: ReadonlyArray<{ productIds: readonly number[] }>,
  lastAgentId: number | null,
): { agents: Array<number | null>; lastAgentId: number | null } {
  const pool = [...candidates]
    .filter((c) => !settings.online_only || c.online)
    .sort((a, b) => a.id - b.id)
    .map((c) => ({ ...c }));
  let last = lastAgentId;
  const agents = orders.map((order) => {
    if (settings.mode === 'off' || !pool.length) return null;
    const start = last === null ? 0 : pool.findIndex((c) => c.id > last!);
    const rotated = start <= 0 ? pool : [...pool.slice(start), ...pool.slice(0, start)];
    const eligible = rotated.filter(
      (c) =>
        (settings.max_open_orders === null || c.load < settings.max_open_orders) &&
        (!settings.use_product_permissions ||
          c.productIds === null ||
          order.productIds.every((p) => c.productIds!.has(p))),
    );
    if (!eligible.length) return null;
    let chosen = eligible[0]!;
    if (settings.mode === 'least_loaded') {
      for (const c of eligible) if (c.load < chosen.load) chosen = c;
    }
    chosen.load += 1;
    last = chosen.id;
    return chosen.id;
  });
  return { agents, lastAgentId: last };
}
