/**
 * What the account side does once per page load (spec sections 2-4): the web version
 * check, the anonymous client check (ClientCheckV3), the status with the client config,
 * the profile refresh when the first page is a public one (protected pages refresh in
 * the route guard), the `redirect` of a signed-in visitor of /home, and a WeChat sign-in
 * when WeChat's browser came back with an OAuth `code`.
 */
import { messages } from '@jq/contract';
import { account } from '../../locales/zh-CN/account';
import { useUserStore } from '../../shared/stores/user-store';
import { checkClient, wechatLogin } from './api';
import { decideAccess } from './guard';
import { readLoginQuery } from './login-query';
import { emitAccountNotice } from './notices';
import { handleRefreshFailure, refreshProfile } from './profile-refresh';
import { refreshStatus, reloadAfterSignIn, saveSignIn } from './session';
import { checkWebVersion } from './web-version';
import { readWechatCode } from './wechat';

const CLIENT_ID = /^[\w-]{8,64}$/;
const WECHAT_FAILURE_SECONDS = 3;

export interface StartLocation {
  pathname: string;
  search: string;
}

let hasStarted = false;

export async function startAccount(location: StartLocation, navigate: (to: string) => void): Promise<void> {
  if (hasStarted) return;
  hasStarted = true;
  if (await checkWebVersion()) return;
  void checkClientId();
  const failure = await refreshProfile();
  const elsewhere = failure ? handleRefreshFailure(failure, location.pathname) : null;
  if (elsewhere) return navigate(elsewhere);
  await refreshStatus();

  const isSignedIn = useUserStore.getState().info !== null;
  const isHome = location.pathname.toLowerCase() === '/home';
  if (isSignedIn && isHome) {
    const decision = decideAccess({
      route: { name: 'home', isPublic: true },
      isSignedIn,
      isPageAvailable: true,
      ...location,
    });
    if (decision.kind === 'redirect') return navigate(decision.to);
  }
  const code = readWechatCode(location.search);
  if (code && !isSignedIn) await signInWithWechat(code);
}

/** The server hands back its own id for a missing or malformed one; that one is kept. */
async function checkClientId(): Promise<void> {
  try {
    const { ClientId } = await checkClient();
    if (ClientId && CLIENT_ID.test(ClientId) && ClientId !== useUserStore.getState().clientid) {
      useUserStore.setState({ clientid: ClientId });
    }
  } catch {
    // The id works without the check; the next load tries again.
  }
}

async function signInWithWechat(code: string): Promise<void> {
  try {
    const result = await wechatLogin(code, readLoginQuery().iv);
    if (!result.Phone) {
      useUserStore.getState().openLogin({ mode: 'phone', isBinding: true, tempUguid: result.uguid });
      emitAccountNotice({ kind: 'warning', title: messages.needBindPhone });
      return;
    }
    await saveSignIn(result);
    emitAccountNotice({ kind: 'success', title: account.signedIn });
    reloadAfterSignIn();
  } catch {
    emitAccountNotice({
      kind: 'error',
      title: messages.loginFailedTitle,
      description: messages.loginFailed,
      seconds: WECHAT_FAILURE_SECONDS,
      goTo: '/',
    });
  }
}
