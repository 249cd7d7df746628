/**
 * The price lists the pay modals show: recharge packages (GetPowerChargeCfg) and the chat
 * prices with the free quotas (GetChatCfg). Amounts are what the provider will be asked to
 * collect (1 fen in the test environment), with the list price beside them.
 */
import type { ChatCfg, PowerChargeCfg } from '@jq/contract';
import type { Config } from '../../config.js';
import { CHAT_FREE_TURNS, chargedFen, getPricing, type PerUseAction } from './pricing.js';

type PricingConfig = Pick<Config, 'billing' | 'pay'>;

export function getPowerChargeCfg(config: PricingConfig): PowerChargeCfg {
  const p = getPricing(config);
  return {
    list: p.packages.map((pkg) => ({
      id: pkg.id,
      price: chargedFen(p, pkg.fen),
      listPrice: pkg.fen,
      power: pkg.credits,
      title: pkg.title,
    })),
    testMode: p.testMode,
  };
}

export function getChatCfg(config: PricingConfig, isSignedIn: boolean): ChatCfg {
  const p = getPricing(config);
  const perUse = (key: PerUseAction) => ({
    fen: chargedFen(p, p.perUse[key].fen),
    power: p.perUse[key].credits,
    label: p.perUse[key].label,
  });
  return {
    ChatPerCharge: chargedFen(p, p.perUse.ChatPerCharge.fen),
    ChatPerChargePower: p.perUse.ChatPerCharge.credits,
    freeTurnsPerDay: isSignedIn ? CHAT_FREE_TURNS.signedIn : CHAT_FREE_TURNS.anonymous,
    freeTurns: { ...CHAT_FREE_TURNS },
    perUse: {
      OptPerCharge: perUse('OptPerCharge'),
      DockPerCharge: perUse('DockPerCharge'),
      ChatPerCharge: perUse('ChatPerCharge'),
    },
    testMode: p.testMode,
  };
}

/** What unlocking one conversation's chat costs (the assistant's locked-quota notice). */
export function getChatTurnPrice(config: PricingConfig): { fen: number; power: number } {
  const p = getPricing(config);
  return { fen: chargedFen(p, p.perUse.ChatPerCharge.fen), power: p.perUse.ChatPerCharge.credits };
}
