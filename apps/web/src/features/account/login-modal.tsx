/**
 * The login modal of spec sections 2 and 4: QR mode by default on a computer, SMS mode on a
 * phone (which cannot scan its own screen), a labelled switch between the two, and the
 * phone-binding form after a QR or WeChat sign-in without a phone.
 * Opened from anywhere through the user store (header, route guard, locked content).
 */
import { MobileOutlined, QrcodeOutlined, WechatOutlined } from '@ant-design/icons';
import { messages } from '@jq/contract';
import { Button, Divider, Modal } from 'antd';
import { account } from '../../locales/zh-CN/account';
import { isWechatBrowser } from '../../shared/browser/wechat-browser';
import { useUserStore } from '../../shared/stores/user-store';
import type { SignInResult } from './api';
import { PhoneLoginForm } from './phone-login-form';
import { QrLoginPanel } from './qr-login-panel';
import { reloadAfterSignIn, saveSignIn } from './session';
import type { QrFinal } from './use-qr-login';
import { isWechatConfigured, startWechatLogin } from './wechat';
import './account.css';
import { useFeedback } from '../../shared/feedback/feedback';

export function LoginModal() {
  const { message } = useFeedback();
  const modal = useUserStore((state) => state.loginModal);
  const commoncfg = useUserStore((state) => state.status.commoncfg);
  const { closeLogin, openLogin, setLoginMode, clearLogin } = useUserStore.getState();

  const isPhoneMode = modal.mode === 'phone' || modal.isBinding;
  const title = modal.isBinding ? account.bindTitle : isPhoneMode ? account.smsTitle : account.qrTitle;
  const canUseWechat = !modal.isBinding && isWechatBrowser() && isWechatConfigured(commoncfg);

  const finishSignIn = async (result: SignInResult) => {
    await saveSignIn(result);
    void message.success(modal.isBinding ? account.bound : account.signedIn);
    closeLogin();
    reloadAfterSignIn();
  };

  const onQrFinish = (outcome: QrFinal) => {
    if (outcome.kind === 'signedIn') void finishSignIn(outcome.info);
    if (outcome.kind === 'bindPhone') {
      void message.warning(messages.needBindPhone);
      openLogin({ mode: 'phone', isBinding: true, tempUguid: outcome.info.uguid });
    }
    if (outcome.kind === 'banned') {
      clearLogin();
      void message.error(messages.accountBanned);
      closeLogin();
    }
    if (outcome.kind === 'timeout') {
      void message.error(messages.qrTimeout);
      closeLogin();
    }
  };

  return (
    <Modal
      open={modal.isOpen}
      onCancel={closeLogin}
      footer={null}
      width={400}
      centered
      destroyOnHidden
      title={<span data-testid="login-modal-title">{title}</span>}
      className="jq-login-modal"
    >
      <div className="jq-login-body">
        {isPhoneMode ? (
          <PhoneLoginForm isBinding={modal.isBinding} tempUguid={modal.tempUguid} onSignedIn={finishSignIn} />
        ) : (
          <QrLoginPanel isActive={modal.isOpen && !isPhoneMode} onFinish={onQrFinish} />
        )}
        {!modal.isBinding && (
          <Button
            type="link"
            block
            icon={isPhoneMode ? <QrcodeOutlined /> : <MobileOutlined />}
            className="jq-login-switch"
            onClick={() => setLoginMode(isPhoneMode ? 'qr' : 'phone')}
            data-testid="login-mode-switch"
          >
            {isPhoneMode ? account.switchToQr : account.switchToPhone}
          </Button>
        )}
        {canUseWechat && (
          <>
            <Divider plain>{account.otherWays}</Divider>
            <Button
              block
              size="large"
              icon={<WechatOutlined />}
              onClick={() => void startWechatLogin().catch(() => message.error(messages.loginFailed))}
            >
              {account.wechatLogin}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
