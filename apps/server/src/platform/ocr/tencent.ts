/**
 * Tencent Cloud OCR engine: BusinessCardOCR (API 3.0, version 2018-11-19), each request
 * signed with TC3-HMAC-SHA256 as Tencent's signing documentation describes. The fields the
 * service returns become labelled lines ("手机：138…"), so one extractor reads both engines.
 */
import { createHash, createHmac } from 'node:crypto';
import { Code } from '@jq/contract';
import { AppError } from '../../errors.js';
import type { OcrLine, OcrPort } from './index.js';

export interface TencentOcrConfig {
  secretId: string;
  secretKey: string;
  region: string;
  /** https://ocr.tencentcloudapi.com by default; a local fake in tests. */
  endpoint: string;
  timeoutMs?: number;
}

const SERVICE = 'ocr';
const ACTION = 'BusinessCardOCR';
const VERSION = '2018-11-19';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** Seconds since the epoch; also fixes the credential date (UTC). */
  timestamp: number;
  payload: string;
  contentType?: string;
}

/** The Authorization header of a POST / request (signed headers: content-type and host). */
export function signTc3(input: Tc3Input): { authorization: string; signature: string } {
  const contentType = input.contentType ?? CONTENT_TYPE;
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType.toLowerCase()}\nhost:${input.host.toLowerCase()}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretSigning = hmac(hmac(secretDate, input.service), 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  return {
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

interface CardItem {
  Name?: string;
  Value?: string;
  ItemCoord?: { X?: number; Y?: number; Width?: number; Height?: number };
}
interface CardResponse {
  Response?: {
    BusinessCardInfos?: CardItem[];
    Error?: { Code?: string; Message?: string };
    RequestId?: string;
  };
}

/** Items whose label the extractor understands keep it; the rest are read as plain lines. */
const LABELLED = new Set(['姓名', '公司', '职位', '部门', '手机', '电话', '邮箱', '地址', '传真', '网址']);

export function cardItemsToLines(items: CardItem[]): OcrLine[] {
  return items
    .filter((item) => typeof item.Value === 'string' && item.Value.trim())
    .map((item) => {
      const value = item.Value!.trim();
      const label = item.Name ?? '';
      const c = item.ItemCoord;
      const box =
        c && [c.X, c.Y, c.Width, c.Height].every((n) => typeof n === 'number')
          ? [
              [c.X!, c.Y!],
              [c.X! + c.Width!, c.Y!],
              [c.X! + c.Width!, c.Y! + c.Height!],
              [c.X!, c.Y! + c.Height!],
            ]
          : undefined;
      // The service scores nothing per field; it returns only fields it accepted.
      return { text: LABELLED.has(label) ? `${label}：${value}` : value, confidence: 1, box };
    });
}

export function createTencentOcr(config: TencentOcrConfig): OcrPort {
  const url = new URL(config.endpoint);
  const unavailable = (cause?: unknown) =>
    new AppError(Code.UNAVAILABLE, '文字识别服务暂不可用，请稍后再试', { cause });

  return {
    engine: 'tencent',
    async recognise(image) {
      const payload = JSON.stringify({ ImageBase64: image.toString('base64') });
      const timestamp = Math.floor(Date.now() / 1000);
      const { authorization } = signTc3({
        secretId: config.secretId,
        secretKey: config.secretKey,
        service: SERVICE,
        host: url.host,
        timestamp,
        payload,
      });
      let body: CardResponse;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': CONTENT_TYPE,
            'x-tc-action': ACTION,
            'x-tc-version': VERSION,
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': config.region,
          },
          body: payload,
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
        body = (await response.json()) as CardResponse;
      } catch (error) {
        throw unavailable(error);
      }
      const error = body.Response?.Error;
      if (error) {
        // An image the service cannot read is the user's to fix; anything else is ours.
        if (error.Code?.startsWith('FailedOperation') || error.Code?.startsWith('InvalidParameterValue')) {
          return { lines: [] };
        }
        throw unavailable(new Error(`${error.Code}: ${error.Message}`));
      }
      return { lines: cardItemsToLines(body.Response?.BusinessCardInfos ?? []) };
    },
    async close() {},
  };
}
