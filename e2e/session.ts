/**
 * Signing a browser in without the login modal (e2e/account.test.ts covers the modal):
 * SendVCode, the code from the dev outbox, PhoneLogin — all through the page's own request
 * context, so the session cookie lands in the browser — and the stored user the app trusts
 * until its route guard refreshes it.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface SignedInUser {
  uguid: string;
  Phone: string;
  Name: string;
}

export async function signInByApi(page: Page, phone: string): Promise<SignedInUser> {
  const sent = (await (
    await page.request.post('/api/auth/SendVCode', { data: { Phone: phone } })
  ).json()) as {
    code: number;
  };
  expect(sent.code).toBe(1000);
  const outbox = (await (await page.request.get(`/api/dev/outbox?phone=${phone}`)).json()) as {
    data: { code: string };
  };
  const login = (await (
    await page.request.post('/api/auth/PhoneLogin', { data: { phone, vcode: outbox.data.code } })
  ).json()) as { code: number; data: SignedInUser };
  expect(login.code).toBe(1000);
  await page.context().addInitScript((info) => {
    if (!localStorage.getItem('jq_user'))
      localStorage.setItem('jq_user', JSON.stringify({ state: { info }, version: 1 }));
  }, login.data);
  return login.data;
}
