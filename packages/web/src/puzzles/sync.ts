// The puzzle rating online: with a lobby identity (its bearer token), a rated puzzle's first
// try goes to the server, whose Glicko-2 answer becomes the rating shown; the dashboard, the
// puzzles' learned ratings and the puzzles found in people's games are read from it. Without
// an identity, or offline, the page rates on the device as before. A try the server did not
// take (offline, a failure of its own) is kept in a queue on the device and sent again on the
// next visit or after the next try, so no try is lost; one it refused for good is dropped.

import type {
  PuzzleAttemptReply,
  PuzzleAttemptRequest,
  PuzzleDashboard,
  PuzzleNext,
  PuzzleRatings,
} from '@agon/protocol';
import { keptIdentity } from '../lib/identity.ts';

const QUEUE_KEY = 'agon.puzzles.queue.v1';
/** The most tries kept waiting to be sent. */
const QUEUE_MAX = 500;

/** What the page needs of the network: `fetch`, replaceable in tests. */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** How a try was taken: the server's answer, kept to send later, or nowhere to send it. */
export type Sent =
  | { readonly kind: 'answered'; readonly reply: PuzzleAttemptReply }
  | { readonly kind: 'queued' }
  | { readonly kind: 'local' };

/** Whether an answer's status means "try again later" rather than "never". */
const later = (status: number): boolean => status === 429 || status >= 500;

function readQueue(): PuzzleAttemptRequest[] {
  try {
    const v = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as unknown;
    // Tries kept by an older page said only whether they were solved, which the server no
    // longer takes on a client's word: they are passed over, and gone at the next write.
    return Array.isArray(v)
      ? v.filter(
          (x): x is PuzzleAttemptRequest =>
            typeof x?.puzzle === 'string' &&
            Array.isArray(x?.moves) &&
            x.moves.every((m: unknown) => typeof m === 'string'),
        )
      : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: readonly PuzzleAttemptRequest[]): void {
  try {
    if (queue.length) localStorage.setItem(QUEUE_KEY, JSON.stringify(queue.slice(-QUEUE_MAX)));
    else localStorage.removeItem(QUEUE_KEY);
  } catch {
    // Storage off: the try is lost with the page, as the local record would be.
  }
}

/** The tries waiting to be sent. */
export function queuedAttempts(): readonly PuzzleAttemptRequest[] {
  return readQueue();
}

/** The server's puzzle API for this browser's player, if it has one. */
export class PuzzleSync {
  constructor(
    private readonly fetcher: Fetch = (url, init) => fetch(url, init),
    private readonly token: () => string | undefined = () => keptIdentity()?.token,
  ) {}

  /** Whether tries are rated by the server (the browser has a lobby identity). */
  get online(): boolean {
    return this.token() !== undefined;
  }

  /** Sends a rated first try; on a failure that may pass, keeps it to send later. */
  async attempt(request: PuzzleAttemptRequest): Promise<Sent> {
    const token = this.token();
    if (token === undefined) return { kind: 'local' };
    const answer = await this.post(token, request);
    if (answer === 'later') {
      writeQueue([...readQueue(), request]);
      return { kind: 'queued' };
    }
    if (answer !== 'never') void this.flush();
    return answer === 'never' ? { kind: 'local' } : { kind: 'answered', reply: answer };
  }

  /** Sends the tries kept from before, oldest first, stopping at the first that must wait. */
  async flush(): Promise<PuzzleAttemptReply | undefined> {
    const token = this.token();
    let queue = readQueue();
    let last: PuzzleAttemptReply | undefined;
    while (token !== undefined && queue.length) {
      const answer = await this.post(token, queue[0]!);
      if (answer === 'later') break;
      if (answer !== 'never') last = answer;
      // Re-read: a try queued meanwhile (another tab) stays.
      queue = readQueue().slice(1);
      writeQueue(queue);
    }
    return last;
  }

  /** The player's dashboard from the server, or undefined (no identity, offline). */
  async dashboard(): Promise<PuzzleDashboard | undefined> {
    const token = this.token();
    if (token === undefined) return undefined;
    return this.get<PuzzleDashboard>('/api/puzzles/me', token);
  }

  /** The server's next puzzle for the player, of one of `themes` (any: none), or undefined. */
  async next(themes: readonly string[]): Promise<PuzzleNext | undefined> {
    const token = this.token();
    if (token === undefined) return undefined;
    const query = themes.length ? `?themes=${themes.map(encodeURIComponent).join(',')}` : '';
    const next = await this.get<PuzzleNext>(`/api/puzzles/next${query}`, token);
    return typeof next?.id === 'string' ? next : undefined;
  }

  /** The learned ratings of the puzzles played online, or undefined. */
  async ratings(): Promise<PuzzleRatings | undefined> {
    return this.get<PuzzleRatings>('/api/puzzles/ratings');
  }

  /** The puzzles found in people's games, as a set's JSON text, or undefined. */
  async found(): Promise<string | undefined> {
    try {
      const response = await this.fetcher('/api/puzzles/found');
      return response.ok ? await response.text() : undefined;
    } catch {
      return undefined;
    }
  }

  private async get<T>(url: string, token?: string): Promise<T | undefined> {
    try {
      const response = await this.fetcher(url, {
        ...(token && { headers: { authorization: `Bearer ${token}` } }),
      });
      return response.ok ? ((await response.json()) as T) : undefined;
    } catch {
      return undefined;
    }
  }

  private async post(
    token: string,
    request: PuzzleAttemptRequest,
  ): Promise<PuzzleAttemptReply | 'later' | 'never'> {
    try {
      const response = await this.fetcher('/api/puzzles/attempts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(request),
      });
      if (!response.ok) return later(response.status) ? 'later' : 'never';
      const reply = (await response.json()) as PuzzleAttemptReply;
      // An answer not of the agreed shape counts as taken, but its figures are not used.
      return Number.isFinite(reply?.player?.rating) ? reply : 'never';
    } catch {
      return 'later';
    }
  }
}
