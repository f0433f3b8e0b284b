import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { prefetchRoute } from './prefetch';

function tree() {
  const home = vi.fn(async () => ({}));
  const faq = vi.fn(async () => ({}));
  const service = vi.fn(async () => ({}));
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true, lazy: home },
        { path: 'faq', lazy: faq },
        { path: 'services/:id', lazy: service },
      ],
    },
  ];
  return { routes, home, faq, service };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchRoute', () => {
  it('starts the lazy load of the matching page only, once per path', async () => {
    const { routes, home, faq, service } = tree();
    const done = new Set<string>();
    prefetchRoute(routes, '/faq', done);
    prefetchRoute(routes, '/faq', done);
    await settle();
    expect(faq).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
    expect(service).not.toHaveBeenCalled();

    prefetchRoute(routes, '/services/plumbing', done);
    prefetchRoute(routes, '/services/cleaning', done);
    await settle();
    expect(service).toHaveBeenCalledTimes(2);
  });

  it('ignores paths no route matches', async () => {
    const { routes, home, faq, service } = tree();
    prefetchRoute(routes, '/nowhere/at/all', new Set());
    await settle();
    expect([home, faq, service].every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it('tries again after a failed load (offline for a moment)', async () => {
    const failing = vi.fn(async () => {
      throw new Error('network');
    });
    const routes: RouteObject[] = [{ path: '/about', lazy: failing }];
    const done = new Set<string>();
    prefetchRoute(routes, '/about', done);
    await settle();
    prefetchRoute(routes, '/about', done);
    await settle();
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
