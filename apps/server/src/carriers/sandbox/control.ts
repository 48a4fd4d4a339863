import type { TSandboxReply } from './dialect.js';
import type { TOperation } from './faults.js';
import { SCENARIOS, type TSandboxDialect, type TScenario } from './scenarios.js';
import type { TSandboxState } from './state.js';

/** The sandbox's own control paths (/__sandbox/...): the clock, scenarios, faults, webhooks, parcels. */
export async function control(
  state: TSandboxState,
  request: { pathname: string; method: string; body: Record<string, unknown> },
): Promise<TSandboxReply> {
  const { pathname, method, body } = request;
  const { clock, store } = state;
  if (pathname === '/__sandbox/clock' && method === 'GET') return { status: 200, json: { now: clock.now() } };
  if (pathname === '/__sandbox/clock/advance' && method === 'POST') {
    const ms = Number(body.ms ?? 0) + Number(body.hours ?? 0) * 3_600_000 + Number(body.days ?? 0) * 86_400_000;
    if (!Number.isFinite(ms) || ms < 0) return { status: 422, json: { message: 'ms, hours or days must be >= 0' } };
    return { status: 200, json: { ...(await clock.advance(ms)), now: clock.now() } };
  }
  if (pathname === '/__sandbox/scenario' && method === 'POST') {
    const scenario = String(body.scenario) as TScenario;
    if (!SCENARIOS.includes(scenario) || typeof body.reference !== 'string') {
      return { status: 422, json: { message: `reference and scenario (${SCENARIOS.join(', ')}) are required` } };
    }
    store.setScenario(body.reference, scenario);
    return { status: 200, json: { ok: true } };
  }
  if (pathname === '/__sandbox/faults' && method === 'POST') return applyFault(state, body);
  if (pathname === '/__sandbox/webhooks' && method === 'POST') {
    const result = await state.webhooks.configure(body.dialect as TSandboxDialect, {
      url: String(body.url),
      secret: String(body.secret),
    });
    return { status: 200, json: result };
  }
  if (pathname === '/__sandbox/parcels' && method === 'GET') {
    return {
      status: 200,
      json: store.parcels.map((p) => ({
        dialect: p.dialect,
        network: p.network,
        tracking: p.tracking,
        reference: p.reference,
        scenario: p.scenario,
        status: store.current(p).status,
        deleted: p.deleted,
      })),
    };
  }
  return { status: 404, json: { message: 'Unknown sandbox control path' } };
}

function applyFault(state: TSandboxState, body: Record<string, unknown>): TSandboxReply {
  const { faults } = state;
  const match = {
    ...(body.dialect ? { dialect: body.dialect as TSandboxDialect } : {}),
    ...(body.operation ? { operation: body.operation as TOperation } : {}),
  };
  const times = body.times === undefined ? undefined : Number(body.times);
  /** A fault that may be limited to its first few matching requests. */
  const limited = { ...match, ...(times ? { times } : {}) };
  switch (body.type) {
    case 'refuse':
      faults.refuse({
        ...match,
        references: Array.isArray(body.references) ? body.references.map(String) : [],
        ...(body.message ? { message: String(body.message) } : {}),
      });
      break;
    case 'rate_limit':
      faults.rateLimit({
        ...limited,
        retryAfterSeconds: Number(body.retryAfterSeconds ?? 1),
      });
      break;
    case 'fail':
      faults.fail({
        ...limited,
        status: Number(body.status ?? 503),
        afterProcessing: body.afterProcessing === true,
      });
      break;
    case 'timeout':
      faults.timeout({
        ...limited,
        ...(body.holdMs ? { holdMs: Number(body.holdMs) } : {}),
      });
      break;
    case 'webhooks':
      faults.webhooks({ duplicate: body.duplicate === true, reverse: body.reverse === true });
      break;
    case 'clear':
      faults.clear();
      break;
    default:
      return { status: 422, json: { message: 'type must be refuse, rate_limit, fail, timeout, webhooks or clear' } };
  }
  return { status: 200, json: { ok: true } };
}
