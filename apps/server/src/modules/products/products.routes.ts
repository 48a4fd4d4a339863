import type { FastifyInstance } from 'fastify';
import { ZListQuery, ZProductInput, ZProductListQuery, type TProduct } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import { allowedProductIds } from '../product-permissions/product-permissions.repository.js';
import { ZIdParams } from '../../lib/id-params.js';
import { actorOf } from './actor.js';
import type { TImageStore } from './product-images.js';
import * as repo from './products.repository.js';
import * as service from './products.service.js';

/** Issue 3.1: /dashboard/products. Reading needs 'view products', every change 'manage products'. */
export function registerProductRoutes(app: FastifyInstance, db: Db, store: TImageStore): void {
  app.get('/dashboard/products', { config: { access: 'view products' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZProductListQuery, request.query);
    return withTenant(db, tenantId, (tx) =>
      repo.listProducts(tx, tenantId, { ...query, page: query.page, perPage: query.per_page }),
    );
  });

  // The order form's product picker: active products the caller may sell (issue 3.2), without
  // cost prices, for anyone who works orders.
  app.get('/dashboard/products/options', { config: { access: 'view orders' } }, async (request) => {
    const { tenantId, userId } = actorOf(request);
    const query = parse(ZListQuery, request.query);
    const page = await withTenant(db, tenantId, async (tx) =>
      repo.listProducts(tx, tenantId, {
        search: query.search,
        active: true,
        productIds: await allowedProductIds(tx, tenantId, userId),
        page: query.page,
        perPage: query.per_page,
      }),
    );
    return { data: page.data.map(toOption), total: page.total };
  });

  app.get('/dashboard/products/:id', { config: { access: 'view products' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const product = await withTenant(db, tenantId, (tx) => repo.findProduct(tx, tenantId, id));
    if (!product) throw AppError.notFound('Product');
    return product;
  });

  app.post('/dashboard/products', { config: { access: 'manage products' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZProductInput, request.body);
    const product = await withTenant(db, actor.tenantId, (tx) => service.createProduct(tx, actor, input));
    return reply.status(201).send(product);
  });

  app.put('/dashboard/products/:id', { config: { access: 'manage products' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZProductInput, request.body);
    return withTenant(db, actor.tenantId, (tx) => service.updateProduct(tx, actor, id, input));
  });

  app.delete('/dashboard/products/:id', { config: { access: 'manage products' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const { result, imageKeys } = await withTenant(db, actor.tenantId, (tx) => service.removeProduct(tx, actor, id));
    await store.remove(actor.tenantId, imageKeys);
    return { result };
  });

  app.post('/dashboard/products/:id/restore', { config: { access: 'manage products' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return withTenant(db, actor.tenantId, (tx) => service.restoreProduct(tx, actor, id));
  });
}

/** What an order agent sees of a product: no cost price, no warehouse detail beyond availability. */
function toOption(product: TProduct) {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    price: product.price,
    has_variants: product.has_variants,
    variants: product.variants.map((v) => ({
      id: v.id,
      name: v.name,
      sku: v.sku,
      price: v.price,
      attributes: v.attributes,
      available: v.available,
    })),
    custom_fields: product.custom_fields,
    thumbnail_url: product.thumbnail_url,
    available: product.available,
  };
}
