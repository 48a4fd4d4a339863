import { describe, expect, it } from 'vitest';
import { withSystem } from '../../src/db/tenant-context.js';
import { findChannelByIntakeKey } from '../../src/modules/sales-channels/sales-channels.service.js';
import { openTestApp } from '../support/test-db.js';
import { ownerOfNewShop } from './catalogue-support.js';

const { app, database } = await openTestApp();
const byKey = (key: string) => withSystem(database.db, (tx) => findChannelByIntakeKey(tx, key));

describe('sales channels (issue 3.7)', () => {
  it('shows the intake key once, finds the channel and tenant by it, rotates and revokes it', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const created = await api.post('/dashboard/sales-channels', {
      name: 'Page Facebook',
      icon: 'tabler-brand-facebook',
      source_type: 'facebook',
    });
    expect(created.statusCode).toBe(201);
    const channel = created.json();
    expect(channel).toMatchObject({ name: 'Page Facebook', source_type: 'facebook', active: true });
    expect(channel.intake_key).toMatch(/^cod_in_[A-Za-z0-9_-]{43}$/);
    expect(channel.intake_key.startsWith(channel.intake_key_prefix)).toBe(true);

    const read = (await api.get(`/dashboard/sales-channels/${channel.id}`)).json();
    expect(read).not.toHaveProperty('intake_key');
    expect(JSON.stringify((await api.get('/dashboard/sales-channels')).json())).not.toContain(channel.intake_key);
    expect(await byKey(channel.intake_key)).toMatchObject({
      tenantId: tenant.id,
      id: channel.id,
      sourceType: 'facebook',
    });

    const rotated = (await api.post(`/dashboard/sales-channels/${channel.id}/rotate-key`)).json();
    expect(rotated.intake_key).not.toBe(channel.intake_key);
    expect(await byKey(channel.intake_key)).toBeUndefined();
    expect(await byKey(rotated.intake_key)).toMatchObject({ id: channel.id });

    const revoked = (await api.post(`/dashboard/sales-channels/${channel.id}/revoke-key`)).json();
    expect(revoked).toMatchObject({ intake_key_prefix: null });
    expect(await byKey(rotated.intake_key)).toBeUndefined();
    expect(await byKey('cod_in_guess')).toBeUndefined();
  });

  it('validates the source type, edits, and an inactive channel takes no orders', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const bad = await api.post('/dashboard/sales-channels', { name: '', source_type: 'myspace', icon: '<script>' });
    expect(bad.json().errors).toEqual({
      name: ['The name field is required.'],
      icon: ['The icon may only contain letters, numbers, colons, dashes and underscores.'],
      source_type: ['The source type must be one of facebook, tiktok, instagram, google, meta, website, other.'],
    });
    const channel = (await api.post('/dashboard/sales-channels', { name: 'Boutique', source_type: 'website' })).json();
    const edited = await api.put(`/dashboard/sales-channels/${channel.id}`, {
      name: 'Boutique en ligne',
      source_type: 'website',
      active: false,
    });
    expect(edited.json()).toMatchObject({ name: 'Boutique en ligne', active: false });
    expect(await byKey(channel.intake_key)).toBeUndefined();
    expect((await api.get('/dashboard/sales-channels?search=ligne')).json().total).toBe(1);
    expect((await api.delete(`/dashboard/sales-channels/${channel.id}`)).json()).toEqual({ result: 'deleted' });
    expect((await api.get(`/dashboard/sales-channels/${channel.id}`)).statusCode).toBe(404);
  });
});
