// The rules page: every rule of RULES.md (R1-R16) in the reader's language, grouped as a
// player meets them, each group beside the small boards that show it.

import type { ComponentChildren } from 'preact';
import { DIAGRAMS, type Diagram } from './diagrams.ts';
import { Figure } from './Figure.tsx';
import { lt, type PlainLearnKey } from './words.ts';

/** The rule numbers of each group, and its diagrams. */
const GROUPS: readonly {
  readonly id: string;
  readonly title: PlainLearnKey;
  readonly rules: readonly number[];
  readonly figures: readonly Diagram[];
}[] = [
  { id: 'board', title: 'rules.board', rules: [1, 2], figures: [DIAGRAMS.board, DIAGRAMS.lines] },
  { id: 'pieces', title: 'rules.pieces', rules: [3, 4, 5], figures: [DIAGRAMS.start] },
  {
    id: 'turn',
    title: 'rules.turn',
    rules: [6, 7, 8, 9, 10],
    figures: [DIAGRAMS.step, DIAGRAMS.forbidden, DIAGRAMS.capture, DIAGRAMS.relocation],
  },
  { id: 'end', title: 'rules.end', rules: [11, 12, 13], figures: [DIAGRAMS.win, DIAGRAMS.lose] },
  {
    id: 'variants',
    title: 'rules.variants',
    rules: [14, 15, 16],
    figures: [DIAGRAMS.placement, DIAGRAMS.captor],
  },
];

function Rule({ n }: { readonly n: number }) {
  const key = `r${n}` as 'r1';
  return (
    <div class="rule" id={`r${n}`}>
      <h4>
        <span class="rule-number">R{n}</span> {lt(`${key}.title`)}
      </h4>
      <p>{lt(`${key}.text`)}</p>
      {n === 9 && <p>{lt('r9.text2')}</p>}
      {n === 13 && <p>{lt('rules.resign')}</p>}
    </div>
  );
}

function Group({
  id,
  title,
  children,
  figures,
}: {
  readonly id: string;
  readonly title: PlainLearnKey;
  readonly children: ComponentChildren;
  readonly figures: readonly Diagram[];
}) {
  return (
    <section class="rule-group" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{lt(title)}</h3>
      <div class="rule-body">
        <div class="rule-text">{children}</div>
        {figures.length > 0 && (
          <div class="figures">
            {figures.map((f) => (
              <Figure key={f.caption} diagram={f} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** The rules page. */
export function Rules() {
  return (
    <main class="learn rules" data-testid="rules">
      <h2>{lt('rules.title')}</h2>
      <p class="lead">{lt('rules.intro')}</p>
      <nav class="contents" aria-label={lt('rules.contents')}>
        <ul>
          {GROUPS.map((g) => (
            <li key={g.id}>
              <button type="button" class="link" onClick={() => jump(g.id)}>
                {lt(g.title)}
              </button>
            </li>
          ))}
          <li>
            <button type="button" class="link" onClick={() => jump('notation')}>
              {lt('rules.notation')}
            </button>
          </li>
        </ul>
      </nav>
      {GROUPS.map((g) => (
        <Group key={g.id} id={g.id} title={g.title} figures={g.figures}>
          {g.rules.map((n) => (
            <Rule key={n} n={n} />
          ))}
        </Group>
      ))}
      <Group id="notation" title="rules.notation" figures={[DIAGRAMS.names]}>
        <p>{lt('notation.cells')}</p>
        <p>{lt('notation.moves')}</p>
        <p>{lt('notation.keyboard')}</p>
      </Group>
    </main>
  );
}

// The page itself lives in the address's hash (#rules), so the contents scroll to a section
// rather than link to it, and move the keyboard there too.
function jump(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.setAttribute('tabindex', '-1');
  section.focus();
  section.scrollIntoView({ block: 'start' });
}
