/**
 * The registration form of spec section 2 (submitConcat): role 1 企业（融资方） or 2
 * 机构（投资方）, contact and company fields, and what each side seeks (stage, industry,
 * amount, period, currency; the institution for investors). The account's phone is used
 * as is; an account without one verifies a phone here. After a successful submit the
 * page offers business-card verification.
 */
import { CURRENCIES, messages, PHONE_PATTERN, STAGES } from '@jq/contract';
import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { account } from '../../locales/zh-CN/account';
import { ApiError } from '../../shared/api/client';
import type { UserInfo } from '../../shared/stores/user-store';
import { type RegistrationInput, sendVcode, submitRegistration } from './api';
import { SendCodeButton } from './send-code-button';
import './account.css';
import { useFeedback } from '../../shared/feedback/feedback';

type Role = 1 | 2;

export interface RegisterFormValues {
  role: Role;
  phone: string;
  vcode?: string;
  name: string;
  company: string;
  title: string;
  address?: string;
  email?: string;
  brief?: string;
  stage?: number;
  industry: string;
  fundsize?: number | null;
  period?: string;
  currency: (typeof CURRENCIES)[number];
  orgname?: string;
  orgid?: string;
}

export interface RegisterFormProps {
  info: UserInfo;
  /** Called with the account as saved (null when the server sent none back). */
  onSubmitted(info: UserInfo | null): void | Promise<void>;
}

/** Form values to the request: empty optional fields left out, the institution only for investors. */
export function toRegistrationInput(values: RegisterFormValues): RegistrationInput {
  const { fundsize, vcode, orgname, orgid, stage, ...rest } = values;
  return {
    ...rest,
    ...(vcode ? { vcode } : {}),
    ...(stage === undefined ? {} : { stage }),
    ...(typeof fundsize === 'number' ? { fundsize } : {}),
    ...(values.role === 2 ? { orgname: orgname ?? '', orgid: orgid ?? '' } : {}),
  };
}

export function RegisterForm({ info, onSubmitted }: RegisterFormProps) {
  const [form] = Form.useForm<RegisterFormValues>();
  const { message } = useFeedback();
  const [isSubmitting, setSubmitting] = useState(false);
  const role = Form.useWatch('role', form) ?? (info.role === 2 ? 2 : 1);
  const hasPhone = Boolean(info.Phone);
  const isInvestor = role === 2;
  const required = (label: string) => [
    { required: true, whitespace: true, message: account.required(label) },
  ];

  const submit = async (values: RegisterFormValues) => {
    setSubmitting(true);
    try {
      await onSubmitted(await submitRegistration(toRegistrationInput(values)));
    } catch (error) {
      void message.error(
        error instanceof ApiError && error.status === 400 ? error.msg : account.submitFailed,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<RegisterFormValues>
      form={form}
      layout="vertical"
      className="jq-register-form"
      requiredMark
      initialValues={{
        role: info.role === 2 ? 2 : 1,
        phone: info.Phone,
        name: info.Name,
        currency: 'CNY',
      }}
      onFinish={submit}
      data-testid="register-form"
    >
      <Form.Item name="role" label={account.roleLabel} rules={[{ required: true }]}>
        <Radio.Group optionType="button" buttonStyle="solid" data-testid="register-role">
          <Radio.Button value={1}>{account.role1}</Radio.Button>
          <Radio.Button value={2}>{account.role2}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={account.phone}
            rules={[{ required: true, pattern: PHONE_PATTERN, message: messages.phoneInvalid }]}
            extra={hasPhone ? account.phoneBound : undefined}
          >
            <Input disabled={hasPhone} maxLength={11} inputMode="numeric" data-testid="register-phone" />
          </Form.Item>
        </Col>
        {!hasPhone && (
          <Col xs={24} md={12}>
            <Form.Item label={account.vcodePlaceholder} required>
              <Space.Compact block>
                <Form.Item name="vcode" noStyle rules={[{ required: true, message: messages.vcodeInvalid }]}>
                  <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
                </Form.Item>
                <SendCodeButton
                  canSend={() =>
                    form.validateFields(['phone']).then(
                      () => true,
                      () => false,
                    )
                  }
                  send={() => sendVcode(form.getFieldValue('phone'))}
                />
              </Space.Compact>
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="name" label={account.name} rules={required(account.name)}>
            <Input maxLength={20} autoComplete="name" data-testid="register-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={account.title} rules={required(account.title)}>
            <Input maxLength={30} autoComplete="organization-title" data-testid="register-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="company"
            label={account.company}
            rules={[...required(account.company), { min: 2, message: account.required(account.company) }]}
          >
            <Input maxLength={60} autoComplete="organization" data-testid="register-company" />
          </Form.Item>
        </Col>
        {isInvestor && (
          <Col xs={24} md={12}>
            <Form.Item name="orgname" label={account.orgName} rules={required(account.orgName)}>
              <Input maxLength={60} data-testid="register-orgname" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={account.email}
            rules={[{ type: 'email', message: account.emailInvalid }]}
          >
            <Input maxLength={100} autoComplete="email" inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address" label={account.address}>
            <Input maxLength={100} autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="industry"
            label={isInvestor ? account.industryInvest : account.industry}
            rules={required(isInvestor ? account.industryInvest : account.industry)}
          >
            <Input maxLength={30} placeholder={account.industryPlaceholder} data-testid="register-industry" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="stage"
            label={isInvestor ? account.stageInvest : account.stage}
            rules={isInvestor ? [] : [{ required: true, message: `请选择${account.stage}` }]}
          >
            <Select
              allowClear
              options={STAGES.map((stage) => ({ value: stage.code, label: stage.label }))}
              data-testid="register-stage"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="fundsize" label={isInvestor ? account.fundSizeInvest : account.fundSize}>
            <InputNumber min={0} max={100_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="currency" label={account.currency}>
            <Select options={CURRENCIES.map((value) => ({ value, label: account.currencies[value] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="period" label={isInvestor ? account.periodInvest : account.period}>
            <Input
              maxLength={20}
              placeholder={isInvestor ? account.periodInvestPlaceholder : account.periodPlaceholder}
            />
          </Form.Item>
        </Col>
        {isInvestor && (
          <Col xs={24} md={12}>
            <Form.Item name="orgid" label={account.orgId} extra={account.orgIdHint}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Form.Item name="brief" label={account.brief}>
        <Input.TextArea
          rows={4}
          maxLength={500}
          showCount
          placeholder={isInvestor ? account.briefPlaceholderInstitution : account.briefPlaceholderEnterprise}
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        loading={isSubmitting}
        data-testid="register-submit"
      >
        {account.submit}
      </Button>
    </Form>
  );
}
