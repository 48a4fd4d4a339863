import { PassThrough, type Readable } from 'node:stream';
import { withTenant } from '../../db/tenant-context.js';
import { listTemplateCommunes } from '../../files/import-template.repository.js';
import { writeImportTemplate } from '../../files/import-template.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { templateProducts } from './imports.repository.js';

/**
 * SPEC 2.4: the import template, with the shop's products and SKUs the user may sell and the valid
 * wilayas/communes. Read in one transaction; the workbook is written as it streams out.
 */
export async function downloadImportTemplate(
  deps: TAppDeps,
  actor: { tenantId: number; userId: number },
): Promise<Readable> {
  const { communes, products, customFields } = await withTenant(deps.db, actor.tenantId, async (tx) => ({
    communes: await listTemplateCommunes(tx),
    ...(await templateProducts(tx, actor.tenantId, actor.userId)),
  }));
  const stream = new PassThrough();
  writeImportTemplate({
    stream,
    communes,
    products,
    extraColumns: customFields.map((label) => ({ header: label, required: false, help: 'Custom field of a product.' })),
  }).catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
