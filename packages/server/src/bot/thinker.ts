// The search threads of every house bot game on this process: a few worker threads (search-
// thread.ts), started on the first search, each searching one position at a time; the others
// wait in line. People's games never wait on a search: it runs off the main thread.

import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../common/worker.ts';
import type { Question, Thought } from './thought.ts';

/** A search to run, with the promise of its answer. */
interface Job {
  readonly question: Question;
  readonly resolve: (thought: Thought) => void;
  readonly reject: (e: Error) => void;
}

/** A thread and the job it is searching, if any. */
interface Thread {
  readonly worker: Worker;
  job: Job | undefined;
}

/** The house bots' search threads. */
export class Thinker {
  private readonly threads: Thread[] = [];
  private readonly waiting: Job[] = [];
  private nextRef = 1;
  private closed = false;

  /** `size`: how many threads search at once. */
  constructor(private readonly size: number) {}

  /** The move to play in `question`'s position, searched on a thread. */
  think(question: Omit<Question, 'ref'>): Promise<Thought> {
    if (this.closed) return Promise.reject(new Error('the search threads are stopped'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ question: { ...question, ref: this.nextRef++ }, resolve, reject });
      this.next();
    });
  }

  /** Hands the next waiting job to an idle thread, starting one if fewer than `size` run. */
  private next(): void {
    if (this.waiting.length === 0) return;
    let thread = this.threads.find((t) => !t.job);
    if (!thread && this.threads.length < this.size) thread = this.start();
    if (!thread) return;
    const job = this.waiting.shift()!;
    thread.job = job;
    thread.worker.postMessage(job.question);
  }

  private start(): Thread {
    const worker = typeScriptWorker(new URL('./search-thread.ts', import.meta.url));
    const thread: Thread = { worker, job: undefined };
    worker.on('message', (thought: Thought) => {
      const job = thread.job;
      thread.job = undefined;
      job?.resolve(thought);
      this.next();
    });
    // A thread that failed is replaced by the next search; its job fails with it.
    const lost = (e: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      thread.job?.reject(e);
      thread.job = undefined;
      if (!this.closed) this.next();
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('a search thread stopped')));
    this.threads.push(thread);
    return thread;
  }

  /** Stops the threads; searches under way or waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the server is closing'));
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
