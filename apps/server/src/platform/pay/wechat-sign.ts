/**
 * WeChat Pay APIv3 cryptography, per its public documentation: request signatures
 * (SHA256-RSA2048 over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n` with the merchant private key),
 * response and notification verification (over `TIMESTAMP\nNONCE\nBODY\n` with the WeChat
 * Pay public key or platform certificate), AEAD_AES_256_GCM decryption of notification
 * resources with the APIv3 key, and the JSAPI paySign.
 */
import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A PEM given inline, or the path of a file holding it. */
function readPem(value: string): string {
  const text = value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
  // Deployment tools often keep PEMs on one line with literal \n.
  return text.replaceAll('\\n', '\n');
}

export function loadPrivateKey(value: string): KeyObject {
  return createPrivateKey(readPem(value));
}

/** The WeChat Pay public key (微信支付公钥), or the public key of a platform certificate. */
export function loadPublicKey(value: string): KeyObject {
  const pem = readPem(value);
  return pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
}

export function nonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

export function rsaSign(message: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

export function rsaVerify(message: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export interface Merchant {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header of one request; `url` is the path with its query. */
export function authorization(
  merchant: Merchant,
  method: string,
  url: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  nonceStr = nonce(),
): string {
  const signature = rsaSign(`${method}\n${url}\n${timestamp}\n${nonceStr}\n${body}\n`, merchant.privateKey);
  return (
    'WECHATPAY2-SHA256-RSA2048 ' +
    `mchid="${merchant.mchid}",nonce_str="${nonceStr}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${merchant.serialNo}"`
  );
}

/** Checks the Wechatpay-Signature of a response or notification. */
export function verifyWechatSignature(
  parts: { timestamp: string; nonce: string; signature: string; body: string },
  key: KeyObject,
): boolean {
  if (!parts.signature || !parts.nonce) return false;
  return rsaVerify(`${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`, parts.signature, key);
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** AEAD_AES_256_GCM: base64 ciphertext with the 16-byte tag at its end. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`不支持的加密算法 ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('密文过短');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** JSAPI payment parameters for WeixinJSBridge, signed over `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function jsapiPayParams(appId: string, prepayId: string, privateKey: KeyObject) {
  const timeStamp = String(Math.floor(Date.now() / 1000));
  const nonceStr = nonce();
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA' as const,
    paySign: rsaSign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, privateKey),
  };
}

/** RFC 3339 in Beijing time, as WeChat Pay writes and expects times (2026-01-02T10:34:56+08:00). */
export function beijingTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000).toISOString();
  return `${shifted.slice(0, 19)}+08:00`;
}
