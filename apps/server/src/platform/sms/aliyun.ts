/**
 * Aliyun SMS (dysmsapi, SendSms, version 2017-05-25) with the RPC-style signature of
 * Aliyun's public documentation: HMAC-SHA1 with key `AccessKeySecret&` over
 * `POST&%2F&percentEncode(canonicalised query)`, parameters sorted by name and
 * percent-encoded per RFC 3986. The template must have one variable named `code`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { SmsConfig } from '../../config.js';
import { postJson, SmsError, type SmsPort } from './index.js';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** RFC 3986 encoding: encodeURIComponent leaves !'()* alone, Aliyun does not. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key]!)}`)
    .join('&');
}

export function signAliyunRpc(method: string, params: Record<string, string>, secret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export function createAliyunSms(config: SmsConfig): SmsPort {
  const endpoint = config.endpoint ?? ALIYUN_SMS_ENDPOINT;
  return {
    engine: 'aliyun',
    async sendCode({ phone, code }, log) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: config.region ?? 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateId,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const signature = signAliyunRpc('POST', params, config.accessKeySecret);
      const body = `Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
      const { status, json } = await postJson(endpoint, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const answer = json as { Code?: string; Message?: string; BizId?: string; RequestId?: string };
      if (answer.Code !== 'OK') {
        log.warn({ event: 'sms.failed', provider: 'aliyun', status, answer }, 'aliyun sms refused');
        throw new SmsError(answer.Code ?? `HTTP_${status}`, answer.Message ?? '阿里云短信发送失败');
      }
      log.info({ event: 'sms.sent', provider: 'aliyun', bizId: answer.BizId }, 'sms sent');
    },
  };
}
