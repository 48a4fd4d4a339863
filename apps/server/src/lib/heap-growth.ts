import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * How far V8 lets the heap grow past what the last full collection found alive, in percent, while
 * an import runs (docs/decisions/0123). Left to itself V8 lets a busy heap reach up to four times
 * its live part before collecting: a 100,000-row import keeps about 60 MB alive but let the heap
 * reach ~290 MB and the process ~530 MB of RSS. At 30 % the heap stays near its live part plus a
 * third, whatever it holds, without a cap: a process that needs more memory still gets it.
 */
export const IMPORT_HEAP_GROWING_PERCENT = 30;

// A command line that chose how the heap grows keeps its choice.
const chosenOnCommandLine = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some(
  (flag) => flag.startsWith('--heap-growing-percent') || flag === '--optimize-for-size',
);
let running = 0;

/**
 * Runs `work` (an import) with V8's heap growth bounded, then gives V8 its own growth back once no
 * such work runs. Process-wide while it lasts: the other routes collect more often meanwhile, but
 * not the rest of the time (a bounded growth all the time slowed the Orders list: decision 0123).
 * V8 reads the flag each time it sets the next collection's limit, so it applies at once.
 */
export async function withBoundedHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0 && !chosenOnCommandLine) {
    v8.setFlagsFromString(`--heap-growing-percent=${IMPORT_HEAP_GROWING_PERCENT}`);
    // The next collection's limit was set before the flag (by the upload, by earlier requests):
    // one full collection now sets it from what is alive, or the import would first fill it.
    fullCollection();
  }
  try {
    return await work();
  } finally {
    // 0 is V8's default: the factor computed from the collector's speed.
    if (--running === 0 && !chosenOnCommandLine) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}

/**
 * One full collection (tens of ms on a server's heap, once per import). Node exposes V8's `gc`
 * only behind --expose-gc; the flag set now gives a new context its `gc` function, and the process's
 * own global scope stays as it was.
 */
function fullCollection(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}
