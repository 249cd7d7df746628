/**
 * The phone form of spec sections 2, 4 and 5: +86 and the phone, the code with its 60 s
 * send button, the terms box, and 登录/注册 (or 确认绑定 for a temporary account, which
 * posts UpdatePhoneV2 instead of PhoneLogin). Used by the login modal, the login page and
 * the QR confirm page; the caller decides what a finished sign-in does.
 */
import { Code, codeMessages, messages, PHONE_PATTERN } from '@jq/contract';
import { Button, Checkbox, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { account } from '../../locales/zh-CN/account';
import { ApiError } from '../../shared/api/client';
import { useUserStore } from '../../shared/stores/user-store';
import { phoneLogin, type SignInResult, sendVcode, updatePhone } from './api';
import { readLoginQuery } from './login-query';
import { SendCodeButton } from './send-code-button';
import { isBannedError } from './session';
import './account.css';
import { useFeedback } from '../../shared/feedback/feedback';

interface PhoneFormValues {
  phone: string;
  vcode: string;
  agreed: boolean;
}

export interface PhoneLoginFormProps {
  isBinding?: boolean;
  tempUguid?: string;
  onSignedIn(result: SignInResult): void | Promise<void>;
}

/** The words for a refused sign-in: the spec's for -1, the server's own, else 登录失败，请重试！ */
export function signInFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.loginFailed;
  if (error.code === Code.PHONE_BOUND_OR_WAITING)
    return error.msg || codeMessages[Code.PHONE_BOUND_OR_WAITING];
  if (error.status === 0 || error.status >= 500) return messages.loginFailed;
  return error.msg || messages.loginFailed;
}

export function PhoneLoginForm({ isBinding = false, tempUguid, onSignedIn }: PhoneLoginFormProps) {
  const [form] = Form.useForm<PhoneFormValues>();
  const { message } = useFeedback();
  const [isSubmitting, setSubmitting] = useState(false);

  const canSend = async () => {
    try {
      await form.validateFields(['phone']);
      return true;
    } catch {
      return false;
    }
  };

  const submit = async ({ phone, vcode }: PhoneFormValues) => {
    setSubmitting(true);
    try {
      const result = isBinding
        ? await updatePhone({ phone, vcode, ...(tempUguid ? { uguid: tempUguid } : {}) })
        : await phoneLogin({ phone, vcode, ...readLoginQuery() });
      await onSignedIn(result);
    } catch (error) {
      if (isBannedError(error)) {
        useUserStore.getState().clearLogin();
        void message.error(messages.accountBanned);
      } else {
        void message.error(signInFailureText(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PhoneFormValues>
      form={form}
      className="jq-phone-form"
      requiredMark={false}
      initialValues={{ phone: '', vcode: '', agreed: false }}
      onFinish={submit}
      data-testid="phone-login-form"
    >
      <Form.Item>
        <Space.Compact block size="large">
          <Space.Addon>+86</Space.Addon>
          <Form.Item
            name="phone"
            noStyle
            rules={[{ pattern: PHONE_PATTERN, required: true, message: messages.phoneInvalid }]}
          >
            <Input
              placeholder={account.phonePlaceholder}
              maxLength={11}
              inputMode="numeric"
              autoComplete="tel-national"
              aria-label={account.phone}
              data-testid="phone-input"
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Space.Compact block size="large">
          <Form.Item
            name="vcode"
            noStyle
            rules={[{ required: true, whitespace: true, message: messages.vcodeInvalid }]}
          >
            <Input
              placeholder={account.vcodePlaceholder}
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label={account.vcodePlaceholder}
              data-testid="vcode-input"
            />
          </Form.Item>
          <SendCodeButton canSend={canSend} send={() => sendVcode(form.getFieldValue('phone'))} />
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="agreed"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value) =>
              value ? Promise.resolve() : Promise.reject(new Error(messages.termsNotAgreed)),
          },
        ]}
      >
        <Checkbox data-testid="terms-checkbox">
          {account.agreePrefix}
          <a href="/agreement" target="_blank" rel="noopener">
            {account.agreement}
          </a>
          {account.and}
          <a href="/privacy" target="_blank" rel="noopener">
            {account.privacy}
          </a>
        </Checkbox>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        data-testid="phone-login-submit"
      >
        {isBinding ? account.confirmBind : account.loginOrRegister}
      </Button>
      <p className="jq-phone-note">{isBinding ? account.bindNote : account.autoRegisterNote}</p>
    </Form>
  );
}
