/**
 * The account calls of API.md ("Auth and account"), one function each, through the one
 * API client. Field names follow the spec (Phone, ClientId, submitConcat's fields).
 */
import type {
  ClientCheck,
  LoginQrcode,
  PhoneLoginBody,
  RegistrationBody,
  SaveUserBaseInfoBody,
  SignInResult,
  Status,
  UserInfo,
} from '@jq/contract';
import { apiGet, apiPost } from '../../shared/api/client';
import { getClientId } from '../../shared/stores/user-store';

export type { SignInResult } from '@jq/contract';

export function getLoginQrcode() {
  return apiGet<LoginQrcode>('/auth/GetLoginQrcode');
}

/** Polled silently: -1 (waiting) and -999 (banned) reach the caller as ApiError codes. */
export function checkLoginQrcode(code: string, signal?: AbortSignal) {
  return apiGet<SignInResult>('/auth/CheckLoginQrcode', { code }, { isSilent: true, signal });
}

/** `scan` tells the desktop the code was opened (it shows 已扫码); `confirm` signs it in. */
export function confirmQrLogin(code: string, action: 'scan' | 'confirm' = 'confirm') {
  return apiPost<null>('/auth/ConfirmQrLogin', { code, action }, { isSilent: true, isLoginCall: true });
}

export function sendVcode(phone: string) {
  return apiPost<null>('/auth/SendVCode', { Phone: phone, clientid: getClientId() }, { isSilent: true });
}

/** phone, vcode, and the invite (`iv`) and WeChat (`wxcode`) codes of the page's query. */
export function phoneLogin(input: PhoneLoginBody) {
  return apiPost<SignInResult>('/auth/PhoneLogin', input, { isSilent: true });
}

/** Binds a phone to the temporary account of a QR or WeChat sign-in without one. */
export function updatePhone(input: { phone: string; vcode: string; uguid?: string }) {
  return apiPost<SignInResult>('/auth/UpdatePhoneV2', input, { isSilent: true, isLoginCall: true });
}

export function getUserInfo() {
  return apiGet<UserInfo>('/auth/getuinfo', undefined, { isSilent: true, isLoginCall: true });
}

export function getUserStatus() {
  return apiGet<Status>('/auth/status', undefined, { isSilent: true, isLoginCall: true });
}

export function logout() {
  return apiPost<null>('/auth/logout', {}, { isSilent: true, isLoginCall: true });
}

export function checkClient(clientId: string = getClientId()) {
  return apiPost<ClientCheck>('/auth/ClientCheckV3', { ClientId: clientId }, { isSilent: true });
}

export function getWebVersion(env: 'web' | 'electron' = 'web') {
  return apiGet<{ version: string }>('/auth/webversion', { env }, { isSilent: true });
}

export function wechatLogin(code: string, inviteCode?: string) {
  return apiGet<SignInResult>('/auth/wechatlogin', { code, inviteCode }, { isSilent: true });
}

export function getWxAppid() {
  return apiGet<{ appid: string }>('/auth/WxAppid', undefined, { isSilent: true });
}

export function saveUserBaseInfo(fields: SaveUserBaseInfoBody) {
  return apiPost<UserInfo>('/user/SaveUserBaseInfo', fields, { isSilent: true, isLoginCall: true });
}

/** Registration (spec section 2, "Registration form fields"); role 1 enterprise, 2 institution. */
type RegistrationRequired = 'role' | 'phone' | 'name' | 'company' | 'title';
export type RegistrationInput = Pick<RegistrationBody, RegistrationRequired> &
  Partial<Omit<RegistrationBody, RegistrationRequired | 'uguid' | 'clientid'>>;

export function submitRegistration(input: RegistrationInput) {
  return apiPost<UserInfo | null>('/auth/submitConcat', input, { isSilent: true, isLoginCall: true });
}
