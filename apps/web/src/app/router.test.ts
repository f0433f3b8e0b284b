import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routes } from '../config/paths';
import { routeTree } from './router';

/** The deepest route a path lands on (the page, or the catch-all). */
const leaf = (pathname: string) => matchRoutes(routeTree, pathname)?.at(-1)?.route;

describe('the route tree collected from the features (features/*/routes.tsx)', () => {
  it('has a page for every path of config/paths.ts', () => {
    const samples: string[] = [
      ...Object.values(routes).map((pattern) => pattern.replace(':serviceId', 'plumbing').replace(':id', 'p1').replace('/:proId?', '/p1')),
      paths.booking(),
      paths.service('some-id'),
    ];
    for (const pathname of samples) {
      const route = leaf(pathname);
      expect(route?.path, pathname).not.toBe('*');
      expect(route?.lazy ?? route?.loader ?? route?.index, pathname).toBeTruthy();
    }
  });

  it('guards the pages that need an account with the app guard', () => {
    for (const pathname of [paths.dashboard(), paths.profile(), paths.bookService(), paths.adminBookings(), paths.chat()]) {
      const matches = matchRoutes(routeTree, pathname)!;
      expect(matches.some((m) => m.route.element != null && m.route.path === undefined), pathname).toBe(true);
    }
    for (const pathname of [paths.home(), paths.about(), paths.services(), paths.pro('p1')]) {
      const matches = matchRoutes(routeTree, pathname)!;
      expect(matches.some((m) => m.route.element != null && m.route.path === undefined), pathname).toBe(false);
    }
  });

  it('sends any other path to the not-found page', () => {
    expect(leaf('/no-such-page')?.path).toBe('*');
  });
});
