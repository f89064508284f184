// Which page is shown, kept in the address's hash (`#rules`, `#tutorial`), so the server
// serves one page and the browser's back button moves between them.

import { signal } from '@preact/signals';

/** A page of the app. */
export type Route = 'play' | 'rules' | 'tutorial';

function fromHash(hash: string): Route {
  const name = hash.replace(/^#\/?/, '');
  return name === 'rules' || name === 'tutorial' ? name : 'play';
}

/** The page shown now. */
export const route = signal<Route>(
  typeof location === 'undefined' ? 'play' : fromHash(location.hash),
);

if (typeof addEventListener === 'function') {
  addEventListener('hashchange', () => {
    route.value = fromHash(location.hash);
  });
}

/** The link to a page. */
export function routeHref(page: Route): string {
  return page === 'play' ? '#' : `#${page}`;
}
