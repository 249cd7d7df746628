/**
 * A small S3-compatible server for tests, on 127.0.0.1 and a random port: path-style
 * HeadBucket, PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2 over real
 * HTTP, every request's SigV4 signature checked with the secret the test gives it, whether
 * in the Authorization header or in the query of a presigned URL (what a browser PUTs to).
 *
 * Why not s3rver (installed): 3.7 does not check SigV4 signatures at all (any secret passes),
 * and its ListObjectsV2 continuation tokens use DES, which OpenSSL 3 in Node 20 refuses, so
 * the second page of a listing fails with 500.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

export interface FakeS3Options {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  buckets: string[];
  /** Most keys one ListObjectsV2 page holds, so a test can make the client page. */
  maxPageSize?: number;
}

export interface FakeS3Server {
  endpoint: string;
  /** Requests that passed the signature check. */
  signedRequests: number;
  close(): Promise<void>;
}

interface Entry {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const toBytes = (data: SourceData) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** node:crypto behind the hash interface the signer expects (HMAC when given a secret). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(toBytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const AUTH_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3Server> {
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, Entry>()]));
  const signer = new SignatureV4({
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    region: options.region,
    service: 's3',
    sha256: NodeSha256,
    // S3 signs the path as sent; it does not encode it a second time.
    uriEscapePath: false,
    applyChecksum: true,
  });
  const state = { signedRequests: 0 };

  /** A presigned URL: the SigV4 query-string form, recomputed by hand from the spec. */
  function verifyPresigned(req: http.IncomingMessage, rawPath: string, url: URL): void {
    const q = url.searchParams;
    const credential = (q.get('X-Amz-Credential') ?? '').split('/');
    const [accessKeyId, day, region, service] = credential;
    if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || credential.length !== 5) {
      throw new S3Failure(403, 'AccessDenied', 'Malformed presigned URL');
    }
    if (accessKeyId !== options.accessKeyId) {
      throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist');
    }
    const amzDate = q.get('X-Amz-Date') ?? '';
    const signedAt = parseAmzDate(amzDate);
    const expires = Number(q.get('X-Amz-Expires'));
    if (!signedAt || !Number.isInteger(expires) || signedAt.getTime() + expires * 1000 < Date.now()) {
      throw new S3Failure(403, 'AccessDenied', 'Request has expired');
    }
    const encode = (text: string) =>
      encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const canonicalQuery = [...q.entries()]
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [encode(name), encode(value)] as const)
      .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const signedNames = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
    const canonicalHeaders = signedNames
      .map((name) => `${name}:${(header(req, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
      .join('');
    const payloadHash = q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const canonical = [
      req.method,
      rawPath,
      canonicalQuery,
      canonicalHeaders,
      signedNames.join(';'),
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/${service}/aws4_request`;
    const toSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      scope,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
    let key = hmac(`AWS4${options.secretAccessKey}`, day!);
    for (const part of [region!, service!, 'aws4_request']) key = hmac(key, part);
    const computed = createHmac('sha256', key).update(toSign).digest('hex');
    const given = q.get('X-Amz-Signature') ?? '';
    if (computed.length !== given.length || !timingSafeEqual(Buffer.from(computed), Buffer.from(given))) {
      throw new S3Failure(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
    }
  }

  async function verify(req: http.IncomingMessage, rawPath: string, url: URL, body: Buffer): Promise<void> {
    if (url.searchParams.has('X-Amz-Signature')) return verifyPresigned(req, rawPath, url);
    const match = AUTH_PATTERN.exec(header(req, 'authorization') ?? '');
    if (!match) throw new S3Failure(403, 'AccessDenied', 'Missing or malformed SigV4 authorization');
    const [, accessKeyId, , region, service, signedNames, signature] = match as unknown as string[];
    if (accessKeyId !== options.accessKeyId) {
      throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist');
    }
    if (region !== options.region || service !== 's3') {
      throw new S3Failure(
        400,
        'AuthorizationHeaderMalformed',
        `the region '${region}' is wrong; expecting '${options.region}'`,
      );
    }
    const signingDate = parseAmzDate(header(req, 'x-amz-date') ?? '');
    if (!signingDate) throw new S3Failure(403, 'AccessDenied', 'Missing x-amz-date');
    const payloadHash = header(req, 'x-amz-content-sha256');
    if (payloadHash === undefined) throw new S3Failure(400, 'InvalidRequest', 'Missing x-amz-content-sha256');
    if (/^[0-9a-f]{64}$/.test(payloadHash)) {
      if (createHash('sha256').update(body).digest('hex') !== payloadHash) {
        throw new S3Failure(
          400,
          'XAmzContentSHA256Mismatch',
          'The provided x-amz-content-sha256 does not match',
        );
      }
    } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      throw new S3Failure(501, 'NotImplemented', `This fake does not take ${payloadHash} bodies`);
    }

    const names = signedNames!.split(';');
    const headers: Record<string, string> = {};
    for (const name of names) {
      const value = header(req, name);
      if (value === undefined)
        throw new S3Failure(403, 'SignatureDoesNotMatch', `Signed header ${name} is missing`);
      headers[name] = value;
    }
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of url.searchParams) {
      const previous = query[name];
      query[name] = previous === undefined ? value : [...[previous].flat(), value];
    }
    const expected = await signer.sign(
      {
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname: url.hostname,
        path: rawPath,
        query,
        headers,
        body,
      },
      { signingDate, signableHeaders: new Set(names) },
    );
    const computed = /Signature=([0-9a-f]{64})/.exec(String(expected.headers.authorization))?.[1] ?? '';
    if (
      computed.length !== signature!.length ||
      !timingSafeEqual(Buffer.from(computed), Buffer.from(signature!))
    ) {
      throw new S3Failure(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      );
    }
  }

  function listObjects(name: string, objects: Map<string, Entry>, url: URL, res: http.ServerResponse): void {
    const prefix = url.searchParams.get('prefix') ?? '';
    const token = url.searchParams.get('continuation-token');
    const after = token
      ? Buffer.from(token, 'base64url').toString('utf8')
      : (url.searchParams.get('start-after') ?? '');
    const asked = Number(url.searchParams.get('max-keys') ?? 1000);
    const pageSize = Math.min(asked, options.maxPageSize ?? 1000);
    const keys = [...objects.keys()]
      .filter(
        (key) =>
          key.startsWith(prefix) && (!after || Buffer.compare(Buffer.from(key), Buffer.from(after)) > 0),
      )
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = keys.slice(0, pageSize);
    const isTruncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const entry = objects.get(key)!;
        return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${entry.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(entry.etag)}</ETag><Size>${entry.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = isTruncated
      ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
      : '';
    const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(name)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${asked}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
    res.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
  }

  function objectHeaders(entry: Entry): http.OutgoingHttpHeaders {
    return {
      'content-type': entry.contentType,
      'content-length': entry.body.length,
      etag: entry.etag,
      'last-modified': entry.lastModified.toUTCString(),
    };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const rawPath = (req.url ?? '/').split('?')[0]!;
    const url = new URL(req.url ?? '/', `http://${header(req, 'host') ?? '127.0.0.1'}`);
    await verify(req, rawPath, url, body);
    state.signedRequests += 1;

    const [bucketName = '', ...rest] = rawPath.slice(1).split('/');
    const objects = buckets.get(decodeURIComponent(bucketName));
    if (!objects) throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    const method = req.method ?? 'GET';

    if (!key) {
      if (method === 'HEAD') return void res.writeHead(200).end();
      if (method === 'GET' && url.searchParams.get('list-type') === '2')
        return listObjects(bucketName, objects, url, res);
      throw new S3Failure(501, 'NotImplemented', `${method} on a bucket is not implemented here`);
    }
    if (method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      const contentType = header(req, 'content-type') ?? 'binary/octet-stream';
      objects.set(key, { body, contentType, etag, lastModified: new Date() });
      return void res.writeHead(200, { etag }).end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const entry = objects.get(key);
      if (!entry) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, objectHeaders(entry));
      return void res.end(method === 'GET' ? entry.body : undefined);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    throw new S3Failure(501, 'NotImplemented', `${method} is not implemented here`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const failure =
        error instanceof S3Failure
          ? error
          : new S3Failure(500, 'InternalError', String((error as Error).message));
      res.writeHead(failure.status, { 'content-type': 'application/xml' });
      // HEAD answers carry no body; the SDK reads the status alone.
      if (req.method === 'HEAD') return void res.end();
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${failure.code}</Code><Message>${xmlEscape(failure.message)}</Message></Error>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    get signedRequests() {
      return state.signedRequests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
