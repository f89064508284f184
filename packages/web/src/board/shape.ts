// The pieces' drawings, in board units around (0, 0). Queen and guard differ in outline, not
// only in colour: the queen is a crown, the guard a round shield with a boss.

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

const CROWN = 'M-0.58 0.42 L-0.66 -0.28 L-0.33 0.02 L0 -0.52 L0.33 0.02 L0.66 -0.28 L0.58 0.42 Z';

/** The drawing of one piece: body, emblem and the captured marker (shown by CSS). */
export function pieceShape(piece: Piece): SVGGElement {
  const g = svgElement('g', { class: 'shape' });
  if (piece.role === 'queen') {
    g.append(
      svgElement('path', { class: 'body', d: CROWN }),
      svgElement('rect', { class: 'band', x: -0.56, y: 0.24, width: 1.12, height: 0.14 }),
      svgElement('circle', { class: 'jewel', cx: 0, cy: -0.52, r: 0.09 }),
      svgElement('circle', { class: 'jewel', cx: -0.66, cy: -0.28, r: 0.08 }),
      svgElement('circle', { class: 'jewel', cx: 0.66, cy: -0.28, r: 0.08 }),
    );
  } else {
    g.append(
      svgElement('circle', { class: 'body', r: 0.56 }),
      svgElement('circle', { class: 'boss', r: 0.26 }),
    );
  }
  const mark = svgElement('g', { class: 'captured-mark' });
  mark.append(
    svgElement('circle', { class: 'captured-ring', r: 0.78 }),
    svgElement('path', { class: 'captured-cross', d: 'M0.38 -0.78 l0.4 0.4 m0 -0.4 l-0.4 0.4' }),
  );
  g.append(mark);
  return g;
}

/** The `data-piece` name of a piece: `white-queen`, `black-guard`. */
export function pieceName(piece: Piece): string {
  return `${piece.colour}-${piece.role}`;
}
