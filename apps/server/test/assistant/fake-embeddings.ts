/**
 * A scripted OpenAI-compatible embeddings server on 127.0.0.1 for retrieval tests: it speaks
 * `POST /v1/embeddings` (Bearer key, `input` a string or a list, `data[].index`, `usage`,
 * OpenAI error bodies) and records every request. Its vectors are deterministic and carry
 * meaning the way a real model's do, in miniature: each jieba token adds weight to one of 64
 * dimensions, picked by hashing the token — or its synonym group's name, so 套现 and 退出 land
 * on the same dimension while sharing no characters.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenize } from '../../src/lib/text.js';

export const DIMS = 64;

/** Words a real model would put close together, grouped. */
const SYNONYMS: Record<string, string[]> = {
  exit: ['退出', '套现', '离场', '变现'],
  valuation: ['估值', '定价'],
};
const GROUP = new Map(Object.entries(SYNONYMS).flatMap(([group, words]) => words.map((w) => [w, group])));

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) % DIMS;
}

export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(DIMS).fill(0);
  for (const token of tokenize(text)) {
    if (Array.from(token).length < 2) continue;
    const group = GROUP.get(token);
    vector[hash(group ? `group:${group}` : token)]! += group ? 4 : 1;
  }
  // Never the zero vector (a model always answers something).
  vector[DIMS - 1]! += 0.01;
  return vector;
}

export interface FakeEmbeddings {
  url: string;
  /** The inputs of every request, in order. */
  requests: string[][];
  /** The next `count` requests fail with `status` (an OpenAI error body). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export async function startFakeEmbeddings(options: { apiKey: string }): Promise<FakeEmbeddings> {
  const requests: string[][] = [];
  let failures: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string) =>
        send(status, { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error' } });
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) return error(401, 'Incorrect API key');
      if (req.method !== 'POST' || req.url !== '/v1/embeddings')
        return error(404, `Invalid URL (${req.url})`);
      let body: { input?: unknown; model?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return error(400, 'We could not parse the JSON body of your request.');
      }
      const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input ?? '')];
      requests.push(input);
      const failure = failures.shift();
      if (failure) return error(failure, 'fake: scripted failure');
      const tokens = input.reduce((sum, text) => sum + text.length, 0);
      send(200, {
        object: 'list',
        // Out of order, as the API allows: clients must use `index`.
        data: input
          .map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) }))
          .reverse(),
        model: body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(count, status = 500) {
      failures = Array.from({ length: count }, () => status);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
