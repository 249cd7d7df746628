/**
 * The QR sign-in poll of spec section 4 as a pure step function: what one answer of
 * CheckLoginQrcode means, and when the poll gives up (more than 60 polls). The hook that
 * runs the timer only acts on these outcomes, so every branch is tested without a clock.
 */
import { Code, LIMITS } from '@jq/contract';
import { ApiError } from '../../shared/api/client';
import type { SignInResult } from './api';

export type QrPollAnswer = { ok: true; data: SignInResult } | { ok: false; error: unknown };

export type QrPollOutcome =
  /** `scanned`: the phone has opened the code and the user has yet to confirm. */
  | { kind: 'waiting'; scanned: boolean }
  | { kind: 'signedIn'; info: SignInResult }
  | { kind: 'bindPhone'; info: SignInResult }
  | { kind: 'banned' }
  | { kind: 'timeout' };

/** True when `pollsDone` polls have been made and no more may be. */
export function isQrPollExhausted(pollsDone: number, max: number = LIMITS.qrPollMax): boolean {
  return pollsDone >= max;
}

export function readQrPollAnswer(answer: QrPollAnswer): QrPollOutcome {
  if (answer.ok) {
    return answer.data.Phone
      ? { kind: 'signedIn', info: answer.data }
      : { kind: 'bindPhone', info: answer.data };
  }
  const { error } = answer;
  if (error instanceof ApiError && error.code === Code.ACCOUNT_BANNED) return { kind: 'banned' };
  // -1 means not scanned or not confirmed yet (data.status says which). Anything else (a
  // network blip, a slow server) is also waited out: the poll limit ends a code that never works.
  const data = error instanceof ApiError ? (error.data as { status?: unknown } | null) : null;
  return { kind: 'waiting', scanned: data?.status === 'scanned' };
}

/** The outcome after `pollsDone` polls; the caller stops on anything but `waiting`. */
export function stepQrPoll(
  answer: QrPollAnswer,
  pollsDone: number,
  max: number = LIMITS.qrPollMax,
): QrPollOutcome {
  const outcome = readQrPollAnswer(answer);
  if (outcome.kind === 'waiting' && isQrPollExhausted(pollsDone, max)) return { kind: 'timeout' };
  return outcome;
}
