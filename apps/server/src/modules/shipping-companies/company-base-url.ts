import type { TCarrierKind } from '../../carriers/carrier.js';
import { CARRIER_API_HOSTS } from '../../carriers/catalogue.js';
import { m } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';
import { outboundPolicy, refusalToken, urlRefusal } from '../../lib/outbound-guard.js';
import { isSandboxUrl, sandboxAllowed } from './carrier-runtime.js';

/** A sandbox path: plain segments, nothing a URL parser could read as a host, query or fragment. */
const SANDBOX_PATH = /^sandbox:\/\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/?$/i;

/**
 * Save-time half of decision 0037 for a shipping company's base URL (the use-time half is the
 * HTTP layer's guard): https on a public host, on the carrier's own API host where it has fixed
 * ones, no user info, query or fragment; `sandbox://` for the demo shop only. No DNS here, so the
 * answer says nothing about the network.
 */
export function assertCompanyBaseUrl(
  input: { kind: TCarrierKind; base_url: string | null },
  tenantId: number,
  storedBaseUrl: string | null = null,
): void {
  const { kind, base_url: baseUrl } = input;
  if (kind === 'manual' || baseUrl === null) return;
  if (isSandboxUrl(baseUrl)) {
    // Unchanged: the demo shop edits its companies even while the sandbox is off.
    if (SANDBOX_PATH.test(baseUrl) && (baseUrl === storedBaseUrl || sandboxAllowed(tenantId))) return;
    throw AppError.validation({ base_url: [m('base_url.sandbox_demo_only')] });
  }
  const hosts = CARRIER_API_HOSTS[kind];
  const reason = urlRefusal(baseUrl, { policy: outboundPolicy(), base: true, ...(hosts ? { hosts } : {}) });
  if (reason) throw AppError.validation({ base_url: [refusalToken(reason, hosts)] });
}
