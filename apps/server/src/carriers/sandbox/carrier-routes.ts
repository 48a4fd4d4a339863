import type { TCarrierKind } from '../carrier.js';
import { findPreset } from '../catalogue.js';
import type { TDialectHandler } from './dialect.js';
import { ecotrackDialect } from './dialects/ecotrack.js';
import { maystroDialect } from './dialects/maystro.js';
import { noestDialect } from './dialects/noest.js';
import { yalidineDialect } from './dialects/yalidine.js';
import { zrDialect } from './dialects/zr.js';

export interface TCarrierRoute {
  handler: TDialectHandler;
  /** The carrier network a path names (yalidine or guepex, an EcoTrack tenant, ...). */
  network: string;
  /** The path inside the dialect's API. */
  rest: string;
}

/** Which fake carrier a path speaks to: each dialect lives under its own prefix. */
export function carrierRoute(pathname: string): TCarrierRoute | undefined {
  let m = /^\/(yalidine|guepex)\/v1(\/.*)?$/.exec(pathname);
  if (m) return { handler: yalidineDialect, network: m[1]!, rest: m[2] ?? '/' };
  m = /^\/ecotrack\/([a-z0-9_-]+)(\/.*)?$/i.exec(pathname);
  if (m) return { handler: ecotrackDialect, network: m[1]!.toLowerCase(), rest: m[2] ?? '/' };
  m = /^\/zr\/api\/v1(\/.*)?$/.exec(pathname);
  if (m) return { handler: zrDialect, network: 'zr', rest: m[1] ?? '/' };
  m = /^\/maystro\/api(\/.*)?$/.exec(pathname);
  if (m) return { handler: maystroDialect, network: 'maystro', rest: m[1] ?? '/' };
  m = /^\/noest(\/.*)?$/.exec(pathname);
  if (m) return { handler: noestDialect, network: 'noest', rest: m[1] ?? '/' };
  return undefined;
}

/** The base URL an adapter gets for a company code: the inverse of carrierRoute. */
export function carrierBaseUrl(publicUrl: string, code: string, kind?: TCarrierKind): string {
  const resolved = kind ?? findPreset(code)?.kind ?? 'ecotrack';
  switch (resolved) {
    case 'yalidine':
      return `${publicUrl}/${code === 'guepex' ? 'guepex' : 'yalidine'}/v1`;
    case 'ecotrack':
      return `${publicUrl}/ecotrack/${code}`;
    case 'zr_express':
      return `${publicUrl}/zr/api/v1`;
    case 'maystro':
      return `${publicUrl}/maystro/api`;
    case 'noest':
      return `${publicUrl}/noest`;
    default:
      return publicUrl;
  }
}
