import v8 from 'node:v8';
import vm from 'node:vm';

let fullGc: (() => void) | null | undefined;

/**
 * One full collection, for after a job that read the whole library (the library snapshot, the
 * chain placements). Such a build leaves a few hundred MB of garbage (rows as the driver gave
 * them, growing arrays, the previous result) that V8 would otherwise keep for minutes on an idle
 * server; collecting it at once costs one pause of some 100 ms. `gc` is not exposed without a
 * flag: it is taken from a context made after exposing it.
 */
export function collectGarbage() {
  if (fullGc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      fullGc = vm.runInNewContext('gc') as () => void;
    } catch {
      fullGc = null;
    }
  }
  fullGc?.();
}

/** Rows read by a build past which its garbage is worth a collection (tests rebuild small libraries often). */
export const LARGE_BUILD_ROWS = 20_000;
