// The status line: what just happened, what the player owes, or why a tap was refused, with
// a link to the rule behind a refusal (rule numbers stay on the rules page).

import type { RuleId } from '@agon/engine';
import { t } from '../i18n/ui.ts';
import { ruleHref } from '../lib/route.ts';

/** The status sentence, read out politely, and a "Why?" link when it is a refusal. */
export function Status({
  text,
  rule,
  testId = 'status',
}: {
  readonly text: string;
  readonly rule?: RuleId | undefined;
  readonly testId?: string;
}) {
  return (
    <div class="status-box">
      <p class="status" role="status" aria-live="polite" data-testid={testId}>
        {text}
      </p>
      {rule && (
        <a class="why" href={ruleHref(rule)} data-testid="why">
          {t('status.why')}
        </a>
      )}
    </div>
  );
}
