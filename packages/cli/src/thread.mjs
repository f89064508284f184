// Worker threads start from this JavaScript file: tsx's loader hooks do not reach a new
// thread, so each worker registers them itself before importing its TypeScript module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
