/**
 * A small generated library in memory (no database) and its match index, shared by the
 * engine tests: the demo generator draws each round's investors from latent preferences,
 * so "who should this project talk to" has a real answer here.
 */

import { type DemoDataset, generateDemoData } from '../../src/modules/demo/index.js';
import { buildMatchIndex } from '../../src/modules/matching/build-index.js';
import { demoSource } from '../../src/modules/matching/source-demo.js';
import type { MatchIndex } from '../../src/modules/matching/types.js';

export const SMALL_SCALE = { institutions: 150, investors: 900, projects: 3000, reports: 0, news: 0 };

let cached: { data: DemoDataset; index: MatchIndex } | undefined;

export function smallDemo() {
  if (!cached) {
    const data = generateDemoData({
      seed: 20261122,
      scale: SMALL_SCALE,
      now: new Date('2026-11-22T00:00:00Z'),
    });
    cached = { data, index: buildMatchIndex(demoSource(data)) };
  }
  return cached;
}
