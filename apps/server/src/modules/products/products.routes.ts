import type { FastifyInstance } from 'fastify';
import { ZListQuery, ZProductInput, ZProductListQuery, type TProduct } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './products.service.js';

/** Issue 3.1: /dashboard/products. Reading needs 'view products', every change 'manage products'. */
export function registerProductRoutes(app: FastifyInstance, deps: service.TProductDeps): void {
  app.get('/dashboard/products', { config: { access: 'view products' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listProductPage(deps, tenantId, parse(ZProductListQuery, request.query));
  });

  // The order form's product picker: active products the caller may sell (issue 3.2), without
  // cost prices, for anyone who works orders.
  app.get('/dashboard/products/options', { config: { access: 'view orders' } }, async (request) => {
    const actor = actorOf(request);
    const page = await service.listProductOptions(deps, actor, parse(ZListQuery, request.query));
    return { data: page.data.map(toOption), total: page.total };
  });

  app.get('/dashboard/products/:id', { config: { access: 'view products' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getProduct(deps, tenantId, id);
  });

  app.post('/dashboard/products', { config: { access: 'manage products' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZProductInput, request.body);
    const product = await service.addProduct(deps, actor, input);
    return reply.status(201).send(product);
  });

  app.put('/dashboard/products/:id', { config: { access: 'manage products' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    const input = parse(ZProductInput, request.body);
    return service.updateProduct(deps, actor, id, input);
  });

  app.delete('/dashboard/products/:id', { config: { access: 'manage products' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return { result: await service.removeProduct(deps, actor, id) };
  });

  app.post('/dashboard/products/:id/restore', { config: { access: 'manage products' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.restoreProduct(deps, actor, id);
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
