import mapTokens from 'virtual:antd-map-tokens';
import { render } from '@testing-library/react';
import { Button, ConfigProvider, theme } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import { describe, expect, it } from 'vitest';
import { precomputedAlgorithm } from './antd-algorithm';
import { buildTheme } from './theme';

describe('precomputed antd algorithm', () => {
  it.each(['investor', 'enterprise'] as const)(
    'has the map tokens of the seed antd derives under the %s theme, equal to what antd derives',
    (identity) => {
      const seeds: SeedToken[] = [];
      const algorithm = (seed: SeedToken): MapToken => {
        seeds.push(seed);
        return precomputedAlgorithm(seed);
      };
      render(
        <ConfigProvider theme={{ ...buildTheme(identity), algorithm }}>
          <Button>好</Button>
        </ConfigProvider>,
      );
      expect(seeds.length).toBeGreaterThan(0);
      for (const seed of seeds) {
        expect(Object.hasOwn(mapTokens, JSON.stringify(seed))).toBe(true);
        expect(precomputedAlgorithm(seed)).toEqual(theme.defaultAlgorithm(seed));
      }
    },
  );

  it('derives any other seed as antd does', () => {
    const seed = { ...theme.defaultSeed, colorPrimary: '#fa541c' };
    expect(Object.hasOwn(mapTokens, JSON.stringify(seed))).toBe(false);
    expect(precomputedAlgorithm(seed)).toEqual(theme.defaultAlgorithm(seed));
  });
});
