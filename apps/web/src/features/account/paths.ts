/**
 * Where account links go. Registration lives on the user centre (/jq/user?tab=register):
 * it is for signed-in users only (the form posts submitConcat, a signed-in call), and the
 * avatar that leads there is shown only to them.
 */
import { DEFAULT_PRODUCT, expandPath, type UserInfo } from '@jq/contract';

export const USER_PATH = expandPath('/{product}/user', DEFAULT_PRODUCT);
export const REGISTER_PATH = `${USER_PATH}?tab=register`;
export const LOGIN_PATH = expandPath('/{product}/login', DEFAULT_PRODUCT);

/** Spec section 2, "Avatar click": verified users to the user centre, others to registration. */
export function avatarTarget(info: Pick<UserInfo, 'isVerify'>): string {
  return info.isVerify ? USER_PATH : REGISTER_PATH;
}
