// A challenge's terms in one short line, as the lobby lists them and a challenge's notice on any
// other page says them.

import { type ChallengeTerms, ratingClass } from '@agon/protocol';
import { paceText } from '../online/lobby-text.ts';
import { ot } from '../online/text.ts';

/** The terms of a challenge or a game, short: `5+3 Blitz · Placement · Casual · Touch-move`. */
export function Terms({ terms }: { readonly terms: Omit<ChallengeTerms, 'side'> }) {
  const parts = [
    ot(`class.${ratingClass(terms.clock)}`),
    ot(`variant.${terms.variant}`),
    ot(terms.rated ? 'mode.rated' : 'mode.casual'),
    ...(terms.weekendsOff ? [ot('weekendsOff')] : []),
    ...(terms.touchMove ? [ot('touchMove')] : []),
    ...(terms.captorPlacesQueen ? [ot('captorPlacesQueen')] : []),
  ];
  return (
    <span class="terms">
      <span class="terms-time">{paceText(terms.clock)}</span> {parts.join(' · ')}
    </span>
  );
}
