// The first module of a sandbox thread (sandbox-thread.ts). Node 20 does not run `--import tsx`
// in worker threads, and vitest's own loader does not reach them either: this plain-JavaScript
// file registers tsx, then loads the TypeScript entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
