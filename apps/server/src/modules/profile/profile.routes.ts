import { AVATAR_MAX_BYTES, m } from '@cod/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import { registerPictureRoutes } from '../../http/file-upload.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import * as service from './profile.service.js';

const sessionActorOf = (request: FastifyRequest): service.TSessionActor => ({
  ...actorOf(request),
  tokenId: sessionOfRequest(request).tokenId,
});

/**
 * Issue 18.4, SPEC 2.3 /profile: the signed-in user's own account. Every signed-in user has one, so
 * these routes need a session only (docs/decisions/0059): a role without 'view profile' hides the
 * sidebar entry but cannot stop a user changing their own password or signing a lost phone out.
 */
export async function registerProfileRoutes(app: FastifyInstance, deps: service.TProfileDeps): Promise<void> {
  app.get('/profile', { config: { access: 'authenticated' } }, (request) => service.getProfile(deps, actorOf(request)));
  app.put('/profile', { config: { access: 'authenticated' } }, (request) =>
    service.updateProfile(deps, actorOf(request), request.body),
  );
  app.post('/profile/password', { config: { access: 'authenticated' } }, (request) =>
    service.changePassword(deps, sessionActorOf(request), request.body),
  );
  app.get('/profile/sessions', { config: { access: 'authenticated' } }, (request) =>
    service.listSessions(deps, sessionActorOf(request)),
  );
  app.post('/profile/sessions/revoke-others', { config: { access: 'authenticated' } }, (request) =>
    service.revokeOtherSessions(deps, sessionActorOf(request)),
  );
  app.delete('/profile/sessions/:id', { config: { access: 'authenticated' } }, (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.revokeSession(deps, sessionActorOf(request), id);
  });

  // Multipart in the upload's scope only, with the avatar's own size limit (2 MB).
  const tooLarge = m('profile.avatar_too_large', { max: AVATAR_MAX_BYTES / 1024 / 1024 });
  await registerPictureRoutes(app, deps, {
    route: { path: '/profile/avatar', access: 'authenticated' },
    upload: { field: 'avatar', maxBytes: AVATAR_MAX_BYTES, tooLarge },
    use: { set: service.setAvatar, remove: service.removeAvatar },
  });
}
