import { afterEach, describe, expect, it } from 'vitest';
import { defaultLoginMode, useUserStore } from './user-store';

describe('login modal mode', () => {
  afterEach(() => {
    useUserStore.getState().closeLogin();
    window.innerWidth = 1024;
  });

  it('opens with the QR on a computer or tablet and with SMS on a phone', () => {
    expect(defaultLoginMode(1440)).toBe('qr');
    expect(defaultLoginMode(768)).toBe('qr');
    expect(defaultLoginMode(390)).toBe('phone');
    window.innerWidth = 390;
    useUserStore.getState().openLogin();
    expect(useUserStore.getState().loginModal).toMatchObject({ isOpen: true, mode: 'phone' });
    window.innerWidth = 1440;
    useUserStore.getState().openLogin();
    expect(useUserStore.getState().loginModal.mode).toBe('qr');
  });

  it('keeps a mode the caller asks for', () => {
    window.innerWidth = 1440;
    useUserStore.getState().openLogin({ mode: 'phone', isBinding: true, tempUguid: 'u1' });
    expect(useUserStore.getState().loginModal).toMatchObject({ mode: 'phone', isBinding: true });
  });
});
