// The public surface of the engine: rules, notation, perft, search, levels, AEP and tuning.

export * from './aep.ts';
export * from './agn.ts';
export * from './apn.ts';
export * from './chances.ts';
export * from './evaluate.ts';
export * from './game.ts';
export * from './hex.ts';
export * from './illegal.ts';
export * from './judge.ts';
export * from './level.ts';
export * from './move.ts';
export * from './perft.ts';
export * from './piece.ts';
export * from './position.ts';
export * from './puzzle.ts';
export * from './puzzle-themes.ts';
export * from './puzzler.ts';
export * from './result.ts';
export * from './search.ts';
export * from './setup.ts';
export * from './tune.ts';
