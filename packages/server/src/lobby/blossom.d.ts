// The `edmonds-blossom-fixed` package (plain JavaScript, no types of its own): Van Rantwijk's
// maximum weight matching, as lobby/pairing.ts uses it.

declare module 'edmonds-blossom-fixed' {
  /**
   * The matching of greatest total weight over `edges` ([vertex, vertex, weight], vertices
   * numbered from 0), among those of most pairs when `maxCardinality`: each vertex's mate, or
   * -1 (vertices past the last one named in an edge are missing).
   */
  export default function blossom(
    edges: [number, number, number][],
    maxCardinality?: boolean,
  ): number[];
}
