/**
 * A fake of Aliyun SMS (dysmsapi SendSms, RPC style) on 127.0.0.1. It recomputes the
 * HMAC-SHA1 signature of every request from the secret it was given (its own code,
 * written from Aliyun's documentation, not the adapter's), refuses a wrong one with
 * SignatureDoesNotMatch as Aliyun does, checks the timestamp and nonce, and keeps what it
 * "sent".
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAliyunSms {
  endpoint: string;
  sent: { phone: string; signName: string; templateCode: string; params: Record<string, string> }[];
  close(): Promise<void>;
}

/** RFC 3986 percent-encoding as Aliyun's POP gateway does it. */
function pop(value: string): string {
  return Buffer.from(value, 'utf8').reduce((out, byte) => {
    const c = String.fromCharCode(byte);
    return out + (/[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`);
  }, '');
}

export async function startFakeAliyunSms(options: {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}): Promise<FakeAliyunSms> {
  const sent: FakeAliyunSms['sent'] = [];
  const nonces = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = new URLSearchParams(req.method === 'POST' ? raw : url.search);
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }));
      };
      const p = Object.fromEntries(params);
      if (p.AccessKeyId !== options.accessKeyId) {
        return reply(404, {
          Code: 'InvalidAccessKeyId.NotFound',
          Message: 'Specified access key is not found.',
        });
      }
      const { Signature: signature, ...signed } = p;
      const canonical = Object.keys(signed)
        .sort()
        .map((k) => `${pop(k)}=${pop(signed[k]!)}`)
        .join('&');
      const stringToSign = `${req.method}&%2F&${pop(canonical)}`;
      const expected = createHmac('sha1', `${options.accessKeySecret}&`)
        .update(stringToSign)
        .digest('base64');
      if (signature !== expected) {
        return reply(400, {
          Code: 'SignatureDoesNotMatch',
          Message: `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`,
        });
      }
      if (Math.abs(Date.parse(p.Timestamp ?? '') - Date.now()) > 15 * 60_000) {
        return reply(400, {
          Code: 'InvalidTimeStamp.Expired',
          Message: 'Specified time stamp or date value is expired.',
        });
      }
      if (!p.SignatureNonce || nonces.has(p.SignatureNonce)) {
        return reply(400, {
          Code: 'SignatureNonceUsed',
          Message: 'Specified signature nonce was used already.',
        });
      }
      nonces.add(p.SignatureNonce);
      if (p.Action !== 'SendSms' || p.Version !== '2017-05-25' || p.SignatureMethod !== 'HMAC-SHA1') {
        return reply(400, { Code: 'InvalidParameter', Message: 'The specified parameter is not valid.' });
      }
      if (p.SignName !== options.signName)
        return reply(200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '签名不合法' });
      if (p.TemplateCode !== options.templateCode)
        return reply(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法' });
      if (!/^1\d{10}$/.test(p.PhoneNumbers ?? ''))
        return reply(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '手机号码格式错误' });
      sent.push({
        phone: p.PhoneNumbers!,
        signName: p.SignName!,
        templateCode: p.TemplateCode!,
        params: JSON.parse(p.TemplateParam ?? '{}'),
      });
      return reply(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
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
