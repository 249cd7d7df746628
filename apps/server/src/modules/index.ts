/**
 * Every feature module, in the order the app mounts them. A module is reached only through
 * its own index.ts (its public surface); adding one is one line here (docs/conventions.md).
 */
import type { ModuleDefinition } from '../http/index.js';
import { accountModule } from './account/index.js';
import { adviceVisibleTo, analysisModule } from './analysis/index.js';
import { assistantModule, conversationVisibleTo } from './assistant/index.js';
import { createBillingModule } from './billing/index.js';
import { chainModule } from './chain/index.js';
import { demoModule } from './demo/index.js';
import { imModule } from './im/index.js';
import { knowledgeModule } from './knowledge/index.js';
import { libraryModule } from './library/index.js';
import { matchingModule } from './matching/index.js';
import { parsingModule } from './parsing/index.js';
import { platformModule } from './platform/index.js';
import { referenceModule } from './reference/index.js';
import { teaserModule } from './teaser/index.js';
import { trackingModule } from './tracking/index.js';
import { uploadsModule } from './uploads/index.js';
import { verificationModule } from './verification/index.js';

export { createIdentity } from './account/index.js';

/** Per-use unlocks are bought only for what the buyer may see: their own conversation or analysis. */
const billingModule = createBillingModule({
  unlockTargets: { ChatPerCharge: conversationVisibleTo, OptPerCharge: adviceVisibleTo },
});

export const MODULES: readonly ModuleDefinition[] = [
  platformModule,
  accountModule,
  verificationModule,
  trackingModule,
  billingModule,
  referenceModule,
  libraryModule,
  demoModule,
  matchingModule,
  chainModule,
  assistantModule,
  parsingModule,
  knowledgeModule,
  uploadsModule,
  imModule,
  teaserModule,
  analysisModule,
];
