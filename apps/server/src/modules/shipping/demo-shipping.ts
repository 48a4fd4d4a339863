import type { TCarrierKind } from '../../carriers/carrier.js';
import type { TCarrierKeyring } from '../../carriers/credentials.js';
import { SANDBOX_CREDENTIALS } from '../../carriers/sandbox/index.js';
import type { Db } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { SANDBOX_SCHEME } from '../shipping-companies/carrier-runtime.js';
import {
  countCompanies,
  createCompany,
  findDemoShop,
  upsertFees,
} from '../shipping-companies/shipping-companies.service.js';

/**
 * The demo shop's shipping companies (decision 0031): one per carrier family, pointing at the local
 * sandbox through `sandbox://` base URLs (resolved to wherever the sandbox listens at this start),
 * with the sandbox's credentials (encrypted like any other) and a fee table. Added once, when the
 * demo shop has none, so a seller's edits survive restarts.
 */
const DEMO_COMPANIES: ReadonlyArray<{ kind: TCarrierKind; code: string; name: string; path: string | null }> = [
  { kind: 'yalidine', code: 'yalidine', name: 'Yalidine', path: 'yalidine/v1' },
  { kind: 'ecotrack', code: 'dhd', name: 'DHD Express (EcoTrack)', path: 'ecotrack/dhd' },
  { kind: 'zr_express', code: 'zr_express', name: 'ZR Express', path: 'zr/api/v1' },
  { kind: 'maystro', code: 'maystro', name: 'Maystro Delivery', path: 'maystro/api' },
  { kind: 'noest', code: 'noest', name: 'NOEST Express', path: 'noest' },
  { kind: 'manual', code: 'own-drivers', name: 'Own drivers', path: null },
];

/**
 * A plausible tariff: the north is cheaper than the south (DZD). A carrier bills a parcel that
 * comes back about 40 % of its home fee (decision 0112); the shop's own drivers bill nothing.
 */
function demoFee(stateId: number, kind: TCarrierKind) {
  const far = [1, 8, 11, 30, 32, 33, 37, 39, 45, 47, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58].includes(stateId);
  const home = stateId === 16 ? 400 : far ? 900 + (stateId % 3) * 100 : 550 + (stateId % 4) * 50;
  const returnFee = kind === 'manual' ? null : Math.round((home * 0.4) / 50) * 50;
  return { home_fee: home, stopdesk_fee: Math.max(250, home - 250), return_fee: returnFee };
}

export async function ensureDemoShippingCompanies(db: Db, keyring: TCarrierKeyring): Promise<number> {
  const demo = await withSystem(db, (tx) => findDemoShop(tx));
  if (!demo) return 0;
  return withTenant(db, demo.id, async (tx) => {
    if ((await countCompanies(tx, demo.id)) > 0) return 0;
    const actor = { tenantId: demo.id, userId: demo.owner!, ip: null };
    for (const company of DEMO_COMPANIES) {
      const created = await createCompany(tx, keyring, actor, {
        kind: company.kind,
        code: company.code,
        name: company.name,
        base_url: company.path ? `${SANDBOX_SCHEME}${company.path}` : null,
        credentials: company.kind === 'manual' ? {} : SANDBOX_CREDENTIALS[company.kind],
        sender_wilaya: 16,
      });
      await upsertFees(
        tx,
        demo.id,
        created.id,
        Array.from({ length: 58 }, (_, i) => ({ state_id: i + 1, ...demoFee(i + 1, company.kind) })),
      );
    }
    return DEMO_COMPANIES.length;
  });
}
