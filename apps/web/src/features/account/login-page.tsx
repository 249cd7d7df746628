/**
 * /jq/login: with `?qr=<code>` it is the page the login QR opens on a phone, which asks the
 * phone's signed-in user to confirm the desktop sign-in (ConfirmQrLogin), after an SMS
 * sign-in when the phone is not signed in yet. Without `qr` it is a plain login page.
 */
import { CheckCircleFilled, DesktopOutlined } from '@ant-design/icons';
import { messages } from '@jq/contract';
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { account } from '../../locales/zh-CN/account';
import { ApiError } from '../../shared/api/client';
import { UserAvatar } from '../../shared/components/user-avatar';
import { maskText } from '../../shared/format/mask';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { type UserInfo, useUserStore } from '../../shared/stores/user-store';
import { confirmQrLogin, type SignInResult } from './api';
import { PhoneLoginForm } from './phone-login-form';
import { isBannedError, safeRedirect, saveSignIn } from './session';
import './account.css';
import { useFeedback } from '../../shared/feedback/feedback';

export function displayName(info: Pick<UserInfo, 'Name' | 'Phone'>): string {
  return info.Name || (info.Phone ? maskText(info.Phone) : account.unnamed);
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const qr = params.get('qr');
  return (
    <div className="jq-panel jq-account-page" data-testid="login-page">
      {qr ? <ConfirmQrView code={qr} /> : <PlainLoginView />}
    </div>
  );
}

function PlainLoginView() {
  const info = useUserStore((state) => state.info);
  const openLogin = useUserStore((state) => state.openLogin);
  const { isMobile } = useBreakpoint();
  const { message } = useFeedback();

  if (info) {
    return (
      <Result
        icon={<UserAvatar src={info.Avatar} name={info.Name} size={64} />}
        title={account.alreadySignedIn(displayName(info))}
        extra={
          <Button type="primary" size="large" onClick={() => window.location.assign('/home')}>
            {account.goHome}
          </Button>
        }
      />
    );
  }

  const onSignedIn = async (result: SignInResult) => {
    await saveSignIn(result);
    void message.success(account.signedIn);
    // This page has nothing for a signed-in user: on to where they were headed, else home.
    const redirect = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
    window.location.assign(redirect ?? '/home');
  };

  return (
    <>
      <h2>{account.smsTitle}</h2>
      <p className="jq-account-desc">{account.loginPageDesc}</p>
      <PhoneLoginForm onSignedIn={onSignedIn} />
      {!isMobile && (
        <Button type="link" block onClick={() => openLogin({ mode: 'qr' })} data-testid="open-qr-login">
          {account.qrLogin}
        </Button>
      )}
    </>
  );
}

type ConfirmState = 'idle' | 'confirming' | 'confirmed' | 'cancelled';

/** A code the server refuses (expired, used, unknown) says why in its message. */
const refusalOf = (error: unknown) =>
  error instanceof ApiError && error.status === 400 ? error.msg || account.confirmFailed : null;

function ConfirmQrView({ code }: { code: string }) {
  const info = useUserStore((state) => state.info);
  const clearLogin = useUserStore((state) => state.clearLogin);
  const { message } = useFeedback();
  const [state, setState] = useState<ConfirmState>('idle');
  const [refusal, setRefusal] = useState<string | null>(null);
  const uguid = info?.uguid;

  // Opening the page marks the code scanned, so the desktop shows 已扫码 while the user decides.
  useEffect(() => {
    if (!uguid) return;
    confirmQrLogin(code, 'scan').catch((error: unknown) => setRefusal(refusalOf(error)));
  }, [code, uguid]);

  if (state === 'confirmed') {
    return <Result status="success" title={account.confirmed} subTitle={account.confirmedDesc} />;
  }
  if (state === 'cancelled') return <Result status="info" title={account.cancelled} />;
  if (refusal && info) return <Result status="warning" title={refusal} data-testid="qr-refused" />;

  if (!info) {
    return (
      <>
        <div className="jq-confirm-icon">
          <DesktopOutlined />
        </div>
        <h2>{account.confirmTitle}</h2>
        <p className="jq-account-desc">{account.confirmSignInFirst}</p>
        <PhoneLoginForm onSignedIn={saveSignIn} />
      </>
    );
  }

  const confirm = async () => {
    setState('confirming');
    try {
      await confirmQrLogin(code);
      setState('confirmed');
    } catch (error) {
      setState('idle');
      if (isBannedError(error)) {
        clearLogin();
        void message.error(messages.accountBanned);
      } else if (error instanceof ApiError && error.status === 401) {
        // The phone's session ended: sign in again, then confirm.
        clearLogin();
      } else {
        const refused = refusalOf(error);
        if (refused) setRefusal(refused);
        else void message.error(account.confirmFailed);
      }
    }
  };

  return (
    <>
      <div className="jq-confirm-icon">
        <DesktopOutlined />
      </div>
      <h2>{account.confirmTitle}</h2>
      <div className="jq-confirm-user">
        <UserAvatar src={info.Avatar} name={info.Name} size={56} />
        <span data-testid="confirm-user-name">{account.confirmDesc(displayName(info))}</span>
      </div>
      <Button
        type="primary"
        size="large"
        block
        icon={<CheckCircleFilled />}
        loading={state === 'confirming'}
        onClick={() => void confirm()}
        data-testid="confirm-qr-login"
      >
        {account.confirmButton}
      </Button>
      <Button type="text" block className="jq-confirm-cancel" onClick={() => setState('cancelled')}>
        {account.confirmCancel}
      </Button>
    </>
  );
}
