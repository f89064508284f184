// Draws a board state as SVG. Built once; each `draw` updates only what changed. Pieces and
// marks ignore the pointer, so every press lands on a cell (`data-cell`). For assistive
// technology a playing board is a grid: one row per file, one labelled cell per cell, the
// keyboard's cell the only one in the Tab order; a diagram is a single labelled picture.

import { cellFile, cellName, FILES, type Piece, ring, THRONE } from '@agon/engine';
import type { CellFacts } from './config.ts';
import {
  ALL_CELLS,
  cellCentre,
  FRAME_POINTS,
  hexagonPoints,
  type Point,
  VIEWBOX,
} from './geometry.ts';
import { type Paint, paintDefs, pieceName, pieceShape, svgElement } from './shape.ts';
import { type BoardState, destsOf, premoveDestsOf, premoving } from './state.ts';

const key = (p: Piece | undefined): string => (p ? `${pieceName(p)}${p.captured ? '*' : ''}` : '');

/** The classes that mark a cell, in the order of their bits. */
const MARKS = [
  'last',
  'selected',
  'dest',
  'placement',
  'blocked',
  'rejected',
  'origin',
  'highlight',
  'premove',
  'premovable',
] as const;

/** The kinds of mark drawn over the cells, by the cells that get each. */
type Outline = 'last' | 'highlight' | 'steps' | 'targets' | 'blocked' | 'premoveSteps' | 'premove';

const translate = ([x, y]: Point): string => `translate(${x.toFixed(3)} ${y.toFixed(3)})`;

/** The SVG drawing of one board. */
export class BoardView {
  /** The root `<svg>` element. */
  readonly svg: SVGSVGElement;
  private readonly cells: SVGPolygonElement[] = [];
  private readonly cellLabels: string[] = ALL_CELLS.map(() => '');
  /** What each cell's label was made from, so a label is only made again when that changes. */
  private readonly labelFacts: string[] = ALL_CELLS.map(() => '');
  private drawnLabels: BoardState['labels'] | undefined;
  /** Each cell's marking classes as bits (see `MARKS`), to touch only the cells that change. */
  private readonly cellMarks: number[] = ALL_CELLS.map(() => 0);
  private drawnMarks = '';
  private drawnHint = '';
  private drawnPremoving = false;
  /** The cell whose piece follows the pointer as drawn, -1 for none. */
  private draggedCell = -1;
  private drawnFocus = -1;
  private drawnBoardLabel = '';
  private readonly labels: SVGGElement;
  private readonly marks: SVGGElement;
  private readonly pieceLayer: SVGGElement;
  private readonly overlay: SVGGElement;
  private readonly throneMark: SVGPathElement;
  private readonly paint: Paint;
  private readonly focusRing: SVGGElement;
  private readonly els: (SVGGElement | undefined)[] = [];
  private readonly keys: string[] = ALL_CELLS.map(() => '');
  private drawnVersion = -1;
  private drawnFlip: boolean | undefined;
  private drawnCoordinates: BoardState['coordinates'] | undefined;

  /** Creates the drawing inside `parent`: a grid to play on, or a `picture` (a diagram). */
  constructor(
    parent: Element,
    private readonly picture = false,
  ) {
    this.svg = svgElement('svg', {
      class: `agon-board${picture ? ' picture' : ''}`,
      viewBox: `${VIEWBOX.x} ${VIEWBOX.y} ${VIEWBOX.width} ${VIEWBOX.height}`,
      role: picture ? 'img' : 'grid',
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
    this.paint = paintDefs(defs);
    // The board's wooden edge: a hexagon round the cells, with rounded corners.
    const frame = svgElement('polygon', { class: 'frame', points: FRAME_POINTS });
    const cellLayer = svgElement(
      'g',
      picture ? { class: 'cells' } : { class: 'cells', role: 'presentation' },
    );
    const rows = FILES.map(() => svgElement('g', picture ? {} : { role: 'row' }));
    cellLayer.append(...rows);
    for (const c of ALL_CELLS) {
      const polygon = svgElement('polygon', {
        class: `cell ring-${ring[c]}`,
        'data-cell': cellName(c),
        'data-index': c,
      });
      if (!picture) {
        polygon.setAttribute('role', 'gridcell');
        polygon.setAttribute('tabindex', '-1');
      }
      if (ring[c] === 0) polygon.setAttribute('fill', this.paint.throne);
      this.cells.push(polygon);
      rows[cellFile[c]!]!.append(polygon);
    }
    if (picture) cellLayer.setAttribute('aria-hidden', 'true');
    this.throneMark = svgElement('path', {
      class: 'throne-mark',
      d: 'M-0.45 0.25 L-0.5 -0.2 L-0.25 0 L0 -0.35 L0.25 0 L0.5 -0.2 L0.45 0.25 Z',
    });
    this.labels = svgElement('g', { class: 'labels' });
    this.marks = svgElement('g', { class: 'marks' });
    this.pieceLayer = svgElement('g', { class: 'pieces' });
    this.overlay = svgElement('g', { class: 'top-marks' });
    this.focusRing = svgElement('g', { class: 'focus-ring' });
    this.focusRing.append(
      svgElement('polygon', { class: 'focus-outer', points: hexagonPoints([0, 0], 0.93) }),
      svgElement('polygon', { class: 'focus-inner', points: hexagonPoints([0, 0], 0.8) }),
    );
    // Only the cells speak; every drawing over them is decoration for assistive technology.
    for (const layer of [defs, frame, this.throneMark, this.marks, this.pieceLayer, this.labels]) {
      layer.setAttribute('aria-hidden', 'true');
    }
    this.overlay.setAttribute('aria-hidden', 'true');
    this.focusRing.setAttribute('aria-hidden', 'true');
    // Cell names go above the pieces, small, in a part of the cell no piece covers.
    this.svg.append(
      defs,
      frame,
      cellLayer,
      this.throneMark,
      this.marks,
      this.pieceLayer,
      this.labels,
      this.overlay,
      this.focusRing,
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
    this.drawAccess(state, flip);
    this.drawnFlip = flip;
    this.drawnCoordinates = state.coordinates;
  }

  /** Removes the drawing from the page. */
  remove(): void {
    this.svg.remove();
  }

  // The words for assistive technology and the keyboard's place, redone only where changed.
  private drawAccess(state: BoardState, flip: boolean): void {
    if (state.labels.board !== this.drawnBoardLabel) {
      this.svg.setAttribute('aria-label', state.labels.board);
      this.drawnBoardLabel = state.labels.board;
    }
    const focus = state.focus;
    const ring = translate(cellCentre(focus, flip));
    if (this.focusRing.getAttribute('transform') !== ring)
      this.focusRing.setAttribute('transform', ring);
    if (this.picture) return;
    const dests = new Set(destsOf(state, state.selected));
    const premoveDests = new Set(premoveDestsOf(state, state.selected));
    const placements = new Set(state.movable?.placements ?? []);
    const blocked = new Set([
      ...state.forbidden,
      ...(state.selected === undefined ? [] : (state.movable?.blocked?.get(state.selected) ?? [])),
    ]);
    // Words from another language make every label anew; otherwise only the cells whose facts
    // changed get a new one (making all 91 took a good part of a tap's task on a slow phone).
    const fresh = state.labels !== this.drawnLabels;
    this.drawnLabels = state.labels;
    for (const c of ALL_CELLS) {
      const facts: CellFacts = {
        piece: state.pieces[c],
        selected: state.selected === c,
        canMove: state.movable?.dests.has(c) === true,
        dest: dests.has(c),
        placement: placements.has(c),
        blocked: blocked.has(c),
        last: state.lastMove.includes(c),
        hint: state.hint.includes(c),
        premoveDest: premoveDests.has(c),
        premove: state.premove?.includes(c) === true,
      };
      const made = `${key(facts.piece)} ${+facts.selected}${+facts.canMove}${+facts.dest}${+facts.placement}${+facts.blocked}${+facts.last}${+facts.hint}${+facts.premoveDest}${+facts.premove}`;
      if (!fresh && made === this.labelFacts[c]) continue;
      this.labelFacts[c] = made;
      const label = state.labels.cell(c, facts);
      if (label !== this.cellLabels[c]) {
        this.cells[c]!.setAttribute('aria-label', label);
        this.cellLabels[c] = label;
      }
    }
    if (focus !== this.drawnFocus) {
      this.cells[this.drawnFocus]?.setAttribute('tabindex', '-1');
      const cell = this.cells[focus]!;
      cell.setAttribute('tabindex', '0');
      // Follow the keyboard only while it is on the board; never pull focus from elsewhere.
      if (this.svg.contains(document.activeElement) && document.activeElement !== cell) {
        cell.focus();
      }
      this.drawnFocus = focus;
    }
  }

  private drawLabels(show: BoardState['coordinates'], flip: boolean): void {
    this.labels.replaceChildren();
    if (!show) return;
    const text = (cls: string, [x, y]: Point, words: string): void => {
      const el = svgElement('text', { class: cls, x: x.toFixed(3), y: y.toFixed(3) });
      el.textContent = words;
      this.labels.append(el);
    };
    if (show === 'edge') {
      // As on a chess board: each file's letter in its lowest cell on the screen, each rank's
      // number in its leftmost, both in the cell's left corners, beside the piece.
      const lowest = new Map<number, number>();
      const leftmost = new Map<string, number>();
      for (const c of ALL_CELLS) {
        const [x, y] = cellCentre(c, flip);
        const file = cellFile[c]!;
        const low = lowest.get(file);
        if (low === undefined || y > cellCentre(low, flip)[1]) lowest.set(file, c);
        const rank = cellName(c).slice(1);
        const left = leftmost.get(rank);
        if (left === undefined || x < cellCentre(left, flip)[0]) leftmost.set(rank, c);
      }
      for (const c of lowest.values()) {
        const [x, y] = cellCentre(c, flip);
        text('file', [x - 0.3, y + 0.8], cellName(c).charAt(0));
      }
      for (const [rank, c] of leftmost) {
        const [x, y] = cellCentre(c, flip);
        text('rank', [x - 0.42, y - 0.55], rank);
      }
      return;
    }
    for (const c of show === true ? ALL_CELLS : show) {
      const [x, y] = cellCentre(c, flip);
      // A diagram's few names are large and sit low; a playing board's sit above the piece.
      text('name', [x, this.picture ? y + 0.8 : y - 0.6], cellName(c));
    }
  }

  private drawPieces(state: BoardState, flip: boolean): void {
    const flipped = flip !== this.drawnFlip;
    if (state.piecesVersion !== this.drawnVersion || flipped) {
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
          knockDown(created, state.animationMs);
        }
      }
      this.drawnVersion = state.piecesVersion;
    }
    const drag = state.drag;
    const dragged = drag?.moved ? drag.origin : -1;
    // Pieces stand still unless one follows the pointer or has just stopped following it, or
    // the board turned: a piece made anew is already in place, and setting the same place again
    // on every piece made a slow phone restyle and repaint them all after each move.
    if (dragged >= 0 || this.draggedCell >= 0 || flipped) {
      for (const c of ALL_CELLS) {
        const el = this.els[c];
        if (!el) continue;
        const dragging = drag !== undefined && dragged === c;
        el.classList.toggle('dragging', dragging);
        el.setAttribute('transform', translate(dragging ? drag.point : cellCentre(c, flip)));
        if (dragging && this.pieceLayer.lastChild !== el) this.pieceLayer.append(el);
      }
    }
    this.draggedCell = dragged;
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
    g.append(pieceShape(piece, this.paint));
    this.pieceLayer.append(g);
    return g;
  }

  private drawMarks(state: BoardState, flip: boolean): void {
    const selected = state.selected;
    const dests = new Set(destsOf(state, selected));
    const placements = new Set(state.movable?.placements ?? []);
    const blocked = new Set([
      ...state.forbidden,
      ...(selected === undefined ? [] : (state.movable?.blocked?.get(selected) ?? [])),
    ]);
    const last = new Set(state.lastMove);
    // A captured piece goes anywhere its rules allow, not one step: its cells get a ring.
    const relocating = selected !== undefined && state.pieces[selected]?.captured === true;
    const highlight = new Set(state.highlight);
    const premoveSteps = new Set(premoveDestsOf(state, selected));
    const premove = new Set(state.premove ?? []);
    // A piece picked up for a premove is marked in the premove's colour, not the move's.
    const isPremoving = premoving(state);
    if (isPremoving !== this.drawnPremoving) {
      this.svg.classList.toggle('premoving', isPremoving);
      this.drawnPremoving = isPremoving;
    }
    for (const c of ALL_CELLS) {
      const on = [
        last.has(c),
        selected === c,
        dests.has(c),
        placements.has(c),
        blocked.has(c),
        state.rejected === c,
        state.movable?.dests.has(c) === true,
        highlight.has(c),
        premove.has(c),
        isPremoving && state.premovable?.dests.has(c) === true,
      ].reduce((bits, yes, i) => bits | (+yes << i), 0);
      const changed = on ^ this.cellMarks[c]!;
      if (!changed) continue;
      this.cellMarks[c] = on;
      const cl = this.cells[c]!.classList;
      MARKS.forEach((mark, i) => {
        if (changed & (1 << i)) cl.toggle(mark, (on & (1 << i)) !== 0);
      });
    }
    // The outlines and dots are made again only when they change.
    const targets = relocating ? dests : placements;
    const steps = relocating ? new Set<number>() : dests;
    const marks = [
      flip,
      ...last,
      '/',
      ...highlight,
      '/',
      ...steps,
      '/',
      ...targets,
      '/',
      ...blocked,
      '/',
      ...premoveSteps,
      '/',
      ...premove,
    ];
    if (marks.join() !== this.drawnMarks) {
      this.drawnMarks = marks.join();
      this.drawOutlines(flip, { last, highlight, steps, targets, blocked, premoveSteps, premove });
    }
    const hint = [flip, ...state.hint].join();
    if (hint !== this.drawnHint) {
      this.drawnHint = hint;
      this.drawHint(state.hint, flip);
    }
  }

  private drawOutlines(flip: boolean, cells: Record<Outline, ReadonlySet<number>>): void {
    this.marks.replaceChildren();
    const at = (c: number): Point => cellCentre(c, flip);
    // Every mark has a shape of its own, not only a colour: an outline for the last turn, a
    // dot for a step, a ring for a relocation or placement, a barred circle for a forbidden cell,
    // a dashed outline for a queued premove (whose cells may change before it is played).
    for (const c of cells.last) {
      this.marks.append(
        svgElement('polygon', { class: 'last-mark', points: hexagonPoints(at(c), 0.8) }),
      );
    }
    for (const c of cells.highlight) {
      this.marks.append(
        svgElement('polygon', { class: 'highlight-mark', points: hexagonPoints(at(c), 0.8) }),
      );
    }
    for (const c of cells.premove) {
      this.marks.append(
        svgElement('polygon', { class: 'premove-mark', points: hexagonPoints(at(c), 0.8) }),
      );
    }
    for (const c of cells.steps) {
      const [x, y] = at(c);
      this.marks.append(svgElement('circle', { class: 'dest-dot', cx: x, cy: y, r: 0.2 }));
    }
    for (const c of cells.premoveSteps) {
      const [x, y] = at(c);
      this.marks.append(svgElement('circle', { class: 'premove-dot', cx: x, cy: y, r: 0.2 }));
    }
    for (const c of cells.targets) {
      const [x, y] = at(c);
      this.marks.append(svgElement('circle', { class: 'target-ring', cx: x, cy: y, r: 0.26 }));
    }
    for (const c of cells.blocked) {
      const g = svgElement('g', { class: 'blocked-mark', transform: translate(at(c)) });
      g.append(
        svgElement('circle', { r: 0.3 }),
        svgElement('path', { d: 'M-0.21 0.21 L0.21 -0.21' }),
      );
      this.marks.append(g);
    }
  }

  private drawHint(hint: readonly number[], flip: boolean): void {
    this.overlay.replaceChildren();
    const [hFrom, hTo] = hint;
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

// A piece just captured sinks into its captured look, so the capture is seen, not only its result.
function knockDown(el: SVGGElement, ms: number): void {
  const figure = el.querySelector('.figure');
  if (typeof figure?.animate !== 'function' || ms === 0 || reducedMotion()) return;
  figure.animate([{ transform: 'scale(1)', opacity: 1, filter: 'none' }, {}], {
    duration: ms + 60,
    easing: 'ease-out',
  });
  el.querySelector('.captured-mark')?.animate([{ opacity: 0, transform: 'scale(1.3)' }, {}], {
    duration: ms + 60,
    easing: 'ease-out',
  });
}
