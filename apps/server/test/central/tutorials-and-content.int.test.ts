import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { createTestTenant, loginAs, openTestApp, unique } from '../support/test-db.js';
import { centralAdmin, planWith } from './central-support.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutorials-test-'));
const { app, database } = await openTestApp({ DATA_DIR: dataDir });
const admin = await centralAdmin(app, database);

const TUTORIAL = {
  title_en: 'Confirming orders',
  title_fr: 'Confirmer les commandes',
  title_ar: '',
  description_en: 'Call, then confirm.',
  description_fr: 'Appelez, puis confirmez.',
  description_ar: '',
  video_url: 'https://videos.example.com/confirm',
  section: 'orders',
  position: 2,
};

/** A multipart form as the central screen sends it: text fields and one file. */
function multipart(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file?: [string, Buffer]) {
  const boundary = 'X-TUTORIAL-19';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    ...(file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file[0]}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          file[1],
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return app.inject({
    method,
    url,
    headers: { authorization: admin.authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('tutorials (issue 19.9)', () => {
  it('central administrators create, edit, archive and restore; shops read only the visible ones', async () => {
    const created = await admin.post('/central/tutorials', TUTORIAL);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'tutorial.saved',
      data: { ...TUTORIAL, archived: false, file: null },
    });
    const id = created.json().data.id as number;

    const edited = await admin.put(`/central/tutorials/${id}`, { ...TUTORIAL, title_ar: 'تأكيد الطلبات', position: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title_ar: 'تأكيد الطلبات', position: 1 });
    expect((await admin.get('/central/tutorials')).json().data.some((t: { id: number }) => t.id === id)).toBe(true);

    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    const read = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: shop.authorization } });
    const ids = async (url: string) => ((await read(url)).json().data as Array<{ id: number }>).map((t) => t.id);
    expect(await ids('/dashboard/tutorials')).toContain(id);
    expect(await ids('/dashboard/tutorials?section=orders')).toContain(id);
    expect(await ids('/dashboard/tutorials?section=stock')).not.toContain(id);

    expect((await admin.post(`/central/tutorials/${id}/archive`)).json().data.archived).toBe(true);
    expect(await ids('/dashboard/tutorials')).not.toContain(id);
    // The central list keeps it, archived.
    const central = (await admin.get('/central/tutorials')).json().data as Array<{ id: number; archived: boolean }>;
    expect(central.find((t) => t.id === id)?.archived).toBe(true);
    expect((await admin.post(`/central/tutorials/${id}/restore`)).statusCode).toBe(200);
    expect(await ids('/dashboard/tutorials')).toContain(id);

    expect((await admin.put('/central/tutorials/999999', TUTORIAL)).statusCode).toBe(404);
    expect((await admin.post('/central/tutorials/999999/archive')).statusCode).toBe(404);
    const audit = await rows<{ action: string }>(
      database.db,
      sql`select action from central_audit_log where entity = 'tutorial' and entity_id = ${id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'archive', 'restore']);
  });

  it('refuses bad input with 422s field by field', async () => {
    const none = await admin.post('/central/tutorials', {
      ...TUTORIAL,
      title_en: ' ',
      title_fr: '',
      title_ar: '',
      video_url: null,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error_codes.title_en[0].code).toBe('tutorial.title_required');

    for (const link of [
      'http://videos.example.com/x',
      'javascript:alert(1)',
      'not a link',
      'https://user:pw@x.com/v',
    ]) {
      const bad = await admin.post('/central/tutorials', { ...TUTORIAL, video_url: link });
      expect(bad.statusCode, link).toBe(422);
      expect(bad.json().error_codes.video_url[0].code, link).toBe('tutorial.video_https');
    }
    const bad = await admin.post('/central/tutorials', { ...TUTORIAL, section: 'nowhere', position: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['position', 'section']);

    const neither = await admin.post('/central/tutorials', { ...TUTORIAL, video_url: '' });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().error_codes.video_url[0].code).toBe('tutorial.video_or_file');
  });

  it('stores an uploaded file whose bytes match its type, serves it to shops, refuses a disguised one', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 1)]);
    const fields = { ...TUTORIAL, video_url: '', position: '3', title_en: unique('Upload') };
    const created = await multipart('POST', '/central/tutorials', fields, ['guide.mp4', mp4]);
    expect(created.statusCode, created.body).toBe(201);
    const tutorial = created.json().data as { id: number; file: string; file_name: string; file_type: string };
    expect(tutorial).toMatchObject({ file_name: 'guide.mp4', file_type: 'video/mp4', video_url: null, position: 3 });

    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    const download = await app.inject({
      method: 'GET',
      url: `/dashboard/tutorials/files/${tutorial.file}`,
      headers: { authorization: shop.authorization },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(mp4)).toBe(true);
    expect((await admin.get(`/central/tutorials/${tutorial.id}/file`)).rawPayload.equals(mp4)).toBe(true);

    const disguised = await multipart('POST', '/central/tutorials', fields, [
      'guide.mp4',
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().error_codes.file[0].code).toBe('tutorial.file_type');
    const exe = await multipart('POST', '/central/tutorials', fields, ['setup.exe', Buffer.from('MZ'.padEnd(64, 'x'))]);
    expect(exe.json().error_codes.file[0].code).toBe('tutorial.file_type');

    // Removing the file without a link is refused; with a link the file goes and shops lose it.
    const removeOnly = await multipart('PUT', `/central/tutorials/${tutorial.id}`, { ...fields, remove_file: 'true' });
    expect(removeOnly.statusCode).toBe(422);
    const replaced = await multipart('PUT', `/central/tutorials/${tutorial.id}`, {
      ...fields,
      remove_file: 'true',
      video_url: 'https://videos.example.com/new',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ file: null, video_url: 'https://videos.example.com/new' });
    const gone = await app.inject({
      method: 'GET',
      url: `/dashboard/tutorials/files/${tutorial.file}`,
      headers: { authorization: shop.authorization },
    });
    expect(gone.statusCode).toBe(404);
    await expect(fs.stat(path.join(dataDir, 'tutorials', tutorial.file))).rejects.toThrow();
  });

  it('central routes refuse shop tokens; shop users cannot write tutorials', async () => {
    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    const headers = { authorization: shop.authorization };
    expect((await app.inject({ method: 'GET', url: '/central/tutorials', headers })).statusCode).toBe(401);
    const write = await app.inject({ method: 'POST', url: '/central/tutorials', headers, payload: TUTORIAL });
    expect(write.statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/dashboard/tutorials', headers, payload: TUTORIAL })).statusCode,
    ).toBe(404);
    // And a central token does not read the shops' route.
    expect((await admin.get('/dashboard/tutorials')).statusCode).toBe(401);
  });
});

describe('plan feature intake_api (docs/decisions/0101)', () => {
  it('a plan without the order API refuses intake requests with 402 naming the plan and the feature', async () => {
    const shop = await shopWithCatalogue(app, database);
    const channel = (await shop.api.post('/dashboard/sales-channels', { name: 'Site', source_type: 'website' })).json();
    const plan = await planWith(admin, {});
    await database.db.execute(sql`update plans set features = '{"intake_api": false}' where id = ${plan.id}`);
    expect((await admin.post(`/central/tenants/${shop.tenant.id}/plan`, { plan_id: plan.id })).statusCode).toBe(200);
    const intake = () =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'x-intake-key': channel.intake_key },
        payload: orderBody(shop),
      });
    const refused = await intake();
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'plan.feature_missing',
      params: { plan: plan.name, feature: 'intake_api' },
      message: `The ${plan.name} plan does not include the order API. Upgrade your plan to use it.`,
    });
    // The shop's own screens still create orders: only the API is switched off.
    expect((await shop.api.post('/dashboard/orders', orderBody(shop))).statusCode).toBe(201);

    await database.db.execute(sql`update plans set features = '{"intake_api": true}' where id = ${plan.id}`);
    expect((await intake()).statusCode).toBe(201);
  });

  it('names a switched-off screen feature by its code, in English for SPEC 8', async () => {
    const tenant = await createTestTenant(database);
    const shop = await loginAs(app, tenant.ownerEmail);
    const plan = await planWith(admin, {});
    await database.db.execute(sql`update plans set features = '{"analytics": false}' where id = ${plan.id}`);
    await admin.post(`/central/tenants/${tenant.id}/plan`, { plan_id: plan.id });
    const refused = await app.inject({
      method: 'GET',
      url: '/dashboard/analytics/report',
      headers: { authorization: shop.authorization },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'plan.feature_missing',
      params: { feature: 'analytics' },
      message: `The ${plan.name} plan does not include analytics. Upgrade your plan to use it.`,
    });
  });
});

describe('the welcome mail of a signed-up shop (docs/decisions/0101)', () => {
  it('is written in the language the owner signed up in, with the set-password link', async () => {
    const expected = {
      fr: ['Votre boutique est prête', 'Bonjour'],
      ar: ['متجرك جاهز', 'مرحبًا'],
      en: ['Your shop is ready', 'Hello'],
    } as const;
    for (const [locale, [subject, greeting]] of Object.entries(expected)) {
      const name = unique('Langue');
      const email = `${name.toLowerCase()}@signup.dz`;
      const phone = `066${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
      const signup = await app.inject({
        method: 'POST',
        url: '/central/register',
        remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        payload: { shop_name: name, owner_name: 'Nadia', phone, email, wilaya_id: 16, expected_orders: 50, locale },
      });
      expect(signup.statusCode, signup.body).toBe(201);
      const [entry] = await rows<{ id: number }>(database.db, sql`select id from waiting_list where email = ${email}`);
      expect((await admin.post(`/central/waiting-list/${entry!.id}/approve`)).statusCode).toBe(200);
      const [mail] = await rows<{ subject: string; body: string }>(
        database.db,
        sql`select subject, body from mail_outbox where to_email = ${email} order by id desc limit 1`,
      );
      expect(mail!.subject, locale).toBe(subject);
      expect(mail!.body.startsWith(`${greeting} Nadia`), locale).toBe(true);
      expect(mail!.body).toMatch(/resetpassword\?token=[^&\s]+&email=/);
    }
  });
});
