/**
 * Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11) signed with
 * TC3-HMAC-SHA256 per Tencent Cloud's public documentation: a canonical request over
 * content-type and host, a string to sign with the UTC date scope `date/sms/tc3_request`,
 * and a key derived as HMAC chains from "TC3" + SecretKey. The template has one
 * parameter, the code.
 */
import { createHash, createHmac } from 'node:crypto';
import type { SmsConfig } from '../../config.js';
import { postJson, SmsError, type SmsPort } from './index.js';

export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com/';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  /** Unix seconds. */
  timestamp: number;
}

export function tc3Signature(input: Omit<Tc3Input, 'secretId'>): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${input.contentType}\nhost:${input.host}\n`,
    'content-type;host',
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  return createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
}

export function tc3Authorization(input: Tc3Input): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signature = tc3Signature(input);
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${date}/${input.service}/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`;
}

interface TencentAnswer {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: { Code: string; Message: string; SerialNo?: string }[];
    RequestId?: string;
  };
}

export function createTencentSms(config: SmsConfig): SmsPort {
  const endpoint = config.endpoint ?? TENCENT_SMS_ENDPOINT;
  const host = new URL(endpoint).host;
  return {
    engine: 'tencent',
    async sendCode({ phone, code }, log) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: [code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const authorization = tc3Authorization({
        secretId: config.accessKeyId,
        secretKey: config.accessKeySecret,
        service: 'sms',
        host,
        contentType: CONTENT_TYPE,
        payload,
        timestamp,
      });
      const { status, json } = await postJson(endpoint, {
        headers: {
          authorization,
          // fetch sends the same Host as the one signed: the endpoint's.
          'content-type': CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': config.region ?? 'ap-guangzhou',
        },
        body: payload,
      });
      const answer = (json as TencentAnswer).Response;
      const error = answer?.Error;
      const sent = answer?.SendStatusSet?.[0];
      if (error || !sent || sent.Code !== 'Ok') {
        log.warn({ event: 'sms.failed', provider: 'tencent', status, answer }, 'tencent sms refused');
        throw new SmsError(
          error?.Code ?? sent?.Code ?? `HTTP_${status}`,
          error?.Message ?? sent?.Message ?? '腾讯云短信发送失败',
        );
      }
      log.info({ event: 'sms.sent', provider: 'tencent', serialNo: sent.SerialNo }, 'sms sent');
    },
  };
}
