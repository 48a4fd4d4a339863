import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TPermission, TRouteAccess } from '@cod/shared';
import type { z } from 'zod';
import { ZIdParams } from '../lib/id-params.js';
import { parse } from '../lib/validate.js';
import { actorOf, type TActor } from './actor.js';

/** The use cases behind the routes below, as the services write them (deps first). */
type TRead<D, A> = (deps: D, tenantId: number, arg: A) => Promise<unknown>;
type TAct<D> = (deps: D, actor: TActor, id: number) => Promise<unknown>;
type TCreate<D, S extends z.ZodType> = (deps: D, actor: TActor, input: z.infer<S>) => Promise<unknown>;
type TUpdate<D, S extends z.ZodType> = (deps: D, actor: TActor, id: number, input: z.infer<S>) => Promise<unknown>;

/** A GET handler: the use case reads the actor's shop with the parsed query string. */
export function readHandler<D, Q extends z.ZodType>(deps: D, query: Q, run: TRead<D, z.infer<Q>>) {
  return async (request: FastifyRequest) => run(deps, actorOf(request).tenantId, parse(query, request.query));
}

/** A POST handler that creates: the body parsed, what was created answered with 201. */
export function createHandler<D, S extends z.ZodType>(deps: D, input: S, run: TCreate<D, S>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const created = await run(deps, actorOf(request), parse(input, request.body));
    return reply.status(201).send(created);
  };
}

/**
 * The routes of one resource at `route.path`, declared once: `GET …/:id` (`show`, behind its own
 * access), `POST` (the input parsed, the created row answered with 201), `PUT …/:id` and
 * `DELETE …/:id` (the use case's answer as it is), the writes behind `route.access`. A module's
 * other routes stay written out.
 */
export interface TResourceRoutes<D, C extends z.ZodType, U extends z.ZodType> {
  route: { path: string; access: TPermission };
  show?: { access: TRouteAccess; run: TRead<D, number> };
  create?: { input: C; run: TCreate<D, C> };
  update?: { input: U; run: TUpdate<D, U> };
  remove?: TAct<D>;
}

export function registerResourceRoutes<D, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  deps: D,
  { route, show, create, update, remove }: TResourceRoutes<D, C, U>,
): void {
  const { path } = route;
  const manage = { config: { access: route.access } };
  if (show) {
    app.get(`${path}/:id`, { config: { access: show.access } }, async (request) =>
      show.run(deps, actorOf(request).tenantId, parse(ZIdParams, request.params).id),
    );
  }
  if (create) app.post(path, manage, createHandler(deps, create.input, create.run));
  if (update) {
    app.put(`${path}/:id`, manage, async (request) => {
      const { id } = parse(ZIdParams, request.params);
      return update.run(deps, actorOf(request), id, parse(update.input, request.body));
    });
  }
  if (remove) {
    app.delete(`${path}/:id`, manage, async (request) =>
      remove(deps, actorOf(request), parse(ZIdParams, request.params).id),
    );
  }
}

/** A permission subject that has both a 'view …' and a 'manage …' permission ('products', 'sales_channels'). */
type TSubject = {
  [P in TPermission]: P extends `view ${infer S}` ? (`manage ${S}` extends TPermission ? S : never) : never;
}[TPermission];

/**
 * The routes a catalogue screen has (issue 3): `GET /dashboard/<subject>` (a page of rows), the
 * resource routes above with one input for create and update, `DELETE` answering `{ result }`
 * (deleted or archived, docs/decisions/0011) and, where the module restores,
 * `POST …/:id/restore`. The path is the subject with '-' for '_'; reading needs
 * 'view <subject>', every change 'manage <subject>'.
 */
export interface TCatalogueRoutes<D, Q extends z.ZodType, S extends z.ZodType> {
  schemas: { subject: TSubject; list: Q; input: S };
  read: { list: TRead<D, z.infer<Q>>; get: TRead<D, number> };
  write: { create: TCreate<D, S>; update: TUpdate<D, S>; remove: TAct<D> };
  restore?: TAct<D>;
}

export function registerCatalogueRoutes<D, Q extends z.ZodType, S extends z.ZodType>(
  app: FastifyInstance,
  deps: D,
  { schemas, read, write, restore }: TCatalogueRoutes<D, Q, S>,
): void {
  const path = `/dashboard/${schemas.subject.replaceAll('_', '-')}`;
  const view = `view ${schemas.subject}` as TPermission;
  const manage = `manage ${schemas.subject}` as TPermission;

  app.get(path, { config: { access: view } }, readHandler(deps, schemas.list, read.list));
  registerResourceRoutes(app, deps, {
    route: { path, access: manage },
    show: { access: view, run: read.get },
    create: { input: schemas.input, run: write.create },
    update: { input: schemas.input, run: write.update },
    remove: async (_deps, actor, id) => ({ result: await write.remove(deps, actor, id) }),
  });
  if (restore) {
    app.post(`${path}/:id/restore`, { config: { access: manage } }, async (request) =>
      restore(deps, actorOf(request), parse(ZIdParams, request.params).id),
    );
  }
}
