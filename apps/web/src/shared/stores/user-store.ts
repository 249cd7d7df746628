/**
 * The user state of spec section 3: the anonymous client id (made once, sent with every
 * call), the signed-in user's info and server status, kept in localStorage so a reload
 * knows who was signed in before the profile refresh answers. The session itself is an
 * httpOnly cookie this code never sees. Also the open state of the account overlays
 * (login modal, need-login popup, business-card dialog), which any page may open.
 * The identity (investor or enterprise) lives in the settings store, which the theme reads.
 */
import { BREAKPOINTS, type CommonCfg, type Status, type UserInfo } from '@jq/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const USER_STORAGE_KEY = 'jq_user';

export type { UserInfo } from '@jq/contract';

/** The server status; the client config may be partial until the first status answer. */
export type UserStatus = Omit<Status, 'commoncfg'> & { commoncfg: Partial<CommonCfg> };

export const SIGNED_OUT_STATUS: UserStatus = {
  role: -1,
  isvip: false,
  exptime: '',
  exphide: true,
  isBindWechat: false,
  isBindPhone: false,
  isVerify: false,
  identity: null,
  uguid: null,
  commoncfg: {},
};

export type LoginMode = 'qr' | 'phone';

export interface LoginModalState {
  isOpen: boolean;
  mode: LoginMode;
  /** Phone binding for an account made by QR or WeChat without a phone (spec section 4). */
  isBinding: boolean;
  /** The temporary account being bound (its uguid), when `isBinding`. */
  tempUguid: string;
}

interface UserState {
  clientid: string;
  info: UserInfo | null;
  status: UserStatus;
  loginModal: LoginModalState;
  isNeedLoginOpen: boolean;
  isAuthDialogOpen: boolean;
  setInfo(info: UserInfo): void;
  setStatus(status: Partial<UserStatus>): void;
  /** Forgets the signed-in user (logout, ban); the client id stays. */
  clearLogin(): void;
  openLogin(options?: Partial<Omit<LoginModalState, 'isOpen'>>): void;
  closeLogin(): void;
  setLoginMode(mode: LoginMode): void;
  openNeedLogin(): void;
  closeNeedLogin(): void;
  openAuthDialog(): void;
  closeAuthDialog(): void;
}

/**
 * A random id from getRandomValues: `crypto.randomUUID` exists only in secure contexts, and
 * the server is often opened over plain http on a LAN address (phones scanning the QR).
 */
export function createClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const closedModal: LoginModalState = { isOpen: false, mode: 'qr', isBinding: false, tempUguid: '' };

/**
 * The login modal's first mode: QR on a computer or tablet (spec section 2), SMS on a phone
 * (under 720 px), which cannot scan a code on its own screen.
 */
export function defaultLoginMode(width: number = window.innerWidth): LoginMode {
  return width < BREAKPOINTS.small ? 'phone' : 'qr';
}

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      clientid: createClientId(),
      info: null,
      status: SIGNED_OUT_STATUS,
      loginModal: closedModal,
      isNeedLoginOpen: false,
      isAuthDialogOpen: false,
      setInfo: (info) => set({ info }),
      setStatus: (status) => set((state) => ({ status: { ...state.status, ...status } })),
      clearLogin: () =>
        set((state) => ({
          info: null,
          // The client config is not the user's: keep it for the signed-out screens.
          status: { ...SIGNED_OUT_STATUS, commoncfg: state.status.commoncfg },
        })),
      openLogin: (options = {}) =>
        set({
          loginModal: { ...closedModal, mode: defaultLoginMode(), ...options, isOpen: true },
          isNeedLoginOpen: false,
        }),
      closeLogin: () => set({ loginModal: closedModal }),
      setLoginMode: (mode) => set((state) => ({ loginModal: { ...state.loginModal, mode } })),
      openNeedLogin: () => set({ isNeedLoginOpen: true }),
      closeNeedLogin: () => set({ isNeedLoginOpen: false }),
      openAuthDialog: () => set({ isAuthDialogOpen: true }),
      closeAuthDialog: () => set({ isAuthDialogOpen: false }),
    }),
    {
      name: USER_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ clientid, info, status }) => ({ clientid, info, status }),
    },
  ),
);

/** The anonymous id sent as `x-client-id`; read outside React by the API client. */
export function getClientId(): string {
  return useUserStore.getState().clientid;
}

export function isSignedIn(state: Pick<UserState, 'info'> = useUserStore.getState()): boolean {
  return state.info !== null;
}
