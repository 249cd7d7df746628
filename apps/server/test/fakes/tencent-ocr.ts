/**
 * A Tencent Cloud OCR endpoint for tests, on 127.0.0.1 and a random port: API 3.0
 * BusinessCardOCR (version 2018-11-19) over real HTTP. Every request's TC3-HMAC-SHA256
 * signature is recomputed here from the secret the test gives and the headers actually
 * received; failures answer as Tencent does (HTTP 200, `Response.Error`).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCardItem {
  Name: string;
  Value: string;
  ItemCoord?: { X: number; Y: number; Width: number; Height: number };
}

export interface FakeTencentOcrOptions {
  secretId: string;
  secretKey: string;
  /** The card the next requests read; change it between tests. */
  card?: FakeCardItem[];
}

export interface FakeTencentOcr {
  endpoint: string;
  /** Requests whose signature checked out. */
  signedRequests: number;
  /** Error codes answered, in order. */
  errors: string[];
  card: FakeCardItem[];
  close(): Promise<void>;
}

const AUTH =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/;

const hex = (data: string) => createHash('sha256').update(data).digest('hex');
const mac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

class TencentFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function isImage(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const png = bytes.subarray(0, 4).toString('latin1') === '\x89PNG';
  return jpeg || png;
}

export async function startFakeTencentOcr(options: FakeTencentOcrOptions): Promise<FakeTencentOcr> {
  const state: FakeTencentOcr = {
    endpoint: '',
    signedRequests: 0,
    errors: [],
    card: options.card ?? [],
    close: async () => {},
  };

  function check(req: http.IncomingMessage, body: string): FakeCardItem[] {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (req.method !== 'POST' || req.url !== '/') throw new TencentFailure('InvalidAction', 'POST / only');
    if (header('x-tc-action') !== 'BusinessCardOCR')
      throw new TencentFailure('InvalidAction', 'unknown action');
    if (header('x-tc-version') !== '2018-11-19') throw new TencentFailure('InvalidParameter', 'bad version');
    if (!header('x-tc-region')) throw new TencentFailure('MissingParameter', 'X-TC-Region');
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      throw new TencentFailure('AuthFailure.SignatureExpire', 'signature expired');
    }
    const auth = AUTH.exec(header('authorization') ?? '');
    if (!auth) throw new TencentFailure('AuthFailure.InvalidAuthorization', 'malformed Authorization');
    const [, secretId, date, service, signedHeaders, signature] = auth as unknown as string[];
    if (secretId !== options.secretId)
      throw new TencentFailure('AuthFailure.SecretIdNotFound', 'unknown key');
    if (service !== 'ocr' || date !== new Date(timestamp * 1000).toISOString().slice(0, 10)) {
      throw new TencentFailure('AuthFailure.SignatureFailure', 'bad credential scope');
    }
    const names = signedHeaders!.split(';');
    if (!names.includes('content-type') || !names.includes('host')) {
      throw new TencentFailure('AuthFailure.SignatureFailure', 'content-type and host must be signed');
    }
    const canonicalHeaders = names
      .map((name) => `${name}:${(header(name) ?? '').trim().toLowerCase()}\n`)
      .join('');
    const canonical = ['POST', '/', '', canonicalHeaders, signedHeaders, hex(body)].join('\n');
    const toSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/ocr/tc3_request`, hex(canonical)].join(
      '\n',
    );
    const key = mac(mac(mac(`TC3${options.secretKey}`, date!), 'ocr'), 'tc3_request');
    const expected = createHmac('sha256', key).update(toSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
      throw new TencentFailure('AuthFailure.SignatureFailure', 'signature mismatch');
    }
    state.signedRequests += 1;
    let parsed: { ImageBase64?: unknown; ImageUrl?: unknown };
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new TencentFailure('InvalidParameter', 'body is not JSON');
    }
    if (typeof parsed.ImageBase64 !== 'string')
      throw new TencentFailure('InvalidParameter', 'ImageBase64 missing');
    if (!isImage(Buffer.from(parsed.ImageBase64, 'base64'))) {
      throw new TencentFailure('FailedOperation.ImageDecodeFailed', 'image decode failed');
    }
    if (state.card.length === 0) throw new TencentFailure('FailedOperation.OcrFailed', 'nothing recognised');
    return state.card;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestId = randomUUID();
      let payload: object;
      try {
        const items = check(req, Buffer.concat(chunks).toString('utf8'));
        payload = {
          Response: { BusinessCardInfos: items, ResultImageBase64: '', Angle: 0, RequestId: requestId },
        };
      } catch (error) {
        const failure =
          error instanceof TencentFailure ? error : new TencentFailure('InternalError', String(error));
        state.errors.push(failure.code);
        payload = {
          Response: { Error: { Code: failure.code, Message: failure.message }, RequestId: requestId },
        };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.endpoint = `http://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
