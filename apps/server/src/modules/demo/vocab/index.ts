/**
 * Every industry's vocabulary, checked against the taxonomy at load: a top industry without
 * vocabulary, or a sub-industry without product lines, fails fast instead of making odd data.
 */
import { INDUSTRIES } from '../../reference/index.js';
import { CONSUMER_VOCAB } from './consumer.js';
import { ENERGY_VOCAB } from './energy.js';
import { HEALTH_VOCAB } from './health.js';
import { INDUSTRY_VOCAB } from './industry.js';
import { TECH_VOCAB } from './tech.js';
import type { IndustryVocab } from './types.js';

export type { IndustryVocab } from './types.js';

export const VOCAB: Record<string, IndustryVocab> = {
  ...TECH_VOCAB,
  ...ENERGY_VOCAB,
  ...HEALTH_VOCAB,
  ...INDUSTRY_VOCAB,
  ...CONSUMER_VOCAB,
};

for (const top of INDUSTRIES) {
  const vocab = VOCAB[top.id];
  if (!vocab) throw new Error(`demo vocabulary missing for industry ${top.id}`);
  for (const sub of top.subs) {
    if (!vocab.products[sub.id]?.length) throw new Error(`demo product lines missing for ${sub.id}`);
  }
}
