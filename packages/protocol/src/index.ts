// The public surface of online play's protocol: what the server and the browser both speak.

export * from './base.ts';
export * from './limits.ts';
export * from './lobby.ts';
export * from './messages.ts';
export * from './notice.ts';
export * from './player.ts';
export * from './puzzle.ts';
export * from './rating.ts';
export * from './refusal.ts';
export * from './tournament.ts';
export * from './validate-game.ts';
export * from './validate-lobby.ts';
export * from './validate-player.ts';
export * from './validate-push.ts';
export * from './validate-puzzle.ts';
export * from './validate-tournament.ts';
