/** Every curated chain, one per top industry of the taxonomy (the seed of `chains`). */
import { CONSUMER_CHAINS } from './consumer.js';
import { ENERGY_CHAINS } from './energy.js';
import { HEALTH_CHAINS } from './health.js';
import { INDUSTRY_CHAINS } from './industry.js';
import { TECH_CHAINS } from './tech.js';
import type { ChainDef } from './types.js';

export const CHAIN_SEEDS: readonly ChainDef[] = [
  ...TECH_CHAINS,
  ...ENERGY_CHAINS,
  ...HEALTH_CHAINS,
  ...INDUSTRY_CHAINS,
  ...CONSUMER_CHAINS,
];

export * from './types.js';
