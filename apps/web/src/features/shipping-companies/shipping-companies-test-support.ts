import { afterEach, beforeEach, vi } from 'vitest';
import type { TShippingCompany } from '@cod/shared';
import { OWNER, signIn } from '../../test/render-app';

/** A saved shipping company of the tests: an active one sending from Alger, changed by `overrides`. */
export function shippingCompany(overrides: Partial<TShippingCompany>): TShippingCompany {
  return {
    id: 1,
    kind: 'manual',
    code: 'own',
    name: 'Nos livreurs',
    icon: null,
    base_url: null,
    credentials: {},
    active: true,
    served_wilayas: null,
    sender_wilaya: 16,
    webhook_url: null,
    created_at: '2026-11-21T00:00:00Z',
    ...overrides,
  };
}

/** The API answers `answer` gives, in place of the network; the mock shows what was sent. */
export function serveFetch(answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Each test of the file runs signed in as an owner who may view and manage shipping companies. */
export function signInAsShippingManager() {
  beforeEach(() =>
    signIn({ ...OWNER, permissions: [...OWNER.permissions, 'view shipping_companies', 'manage shipping_companies'] }),
  );
  afterEach(() => vi.unstubAllGlobals());
}
