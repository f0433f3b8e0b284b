import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from './app/router';
import { serviceIdOf } from './entry-server';

describe('the service id of a /services/{value} path (the server writes a missing service\'s data under it)', () => {
  it('is what the page reads from the router, however the value is spelled', () => {
    const values = ['2e4b9a37-ddd9-5d0e-8c3e-7ce5e48540b0', 'bogus', 'caf%C3%A9', '%00', 'a%2Fb', 'a%252Fb', '%E0%A4%A', 'x'.repeat(101), 'Bogus%20Id'];
    for (const value of values) {
      const pathname = `/services/${value}`;
      const match = matchRoutes(routeTree, pathname)!.at(-1)!;
      expect(serviceIdOf(pathname), value).toBe(match.params.serviceId);
    }
  });

  it('is none for a category (in any case) or another page', () => {
    for (const pathname of ['/services/plumbing', '/services/PLUMBING', '/services', '/about', '/services/a/b']) {
      expect(serviceIdOf(pathname), pathname).toBeNull();
    }
  });
});
