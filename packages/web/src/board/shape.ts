// The pieces' drawings, in board units around (0, 0). Queen and guard differ in outline, not
// only in colour: the queen is a crown, the guard a round shield with a raised boss. Each
// stands on a soft shadow and has a side (its thickness) below its face, so it reads as a
// piece on the board rather than a mark on it; the face is shaded by a gradient of the board's
// own (`Paint`), since a gradient has to be referenced by an id unique to its SVG.

import type { Piece } from '@agon/engine';

const SVG = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes. */
export function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  return el;
}

/** The `url(#…)` references of one board's gradients (see `paintDefs`). */
export interface Paint {
  readonly face: Record<Piece['colour'], string>;
  readonly shadow: string;
  readonly throne: string;
}

let boards = 0;

/**
 * The gradients one board's drawings use, with ids unique to that board (several boards share
 * a page: the rules page has a dozen); their colours come from CSS, so every theme restyles them.
 */
export function paintDefs(defs: SVGDefsElement): Paint {
  const id = `agon-${++boards}`;
  const radial = (name: string, stops: readonly string[], attrs: Record<string, number>) => {
    const g = svgElement('radialGradient', { id: `${id}-${name}`, ...attrs });
    stops.forEach((cls, i) => {
      g.append(svgElement('stop', { class: cls, offset: i / (stops.length - 1) }));
    });
    defs.append(g);
    return `url(#${id}-${name})`;
  };
  // Lit from the upper left, as the shadow falls to the lower right.
  const light = { cx: 0.38, cy: 0.32, r: 0.75, fx: 0.32, fy: 0.26 };
  return {
    face: {
      white: radial('white', ['white-hi', 'white-lo'], light),
      black: radial('black', ['black-hi', 'black-lo'], light),
    },
    shadow: radial('shadow', ['shadow-in', 'shadow-out'], { cx: 0.5, cy: 0.5, r: 0.5 }),
    throne: radial('throne', ['throne-hi', 'throne-lo'], { cx: 0.45, cy: 0.4, r: 0.7 }),
  };
}

const CROWN = 'M-0.62 0.44 L-0.7 -0.33 L-0.35 0 L0 -0.55 L0.35 0 L0.7 -0.33 L0.62 0.44 Z';
/** How far the side of a piece shows below its face. */
const DEPTH = 0.09;

/** The drawing of one piece: shadow, side, face and emblem, and the captured marker (by CSS). */
export function pieceShape(piece: Piece, paint: Paint): SVGGElement {
  const g = svgElement('g', { class: 'shape' });
  g.append(
    svgElement('ellipse', {
      class: 'shadow',
      cx: 0.06,
      cy: 0.16,
      rx: 0.78,
      ry: 0.7,
      fill: paint.shadow,
    }),
  );
  const face = paint.face[piece.colour];
  // The figure shrinks and fades when captured; its shadow and the marker stay as they are.
  const figure = svgElement('g', { class: 'figure' });
  if (piece.role === 'queen') {
    figure.append(
      svgElement('path', { class: 'side', d: CROWN, transform: `translate(0 ${DEPTH})` }),
      svgElement('path', { class: 'body', d: CROWN, fill: face }),
      svgElement('path', { class: 'band', d: 'M-0.645 0.22 L0.645 0.22 L0.62 0.44 L-0.62 0.44 Z' }),
      svgElement('circle', { class: 'jewel', cx: 0, cy: -0.55, r: 0.11 }),
      svgElement('circle', { class: 'jewel', cx: -0.7, cy: -0.33, r: 0.09 }),
      svgElement('circle', { class: 'jewel', cx: 0.7, cy: -0.33, r: 0.09 }),
    );
  } else {
    figure.append(
      svgElement('circle', { class: 'side', r: 0.6, cy: DEPTH }),
      svgElement('circle', { class: 'body', r: 0.6, fill: face }),
      svgElement('circle', { class: 'rim', r: 0.46 }),
      svgElement('circle', { class: 'boss', r: 0.21, fill: face }),
    );
  }
  g.append(figure);
  // Waiting to be relocated: a dashed ring round the piece and a return arrow on a badge.
  const mark = svgElement('g', { class: 'captured-mark' });
  const badge = svgElement('g', { class: 'captured-badge', transform: 'translate(0.5 -0.5)' });
  badge.append(
    svgElement('circle', { r: 0.27 }),
    svgElement('path', {
      d: 'M0.11 -0.06 A0.12 0.12 0 1 0 0.1 0.1 M0.11 -0.17 L0.11 -0.05 L-0.01 -0.05',
    }),
  );
  mark.append(svgElement('circle', { class: 'captured-ring', r: 0.8 }), badge);
  g.append(mark);
  return g;
}

/** The `data-piece` name of a piece: `white-queen`, `black-guard`. */
export function pieceName(piece: Piece): string {
  return `${piece.colour}-${piece.role}`;
}
