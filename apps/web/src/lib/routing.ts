/**
 * How a feature declares its pages (docs/adding-a-capability.md): each `features/<name>/routes.tsx`
 * exports `pageRoutes`, and src/app/router.tsx collects every feature's list with import.meta.glob,
 * so adding a capability edits no central route table. Guards are declared here as data and turned
 * into the app's <RequireAuth> by the router, so a feature never imports app/.
 */
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { Permission } from '@khedma/shared/domain/permissions';
import type { UserType } from '@khedma/shared/domain/accounts';
import { loadNamespaces } from './i18n';
import type { FeatureNamespace } from './i18next';

/** Who may see a group of pages; the server checks every call anyway. */
export interface RouteGuard {
  /** Held by the signed-in user, or they are sent to `deniedTo`. */
  permission?: Permission;
  /** Where a signed-in user without the permission goes. */
  deniedTo?: 'home' | 'dashboard';
  /** Toast for a signed-out visitor (sent to /login?next=...). None: a silent redirect. */
  signedOutMessage?: ParseKeys;
  /** Toast for a signed-in user without the permission. */
  deniedMessage?: ParseKeys;
  /**
   * The account types the pages are for (issue 38): a super_admin holds every permission, a
   * professional's included, yet has no professional record, so permission alone would open pages
   * whose every call fails. Others are sent to `deniedTo`.
   */
  userTypes?: readonly UserType[];
  /** Toast for an admin turned away (their tools are elsewhere); `deniedMessage` otherwise. */
  adminMessage?: ParseKeys;
}

/** Pages that need an account or a role: the router wraps them in a path-less guard route. */
export interface GuardedRoutes {
  guard: RouteGuard;
  children: RouteObject[];
}

export type FeatureRoute = RouteObject | GuardedRoutes;

/** What a feature's routes.tsx exports. */
export interface FeatureRoutesModule {
  pageRoutes: FeatureRoute[];
}

export function isGuarded(route: FeatureRoute): route is GuardedRoutes {
  return 'guard' in route;
}

export function guarded(guard: RouteGuard, children: RouteObject[]): GuardedRoutes {
  return { guard, children };
}

/**
 * Lazily loads one named page component: each page is its own chunk, fetched on first visit.
 * (Vite needs the literal import() at each call site to split the chunk.)
 */
export function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, namespaces: readonly FeatureNamespace[] = []) {
  return async () => {
    // The page's own strings load in parallel with its code, so it never renders raw keys.
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module[name] };
  };
}

/** A permanent redirect that keeps the query string (and the given path parameters). */
export function redirectTo(build: (args: LoaderFunctionArgs) => string) {
  return (args: LoaderFunctionArgs) => {
    const { search } = new URL(args.request.url);
    return redirect(`${build(args)}${search}`);
  };
}

/**
 * A route that only redirects (an old address), keeping the query string. It renders nothing: `element:
 * null` says so, or React Router warns that the matched leaf route has no element (issue 22).
 */
export function redirectRoute(path: string, build: (args: LoaderFunctionArgs) => string): RouteObject {
  return { path, loader: redirectTo(build), element: null };
}
