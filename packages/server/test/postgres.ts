// The throwaway PostgreSQL of the store tests: see scripts/services.ts, shared with the
// cluster tests and `npm run cluster`.

export { skipWithout, startPostgres, type TestDatabase } from '../scripts/services.ts';
