// One diagram of the rules page: a small board drawn as a picture, and its caption.

import { useEffect, useRef } from 'preact/hooks';
import { type Board, createBoard } from '../board/board.ts';
import { cellCentre } from '../board/geometry.ts';
import type { Diagram } from './diagrams.ts';
import { lt } from './words.ts';

const SVG = 'http://www.w3.org/2000/svg';

// The straight lines of a diagram (R2), drawn over the cells and under the marks and names:
// each through the centres of its cells, with a dot on every centre it crosses.
function drawLines(svg: SVGSVGElement, lines: readonly (readonly number[])[]): void {
  const layer = document.createElementNS(SVG, 'g');
  layer.setAttribute('class', 'figure-lines');
  layer.setAttribute('aria-hidden', 'true');
  lines.forEach((cells, i) => {
    const points = cells.map((c) => cellCentre(c, false));
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('class', `figure-line line-${i}`);
    line.setAttribute(
      'points',
      points.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(' '),
    );
    layer.append(line);
    for (const [x, y] of points) {
      const dot = document.createElementNS(SVG, 'circle');
      dot.setAttribute('class', `figure-line-dot line-${i}`);
      dot.setAttribute('cx', x.toFixed(3));
      dot.setAttribute('cy', y.toFixed(3));
      dot.setAttribute('r', '0.16');
      layer.append(dot);
    }
  });
  svg.insertBefore(layer, svg.querySelector(':scope > .marks'));
}

/** A diagram with its caption; the caption is also the picture's name for screen readers. */
export function Figure({ diagram }: { readonly diagram: Diagram }) {
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<Board | undefined>(undefined);
  const caption = lt(diagram.caption);
  useEffect(() => {
    const b = createBoard({ ...diagram.config, animationMs: 0 });
    if (host.current) {
      b.attach(host.current, true);
      const svg = host.current.querySelector('svg');
      if (svg && diagram.lines) drawLines(svg, diagram.lines);
    }
    board.current = b;
    return () => b.detach();
  }, [diagram]);
  useEffect(() => {
    board.current?.set({ labels: { board: caption, cell: () => '' } });
  }, [diagram, caption]);
  return (
    <figure class={`diagram${diagram.wide ? ' wide' : ''}`} data-figure={diagram.caption}>
      <div class="diagram-board" ref={host} />
      {/* The picture is named by the same words, so screen readers hear them once. */}
      <figcaption aria-hidden="true">{caption}</figcaption>
    </figure>
  );
}
