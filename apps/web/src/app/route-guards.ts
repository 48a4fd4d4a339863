import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getAccessToken } from '../lib/storage';

/** SPEC 2.1: default-layout routes need a signed-in user. */
export function requireSignedIn(): null {
  if (!getAccessToken()) throw redirect('/login');
  return null;
}

/** Login screens are for guests; a signed-in user goes to the dashboard. */
export function requireGuest(): null {
  if (getAccessToken()) throw redirect('/dashboard');
  return null;
}

export function redirectHome(): never {
  throw redirect(getAccessToken() ? '/dashboard' : '/login');
}

/** SPEC 2.3 short aliases (/orders, /products...) land on the dashboard route, query kept. */
export function aliasTo(target: string) {
  return ({ request }: LoaderFunctionArgs): never => {
    throw redirect(`${target}${new URL(request.url).search}`);
  };
}
