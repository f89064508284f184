// Which page is shown, kept in the address's hash (`#rules`, `#tutorial`), so the server
// serves one page and the browser's back button moves between them.

import type { RuleId } from '@agon/engine';
import { signal } from '@preact/signals';

/** A page of the app. */
export type Route = 'play' | 'rules' | 'tutorial' | 'analysis';

function fromHash(hash: string): Route {
  // `#rules/r8` opens the rules page at one rule.
  const name = hash.replace(/^#\/?/, '').split('/')[0];
  return name === 'rules' || name === 'tutorial' || name === 'analysis' ? name : 'play';
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

/** The link to one rule on the rules page, such as `#rules/r8`. */
export function ruleHref(rule: RuleId): string {
  return `#rules/${rule.toLowerCase()}`;
}

/** The rule's anchor an address asks for (`r8` in `#rules/r8`), if any. */
export function ruleAnchor(hash: string): string | undefined {
  return /^#\/?rules\/(r\d+)$/.exec(hash)?.[1];
}
