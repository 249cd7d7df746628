import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type SmsConfig } from '../../src/config.js';
import { createAliyunSms, signAliyunRpc } from '../../src/platform/sms/aliyun.js';
import { SmsError, type SmsLog } from '../../src/platform/sms/index.js';
import { createTencentSms, tc3Signature } from '../../src/platform/sms/tencent.js';
import { type FakeAliyunSms, startFakeAliyunSms } from '../fakes/aliyun-sms.js';
import { type FakeTencentSms, startFakeTencentSms } from '../fakes/tencent-sms.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { newPhone } from './helpers.js';

const quiet: SmsLog = { info: () => {}, warn: () => {} };

const ALIYUN = {
  accessKeyId: 'LTAI-test-key',
  accessKeySecret: 'aliyun-test-secret',
  signName: '金桥',
  templateCode: 'SMS_100200300',
};
const TENCENT = {
  secretId: 'AKID-test-id',
  secretKey: 'tencent-test-key',
  sdkAppId: '1400000001',
  signName: '金桥',
  templateId: '1234567',
};

const smsConfig = (over: Partial<SmsConfig>): SmsConfig => ({
  provider: 'outbox',
  accessKeyId: '',
  accessKeySecret: '',
  signName: '',
  templateId: '',
  sdkAppId: '',
  region: undefined,
  endpoint: undefined,
  dailyLimitPerPhone: 10,
  hourlyLimitPerIp: 20,
  ...over,
});

describe('request signatures against the providers documented examples', () => {
  it('signs the SendSms example of Aliyun SMS documentation (HMAC-SHA1, RPC style)', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signAliyunRpc('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('signs the example of Tencent Cloud API 3.0 documentation (TC3-HMAC-SHA256)', () => {
    const signature = tc3Signature({
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  });
});

describe('Aliyun SMS adapter against the fake', () => {
  let fake: FakeAliyunSms;
  beforeAll(async () => {
    fake = await startFakeAliyunSms(ALIYUN);
  });
  afterAll(() => fake.close());
  const port = (secret: string) =>
    createAliyunSms(
      smsConfig({
        provider: 'aliyun',
        accessKeyId: ALIYUN.accessKeyId,
        accessKeySecret: secret,
        signName: ALIYUN.signName,
        templateId: ALIYUN.templateCode,
        endpoint: fake.endpoint,
      }),
    );

  it('sends the code with a signature the fake accepts', async () => {
    await port(ALIYUN.accessKeySecret).sendCode(
      { phone: '13800138000', code: '246810', ttlMinutes: 5 },
      quiet,
    );
    expect(fake.sent.at(-1)).toEqual({
      phone: '13800138000',
      signName: '金桥',
      templateCode: 'SMS_100200300',
      params: { code: '246810' },
    });
  });

  it('is refused with SignatureDoesNotMatch when the secret is wrong', async () => {
    const sending = port('wrong-secret').sendCode(
      { phone: '13800138000', code: '111111', ttlMinutes: 5 },
      quiet,
    );
    await expect(sending).rejects.toBeInstanceOf(SmsError);
    await expect(sending).rejects.toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
  });
});

describe('Tencent Cloud SMS adapter against the fake', () => {
  let fake: FakeTencentSms;
  beforeAll(async () => {
    fake = await startFakeTencentSms(TENCENT);
  });
  afterAll(() => fake.close());
  const port = (secret: string, secretId = TENCENT.secretId) =>
    createTencentSms(
      smsConfig({
        provider: 'tencent',
        accessKeyId: secretId,
        accessKeySecret: secret,
        sdkAppId: TENCENT.sdkAppId,
        signName: TENCENT.signName,
        templateId: TENCENT.templateId,
        endpoint: fake.endpoint,
      }),
    );

  it('sends the code with a signature the fake accepts', async () => {
    await port(TENCENT.secretKey).sendCode({ phone: '13800138000', code: '135790', ttlMinutes: 5 }, quiet);
    expect(fake.sent.at(-1)).toEqual({
      phone: '13800138000',
      params: ['135790'],
      signName: '金桥',
      templateId: '1234567',
    });
  });

  it('is refused with AuthFailure.SignatureFailure when the secret is wrong, and for an unknown SecretId', async () => {
    const wrong = port('wrong-key').sendCode({ phone: '13800138000', code: '111111', ttlMinutes: 5 }, quiet);
    await expect(wrong).rejects.toMatchObject({ providerCode: 'AuthFailure.SignatureFailure' });
    const unknown = port(TENCENT.secretKey, 'AKID-nobody').sendCode(
      { phone: '13800138000', code: '1', ttlMinutes: 5 },
      quiet,
    );
    await expect(unknown).rejects.toMatchObject({ providerCode: 'AuthFailure.SecretIdNotFound' });
  });
});

describe('configuration of the SMS provider', () => {
  it('names the missing variables of a provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_ACCESS_KEY_ID.*SMS_TEMPLATE_ID/);
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'tencent',
        SMS_ACCESS_KEY_ID: 'a',
        SMS_ACCESS_KEY_SECRET: 'b',
        SMS_SIGN_NAME: 'c',
        SMS_TEMPLATE_ID: 'd',
      }),
    ).toThrow(/SMS_SDK_APP_ID/);
    expect(loadConfig({}).sms.provider).toBe('outbox');
  });
});

for (const provider of ['aliyun', 'tencent'] as const) {
  describe(`SendVCode through ${provider}`, () => {
    let aliyun: FakeAliyunSms | undefined;
    let tencent: FakeTencentSms | undefined;
    let good: TestApp;
    let bad: TestApp;
    const sent = () => (aliyun ?? tencent)!.sent;
    const codeOf = (s: ReturnType<typeof sent>[number]) =>
      'params' in s && Array.isArray(s.params) ? s.params[0] : (s.params as Record<string, string>).code;

    beforeAll(async () => {
      const env = (secret: string): Record<string, string> => {
        if (provider === 'aliyun') {
          return {
            SMS_PROVIDER: 'aliyun',
            SMS_ACCESS_KEY_ID: ALIYUN.accessKeyId,
            SMS_ACCESS_KEY_SECRET: secret,
            SMS_SIGN_NAME: ALIYUN.signName,
            SMS_TEMPLATE_ID: ALIYUN.templateCode,
            SMS_ENDPOINT: aliyun!.endpoint,
          };
        }
        return {
          SMS_PROVIDER: 'tencent',
          SMS_ACCESS_KEY_ID: TENCENT.secretId,
          SMS_ACCESS_KEY_SECRET: secret,
          SMS_SDK_APP_ID: TENCENT.sdkAppId,
          SMS_SIGN_NAME: TENCENT.signName,
          SMS_TEMPLATE_ID: TENCENT.templateId,
          SMS_ENDPOINT: tencent!.endpoint,
        };
      };
      if (provider === 'aliyun') aliyun = await startFakeAliyunSms(ALIYUN);
      else tencent = await startFakeTencentSms(TENCENT);
      const secret = provider === 'aliyun' ? ALIYUN.accessKeySecret : TENCENT.secretKey;
      good = await createTestApp({ env: env(secret) });
      bad = await createTestApp({ env: env('wrong-secret') });
    });
    afterAll(async () => {
      await good.close();
      await bad.close();
      await (aliyun ?? tencent)!.close();
    });

    it('delivers the code through the provider and signs in with it; health names the provider', async () => {
      const phone = newPhone();
      const res = await good.app.inject({
        method: 'POST',
        url: '/api/auth/SendVCode',
        payload: { Phone: phone },
      });
      expect(res.json()).toMatchObject({ code: Code.OK, msg: '验证码已发送，请注意查收' });
      const delivered = sent().filter((s) => s.phone === phone);
      expect(delivered).toHaveLength(1);
      const login = await good.app.inject({
        method: 'POST',
        url: '/api/auth/PhoneLogin',
        payload: { phone, vcode: codeOf(delivered[0]!) },
      });
      expect(login.json().code).toBe(Code.OK);
      const health = await good.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().data.engines.sms).toBe(provider);
    });

    it('answers 请求错误，请稍后再试 when the provider refuses, and lets the user retry at once', async () => {
      const phone = newPhone();
      const send = () =>
        bad.app.inject({ method: 'POST', url: '/api/auth/SendVCode', payload: { Phone: phone } });
      const first = await send();
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ code: Code.UNAVAILABLE, msg: '请求错误，请稍后再试' });
      // The failed send gave its 60 s wait back: the retry reaches the provider again.
      expect((await send()).statusCode).toBe(503);
    });
  });
}
