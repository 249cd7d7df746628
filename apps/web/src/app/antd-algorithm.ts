/**
 * antd's default theme algorithm, answered from the table the build worked out for the app's
 * own seeds (build/antd-styles.ts, `virtual:antd-map-tokens`): deriving the map tokens (13
 * colour palettes) is 30–40 ms of the first render on a phone-class CPU, and the answer for
 * our two themes never changes. Any other seed is derived as antd would.
 */

import mapTokens from 'virtual:antd-map-tokens';
import { theme } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';

const table = mapTokens as Record<string, MapToken>;

export function precomputedAlgorithm(seed: SeedToken): MapToken {
  return table[JSON.stringify(seed)] ?? theme.defaultAlgorithm(seed);
}
