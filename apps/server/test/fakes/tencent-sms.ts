/**
 * A fake of Tencent Cloud SMS (API 3.0, SendSms 2021-01-11) on 127.0.0.1. It parses the
 * TC3-HMAC-SHA256 Authorization header, recomputes the signature over the request it
 * actually received (its own code, written from Tencent Cloud's documentation), refuses a
 * wrong secret with AuthFailure.SignatureFailure, an unknown SecretId, a stale timestamp,
 * and keeps what it "sent".
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTencentSms {
  endpoint: string;
  sent: { phone: string; params: string[]; signName: string; templateId: string }[];
  close(): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const mac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export async function startFakeTencentSms(options: {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
}): Promise<FakeTencentSms> {
  const sent: FakeTencentSms['sent'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const requestId = randomUUID();
      const fail = (Code: string, Message: string) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { Error: { Code, Message }, RequestId: requestId } }));
      };
      const auth =
        /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
          req.headers.authorization ?? '',
        );
      if (!auth) return fail('AuthFailure.InvalidAuthorization', 'Authorization header is malformed.');
      const [, secretId, date, service, signedHeaders, signature] = auth;
      if (secretId !== options.secretId)
        return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
      const timestamp = Number(req.headers['x-tc-timestamp']);
      if (!(Math.abs(timestamp - Date.now() / 1000) < 300))
        return fail('AuthFailure.SignatureExpire', 'Signature expired.');
      if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== 'sms') {
        return fail('AuthFailure.SignatureFailure', 'Credential scope is wrong.');
      }
      const headerNames = signedHeaders!.split(';');
      const canonicalHeaders = headerNames
        .map(
          (h) =>
            `${h}:${String(req.headers[h] ?? '')
              .trim()
              .toLowerCase()}\n`,
        )
        .join('');
      const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(raw)].join('\n');
      const stringToSign = [
        'TC3-HMAC-SHA256',
        String(timestamp),
        `${date}/${service}/tc3_request`,
        sha256(canonicalRequest),
      ].join('\n');
      const key = mac(mac(mac(`TC3${options.secretKey}`, date!), service!), 'tc3_request');
      if (createHmac('sha256', key).update(stringToSign).digest('hex') !== signature) {
        return fail(
          'AuthFailure.SignatureFailure',
          'The provided credentials could not be validated. Please check your signature is correct.',
        );
      }
      if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
        return fail('InvalidAction', 'The action or version is not valid.');
      }
      const body = JSON.parse(raw) as {
        PhoneNumberSet: string[];
        SmsSdkAppId: string;
        SignName: string;
        TemplateId: string;
        TemplateParamSet: string[];
      };
      if (body.SmsSdkAppId !== options.sdkAppId)
        return fail('FailedOperation.SmsSdkAppIdVerifyFail', 'SdkAppId 校验失败');
      if (body.SignName !== options.signName)
        return fail('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误');
      if (body.TemplateId !== options.templateId)
        return fail('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或不存在');
      const statuses = body.PhoneNumberSet.map((number) => {
        const ok = /^\+861\d{10}$/.test(number);
        if (ok) {
          sent.push({
            phone: number.slice(3),
            params: body.TemplateParamSet,
            signName: body.SignName,
            templateId: body.TemplateId,
          });
        }
        return {
          SerialNo: ok ? randomUUID() : '',
          PhoneNumber: number,
          Fee: ok ? 1 : 0,
          SessionContext: '',
          Code: ok ? 'Ok' : 'InvalidParameterValue.IncorrectPhoneNumber',
          Message: ok ? 'send success' : '手机号格式错误',
          IsoCode: 'CN',
        };
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Response: { SendStatusSet: statuses, RequestId: requestId } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/`,
    sent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
