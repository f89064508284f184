// The player's puzzle dashboard: the rating and its history as a small chart (plain SVG), how
// many puzzles were solved of those tried, and the themes by success rate, weakest first, each
// a button that starts rated puzzles of that theme. The figures are the server's with a lobby
// identity, the device's without (Trainer.figures).

import { PUZZLE_THEMES, type PuzzleTheme } from '@agon/engine';
import type { PuzzleHistoryPoint } from '@agon/protocol';
import { pt } from './text.ts';
import type { Trainer } from './trainer.ts';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

/** The chart's line and area paths through `points`, scaled to the box. */
function chartPaths(points: readonly PuzzleHistoryPoint[]): {
  line: string;
  area: string;
  low: number;
  high: number;
} {
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = Math.max(high - low, 50);
  const mid = (high + low) / 2;
  const x = (i: number) => PAD + ((WIDTH - 2 * PAD) * i) / Math.max(points.length - 1, 1);
  const y = (r: number) => HEIGHT / 2 - ((r - mid) / span) * (HEIGHT - 2 * PAD);
  const xy = ratings.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`);
  const line = `M${xy.join('L')}`;
  const area = `${line}L${x(ratings.length - 1).toFixed(1)},${HEIGHT}L${x(0).toFixed(1)},${HEIGHT}Z`;
  return { line, area, low: Math.round(low), high: Math.round(high) };
}

function Chart({ history }: { readonly history: readonly PuzzleHistoryPoint[] }) {
  if (history.length < 2) {
    return <p class="score-note">{pt('dashboard.noHistory')}</p>;
  }
  const { line, area, low, high } = chartPaths(history);
  const first = Math.round(history[0]!.rating);
  const last = Math.round(history.at(-1)!.rating);
  return (
    <figure class="rating-chart" data-testid="rating-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={pt('dashboard.chart', { count: history.length, first, last })}
      >
        <path class="chart-area" d={area} />
        <path class="chart-line" d={line} vector-effect="non-scaling-stroke" />
      </svg>
      <figcaption aria-hidden="true">
        <span>{high}</span>
        <span>{low}</span>
      </figcaption>
    </figure>
  );
}

/** The dashboard page. */
export function Dashboard({ trainer }: { readonly trainer: Trainer }) {
  // Read the signals the figures come from, so the page follows them.
  trainer.record.value;
  trainer.dashboard.value;
  const figures = trainer.figures();
  const themes = figures.themes.filter((r): r is typeof r & { theme: PuzzleTheme } =>
    PUZZLE_THEMES.includes(r.theme as PuzzleTheme),
  );
  return (
    <div class="dashboard" data-testid="dashboard">
      <section class="dash-card dash-rating" aria-labelledby="dash-rating">
        <h2 id="dash-rating">{pt('dashboard.title')}</h2>
        <p class="dash-figures">
          <span>
            <span class="score-label">{pt('rating')}</span>
            <strong data-testid="dashboard-rating">{Math.round(figures.rating.rating)}</strong>
          </span>
          <span>
            <span class="score-label">{pt('dashboard.solved')}</span>
            <strong data-testid="dashboard-solved">{figures.solved}</strong>
          </span>
          <span>
            <span class="score-label">{pt('dashboard.attempted')}</span>
            <strong data-testid="dashboard-attempted">{figures.attempts}</strong>
          </span>
        </p>
        <h3>{pt('dashboard.history')}</h3>
        <Chart history={figures.history} />
        <p class="score-note">{trainer.online ? pt('sync.online') : pt('sync.local')}</p>
      </section>
      <section class="dash-card dash-themes" aria-labelledby="dash-themes">
        <h2 id="dash-themes">{pt('dashboard.themes')}</h2>
        {themes.length === 0 ? (
          <p class="score-note">{pt('dashboard.noThemes')}</p>
        ) : (
          <>
            <p class="score-note">{pt('dashboard.themesNote')}</p>
            <ul class="theme-rows" data-testid="dashboard-themes">
              {themes.map((r) => {
                const rate = Math.round((100 * r.solved) / r.attempts);
                return (
                  <li key={r.theme}>
                    <button
                      type="button"
                      class="theme-row"
                      onClick={() => trainer.chooseThemes([r.theme])}
                      data-theme={r.theme}
                    >
                      <span class="theme-name">{pt(`theme.${r.theme}`)}</span>
                      <span class="theme-rate">{rate}%</span>
                      <span class="theme-bar" aria-hidden="true">
                        <span style={{ width: `${rate}%` }} />
                      </span>
                      <span class="theme-of">
                        {pt('dashboard.theme', { solved: r.solved, attempts: r.attempts })}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>
      <p>
        <button
          type="button"
          class="primary"
          onClick={() => trainer.go({ mode: 'rated' })}
          data-testid="dashboard-back"
        >
          {pt('dashboard.back')}
        </button>
      </p>
    </div>
  );
}
