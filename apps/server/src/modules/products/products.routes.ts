import type { FastifyInstance } from 'fastify';
import { ZListQuery, ZProductInput, ZProductListQuery, type TProduct } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import { registerCatalogueRoutes } from '../../http/resource-routes.js';
import { parse } from '../../lib/validate.js';
import * as service from './products.service.js';

/** Issue 3.1: /dashboard/products. Reading needs 'view products', every change 'manage products'. */
export function registerProductRoutes(app: FastifyInstance, deps: service.TProductDeps): void {
  // The order form's product picker: active products the caller may sell (issue 3.2), without
  // cost prices, for anyone who works orders.
  app.get('/dashboard/products/options', { config: { access: 'view orders' } }, async (request) => {
    const actor = actorOf(request);
    const page = await service.listProductOptions(deps, actor, parse(ZListQuery, request.query));
    return { data: page.data.map(toOption), total: page.total };
  });

  registerCatalogueRoutes(app, deps, {
    schemas: { subject: 'products', list: ZProductListQuery, input: ZProductInput },
    read: { list: service.listProductPage, get: service.getProduct },
    write: { create: service.addProduct, update: service.updateProduct, remove: service.removeProduct },
    restore: service.restoreProduct,
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
