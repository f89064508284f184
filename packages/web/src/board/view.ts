// Draws a board state as SVG. Built once; each `draw` updates only what changed. Pieces and
// marks ignore the pointer, so every press lands on a cell (`data-cell`).

import { cellName, type Piece, ring, THRONE } from '@agon/engine';
import { ALL_CELLS, cellCentre, hexagonPoints, type Point, VIEWBOX } from './geometry.ts';
import { pieceName, pieceShape, svgElement } from './shape.ts';
import { type BoardState, destsOf } from './state.ts';

const key = (p: Piece | undefined): string => (p ? `${pieceName(p)}${p.captured ? '*' : ''}` : '');

const translate = ([x, y]: Point): string => `translate(${x.toFixed(3)} ${y.toFixed(3)})`;

/** The SVG drawing of one board. */
export class BoardView {
  /** The root `<svg>` element. */
  readonly svg: SVGSVGElement;
  private readonly cells: SVGPolygonElement[] = [];
  private readonly labels: SVGGElement;
  private readonly marks: SVGGElement;
  private readonly pieceLayer: SVGGElement;
  private readonly overlay: SVGGElement;
  private readonly throneMark: SVGPathElement;
  private readonly els: (SVGGElement | undefined)[] = [];
  private readonly keys: string[] = ALL_CELLS.map(() => '');
  private drawnVersion = -1;
  private drawnFlip: boolean | undefined;
  private drawnCoordinates: boolean | undefined;

  /** Creates the drawing inside `parent`. */
  constructor(parent: Element) {
    this.svg = svgElement('svg', {
      class: 'agon-board',
      viewBox: `${VIEWBOX.x} ${VIEWBOX.y} ${VIEWBOX.width} ${VIEWBOX.height}`,
      role: 'group',
      'aria-label': 'Agon board',
    });
    const defs = svgElement('defs');
    const marker = svgElement('marker', {
      id: 'agon-arrowhead',
      viewBox: '0 0 10 10',
      refX: 5,
      refY: 5,
      markerWidth: 3,
      markerHeight: 3,
      orient: 'auto-start-reverse',
    });
    marker.append(svgElement('path', { d: 'M0 0 L10 5 L0 10 z', class: 'hint-head' }));
    defs.append(marker);
    const cellLayer = svgElement('g', { class: 'cells' });
    for (const c of ALL_CELLS) {
      const polygon = svgElement('polygon', {
        class: `cell ring-${ring[c]}`,
        'data-cell': cellName(c),
      });
      this.cells.push(polygon);
      cellLayer.append(polygon);
    }
    this.throneMark = svgElement('path', {
      class: 'throne-mark',
      d: 'M-0.45 0.25 L-0.5 -0.2 L-0.25 0 L0 -0.35 L0.25 0 L0.5 -0.2 L0.45 0.25 Z',
    });
    this.labels = svgElement('g', { class: 'labels' });
    this.marks = svgElement('g', { class: 'marks' });
    this.pieceLayer = svgElement('g', { class: 'pieces' });
    this.overlay = svgElement('g', { class: 'top-marks' });
    // Cell names go above the pieces, small, at each cell's lower edge, so both stay readable.
    this.svg.append(
      defs,
      cellLayer,
      this.throneMark,
      this.marks,
      this.pieceLayer,
      this.labels,
      this.overlay,
    );
    parent.append(this.svg);
  }

  /** Brings the drawing up to date with the state. */
  draw(state: BoardState): void {
    const flip = state.orientation === 'black';
    if (flip !== this.drawnFlip) {
      for (const c of ALL_CELLS) {
        this.cells[c]!.setAttribute('points', hexagonPoints(cellCentre(c, flip), 0.97));
      }
      this.throneMark.setAttribute('transform', translate(cellCentre(THRONE, flip)));
    }
    if (flip !== this.drawnFlip || state.coordinates !== this.drawnCoordinates) {
      this.drawLabels(state.coordinates, flip);
    }
    this.drawPieces(state, flip);
    this.drawMarks(state, flip);
    this.drawnFlip = flip;
    this.drawnCoordinates = state.coordinates;
  }

  /** Removes the drawing from the page. */
  remove(): void {
    this.svg.remove();
  }

  private drawLabels(show: boolean, flip: boolean): void {
    this.labels.replaceChildren();
    if (!show) return;
    for (const c of ALL_CELLS) {
      const [x, y] = cellCentre(c, flip);
      const text = svgElement('text', { x: x.toFixed(3), y: (y + 0.8).toFixed(3) });
      text.textContent = cellName(c);
      this.labels.append(text);
    }
  }

  private drawPieces(state: BoardState, flip: boolean): void {
    const changed = state.piecesVersion !== this.drawnVersion || flip !== this.drawnFlip;
    if (changed) {
      const moving = this.movingPiece(state);
      for (const c of ALL_CELLS) {
        const want = key(state.pieces[c]);
        const el = this.els[c];
        if (el && this.keys[c] === want) continue;
        const old = this.keys[c]!;
        el?.remove();
        this.els[c] = undefined;
        this.keys[c] = want;
        const piece = state.pieces[c];
        if (!piece) continue;
        const created = this.createPiece(piece, c, flip);
        this.els[c] = created;
        if (moving && moving.to === c && state.animationMs > 0 && !reducedMotion()) {
          slide(created, cellCentre(moving.from, flip), cellCentre(c, flip), state.animationMs);
        } else if (piece.captured && old === key({ ...piece, captured: false })) {
          pulse(created, state.animationMs);
        }
      }
      this.drawnVersion = state.piecesVersion;
    }
    const drag = state.drag;
    for (const c of ALL_CELLS) {
      const el = this.els[c];
      if (!el) continue;
      const dragging = drag?.moved === true && drag.origin === c;
      el.classList.toggle('dragging', dragging);
      el.setAttribute('transform', translate(dragging ? drag.point : cellCentre(c, flip)));
      if (dragging && this.pieceLayer.lastChild !== el) this.pieceLayer.append(el);
    }
  }

  // The last move's piece, if it just arrived by that move (and not by a drop, already in place).
  private movingPiece(state: BoardState): { from: number; to: number } | undefined {
    if (state.lastMove.length !== 2) return undefined;
    const [from, to] = state.lastMove as [number, number];
    const before = this.keys[from]!;
    const arrived = state.pieces[to];
    if (!before || state.pieces[from] || !arrived || this.keys[to]) return undefined;
    return before.replace('*', '') === pieceName(arrived) ? { from, to } : undefined;
  }

  private createPiece(piece: Piece, cell: number, flip: boolean): SVGGElement {
    const g = svgElement('g', {
      class: `piece ${piece.colour} ${piece.role}${piece.captured ? ' captured' : ''}`,
      'data-piece': pieceName(piece),
      'data-at': cellName(cell),
      transform: translate(cellCentre(cell, flip)),
    });
    if (piece.captured) g.setAttribute('data-captured', 'true');
    g.append(pieceShape(piece));
    this.pieceLayer.append(g);
    return g;
  }

  private drawMarks(state: BoardState, flip: boolean): void {
    const selected = state.selected;
    const dests = new Set(destsOf(state, selected));
    const placements = new Set(state.movable?.placements ?? []);
    const blocked = new Set(
      selected === undefined ? [] : (state.movable?.blocked?.get(selected) ?? []),
    );
    const last = new Set(state.lastMove);
    for (const c of ALL_CELLS) {
      const cl = this.cells[c]!.classList;
      cl.toggle('last', last.has(c));
      cl.toggle('selected', selected === c);
      cl.toggle('dest', dests.has(c));
      cl.toggle('placement', placements.has(c));
      cl.toggle('blocked', blocked.has(c));
      cl.toggle('rejected', state.rejected === c);
      cl.toggle('origin', state.movable?.dests.has(c) === true);
    }
    this.marks.replaceChildren();
    for (const c of dests) {
      const [x, y] = cellCentre(c, flip);
      this.marks.append(svgElement('circle', { class: 'dest-dot', cx: x, cy: y, r: 0.22 }));
    }
    for (const c of blocked) {
      const [x, y] = cellCentre(c, flip);
      const g = svgElement('g', { class: 'blocked-mark', transform: translate([x, y]) });
      g.append(
        svgElement('circle', { r: 0.3 }),
        svgElement('path', { d: 'M-0.21 0.21 L0.21 -0.21' }),
      );
      this.marks.append(g);
    }
    this.overlay.replaceChildren();
    const [hFrom, hTo] = state.hint;
    if (hFrom !== undefined) {
      const a = cellCentre(hFrom, flip);
      if (hTo === undefined) {
        this.overlay.append(
          svgElement('circle', { class: 'hint-ring', cx: a[0], cy: a[1], r: 0.8 }),
        );
      } else {
        const b = cellCentre(hTo, flip);
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const k = (len - 0.45) / len;
        this.overlay.append(
          svgElement('line', {
            class: 'hint-arrow',
            x1: a[0],
            y1: a[1],
            x2: a[0] + (b[0] - a[0]) * k,
            y2: a[1] + (b[1] - a[1]) * k,
            'marker-end': 'url(#agon-arrowhead)',
          }),
        );
      }
    }
  }
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const px = ([x, y]: Point): string => `translate(${x}px, ${y}px)`;

function slide(el: SVGGElement, from: Point, to: Point, ms: number): void {
  if (typeof el.animate !== 'function') return;
  el.classList.add('moving');
  const run = el.animate([{ transform: px(from) }, { transform: px(to) }], {
    duration: ms,
    easing: 'ease-in-out',
  });
  run.onfinish = () => el.classList.remove('moving');
  run.oncancel = run.onfinish;
}

function pulse(el: SVGGElement, ms: number): void {
  if (typeof el.animate !== 'function' || ms === 0 || reducedMotion()) return;
  const mark = el.querySelector('.captured-mark');
  mark?.animate([{ opacity: 0 }, { opacity: 1 }, { opacity: 0.4 }, { opacity: 1 }], {
    duration: ms * 4,
  });
}
