// The way into online play from the rest of the app.

import { words } from './strings.ts';

/** A link to the page that creates an online game. */
export function PlayFriendButton() {
  return (
    <a class="button play-friend" href="/online" title={words.entryNote}>
      {words.entry}
    </a>
  );
}
