import { Code, LIMITS } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/client';
import type { SignInResult } from './api';
import { isQrPollExhausted, readQrPollAnswer, stepQrPoll } from './qr-poll';

const user = (phone: string): SignInResult => ({
  uguid: 'u_1',
  Name: '李娜',
  Avatar: '',
  Phone: phone,
  Bcard: '',
  inviteCode: 'ABC123',
  isVerify: false,
  role: 0,
  identity: 'investor',
  dlreport: false,
  imUid: '',
  imSign: '',
  isBindPhone: phone !== '',
  isBindWechat: false,
  isNew: false,
});

const waiting = { ok: false, error: new ApiError(Code.PHONE_BOUND_OR_WAITING, '等待扫码', 200) } as const;

describe('readQrPollAnswer', () => {
  it('keeps waiting on -1', () => {
    expect(readQrPollAnswer(waiting)).toEqual({ kind: 'waiting', scanned: false });
  });

  it('tells when the phone has scanned and the user has yet to confirm', () => {
    const scanned = new ApiError(Code.PHONE_BOUND_OR_WAITING, '已扫码，请在手机上确认', 200, {
      status: 'scanned',
    });
    expect(readQrPollAnswer({ ok: false, error: scanned })).toEqual({ kind: 'waiting', scanned: true });
  });

  it('signs in on 1000 with a phone', () => {
    const info = user('13800138000');
    expect(readQrPollAnswer({ ok: true, data: info })).toEqual({ kind: 'signedIn', info });
  });

  it('asks to bind a phone on 1000 without one', () => {
    const info = user('');
    expect(readQrPollAnswer({ ok: true, data: info })).toEqual({ kind: 'bindPhone', info });
  });

  it('stops as banned on -999', () => {
    const banned = {
      ok: false,
      error: new ApiError(Code.ACCOUNT_BANNED, '您的账号已被封禁！', 403),
    } as const;
    expect(readQrPollAnswer(banned)).toEqual({ kind: 'banned' });
  });

  it('waits out a network failure or a refused poll (the poll limit ends them)', () => {
    expect(readQrPollAnswer({ ok: false, error: new ApiError(Code.UNAVAILABLE, '网络错误', 0) })).toEqual({
      kind: 'waiting',
      scanned: false,
    });
    expect(readQrPollAnswer({ ok: false, error: new TypeError('fetch failed') })).toEqual({
      kind: 'waiting',
      scanned: false,
    });
  });
});

describe('stepQrPoll', () => {
  it('polls up to 60 times and times out after the 60th unanswered poll', () => {
    expect(LIMITS.qrPollMax).toBe(60);
    expect(stepQrPoll(waiting, 1)).toEqual({ kind: 'waiting', scanned: false });
    expect(stepQrPoll(waiting, 59)).toEqual({ kind: 'waiting', scanned: false });
    expect(stepQrPoll(waiting, 60)).toEqual({ kind: 'timeout' });
  });

  it('still signs in on the last poll', () => {
    const info = user('13800138000');
    expect(stepQrPoll({ ok: true, data: info }, 60)).toEqual({ kind: 'signedIn', info });
  });

  it('knows when no poll is left', () => {
    expect(isQrPollExhausted(59)).toBe(false);
    expect(isQrPollExhausted(60)).toBe(true);
    expect(isQrPollExhausted(3, 3)).toBe(true);
  });
});
