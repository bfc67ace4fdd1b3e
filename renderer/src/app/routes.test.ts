import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('the routes', () => {
  it('send "/" to the datasets as the router starts, before anything renders', async () => {
    // No RouterProvider: an element's effect (<Navigate>) would never run here, and on a team
    // server it ran only once the invite was exchanged, replacing a route the user had gone to.
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    await new Promise<void>((resolve) => {
      if (router.state.initialized) resolve();
      else router.subscribe((state) => state.initialized && resolve());
    });
    expect(router.state.location.pathname).toBe('/datasets');
    router.dispose();
  });
});
