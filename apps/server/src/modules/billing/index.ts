/**
 * What other modules use from billing: VIP benefits (`can`), spending credits (`charge`),
 * per-use unlocks, and the prices for the status commoncfg. Routes are in routes.ts.
 */
export { type ChargeRequest, type ChargeResult, charge, getBalance } from './ledger.js';
export { CHAT_FREE_TURNS, getCommonCfgPrices, getPricing } from './pricing.js';
export { isUnlocked, unlockProjectContacts, unlockWithPower } from './unlock.js';
export { can, VIP_BENEFITS, type VipBenefit } from './vip.js';
