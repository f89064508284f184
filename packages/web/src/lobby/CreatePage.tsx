// The page that creates an online game: side, variant, clock and who places a captured
// queen, then the game's own page with its link to send.

import type { Colour } from '@agon/engine';
import type { Created, CreateRequest, TimeControl } from '@agon/protocol';
import { useSignal } from '@preact/signals';
import { QueenChoice } from '../lib/QueenChoice.tsx';
import { SideChoice, VariantChoice } from '../online/GameTerms.tsx';
import { type ApiRefusal, failureText } from '../online/players.ts';
import { keepSeatToken } from '../online/seats.ts';
import { words } from '../online/strings.ts';
import { Segmented } from '../ui/Segmented.tsx';
import './create-page.css';

/** The clocks offered: none, or minutes plus seconds a move. */
const CLOCKS: readonly (readonly [number, number] | null)[] = [null, [5, 3], [10, 5], [15, 10]];

const control = (c: readonly [number, number] | null): TimeControl | null =>
  c ? { initial: c[0] * 60_000, increment: c[1] * 1000 } : null;

/** A failure to create a game, already in the player's words. */
class CreateFailure extends Error {}

async function create(request: CreateRequest): Promise<Created> {
  // fetch rejects only when no answer came at all: offline, or the server unreachable.
  const response = await fetch('/api/games', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  }).catch(() => {
    throw new CreateFailure(navigator.onLine === false ? words.createOffline : words.unreachable);
  });
  const body = (await response.json().catch(() => ({}))) as Partial<Created> & {
    error?: ApiRefusal;
  };
  if (response.status >= 500) {
    throw new CreateFailure(
      failureText(response.status, body.error, response.headers.get('x-request-id')),
    );
  }
  if (!response.ok || !body.id || !body.token || !body.seat) {
    throw new CreateFailure(
      words.createFailed(body.error?.message ?? words.serverStatus(response.status)),
    );
  }
  return { id: body.id, seat: body.seat, token: body.token };
}

/** The form; `created` is told the new game's id once this browser holds its seat. */
export function CreatePage({ created }: { readonly created: (id: string) => void }) {
  const side = useSignal<Colour | 'random'>('white');
  const variant = useSignal<CreateRequest['variant']>('standard');
  const clock = useSignal(0);
  const captor = useSignal(false);
  const busy = useSignal(false);
  const error = useSignal('');
  return (
    <main class="online-create">
      <form
        class="online-card"
        data-testid="online-create"
        onSubmit={(e) => {
          e.preventDefault();
          busy.value = true;
          error.value = '';
          create({
            side: side.value,
            variant: variant.value,
            clock: control(CLOCKS[clock.value] ?? null),
            captorPlacesQueen: captor.value,
          })
            .then((game) => {
              keepSeatToken(game.id, game.token);
              created(game.id);
            })
            .catch((e: unknown) => {
              error.value = e instanceof CreateFailure ? e.message : words.createFailed(String(e));
            })
            .finally(() => {
              busy.value = false;
            });
        }}
      >
        <h2>{words.title}</h2>
        <p class="note">{words.intro}</p>
        <SideChoice side={side} />
        <VariantChoice variant={variant} />
        <Segmented
          legend={words.clock}
          name="clock"
          value={clock.value}
          choices={CLOCKS.map((c, i) => ({
            value: i,
            label: c ? words.clockName(c[0], c[1]) : words.noClock,
          }))}
          choose={(i) => (clock.value = i)}
        />
        <QueenChoice captor={captor.value} choose={(c) => (captor.value = c)} />
        {error.value && (
          <p class="error" role="alert">
            {error.value}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy.value}>
            {busy.value ? words.creating : words.create}
          </button>
        </div>
      </form>
    </main>
  );
}
