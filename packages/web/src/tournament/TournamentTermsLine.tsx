// A tournament's terms in one short line, as the lists and the tournament's page show them: the
// clock first and boldest, then its class, the kind and length, rated or not, the start, berserk,
// "no bots" where its maker kept the house bots out, and the house rules by their numbers (R15,
// R16), named in full for a pointer or a reader.

import { ratingClass, type TournamentTerms } from '@agon/protocol';
import { paceText } from '../online/lobby-text.ts';
import { ot } from '../online/text.ts';
import { kindText, lengthText } from './tournament-text.ts';
import './tournament-terms.css';

/** A house rule by its number, its name shown on pointing and read out instead. */
function RuleMark({ rule, name }: { readonly rule: string; readonly name: string }) {
  return (
    <span class="rule-mark" title={name}>
      <span aria-hidden="true">{rule}</span>
      <span class="sr-only">{name}</span>
    </span>
  );
}

/** The terms of tournament `e`; `locked` marks a private one. */
export function TournamentTermsLine({
  e,
  locked = false,
}: {
  readonly e: TournamentTerms;
  readonly locked?: boolean;
}) {
  const parts = [
    ot(`class.${ratingClass(e.clock)}`),
    kindText(e.kind),
    lengthText(e),
    ot(e.rated ? 'mode.rated' : 'mode.casual'),
    ...(e.variant === 'placement' ? [ot('variant.placement')] : []),
    ...(e.kind === 'arena' && e.berserk ? [ot('tour.berserk')] : []),
    ...(e.bots === false ? [ot('tour.noBots')] : []),
    ...(locked ? [ot('tour.private')] : []),
  ];
  return (
    <span class="terms tournament-terms" data-testid="tournament-terms">
      <span class="terms-time">{paceText(e.clock)}</span> {parts.join(' · ')}
      {e.touchMove && <RuleMark rule="R15" name={ot('touchMove')} />}
      {e.captorPlacesQueen && <RuleMark rule="R16" name={ot('captorPlacesQueen')} />}
    </span>
  );
}
