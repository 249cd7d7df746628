/**
 * The need-login popup of spec section 2: what a visitor sees on something that needs an
 * account (a protected link in an AI answer, a paid action). 立即登录 opens the login modal.
 */
import { LockOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { account } from '../../locales/zh-CN/account';
import { useUserStore } from '../../shared/stores/user-store';

export function NeedLoginModal() {
  const isOpen = useUserStore((state) => state.isNeedLoginOpen);
  const { closeNeedLogin, openLogin } = useUserStore.getState();
  return (
    <Modal
      open={isOpen}
      onCancel={closeNeedLogin}
      width={360}
      centered
      title={
        <span>
          <LockOutlined /> {account.needLoginTitle}
        </span>
      }
      footer={[
        <Button key="later" onClick={closeNeedLogin}>
          {account.later}
        </Button>,
        <Button key="login" type="primary" onClick={() => openLogin()} data-testid="need-login-go">
          {account.goLogin}
        </Button>,
      ]}
    >
      <p>{account.needLoginDesc}</p>
    </Modal>
  );
}
