// What a page that needs this browser's player shows until there is one: a line while it is
// made, or why it could not be.

import { identityProblem } from './players.ts';
import { words } from './strings.ts';
import './no-player-yet.css';

/** While this browser's player is being made, or why it could not be. */
export function NoPlayerYet() {
  const problem = identityProblem.value;
  return problem ? (
    <p class="online-notice identity-problem" role="alert" data-testid="identity-problem">
      {problem}
    </p>
  ) : (
    <p class="loading">{words.connecting}</p>
  );
}
