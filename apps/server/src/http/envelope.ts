/** The `{code,msg,data}` envelope of every non-streamed answer. */
import { Code, codeMessages, envelope } from '@jq/contract';
import type { z } from 'zod';

export function ok<T>(data: T, msg: string = codeMessages[Code.OK]) {
  return { code: Code.OK, msg, data };
}

/** Response schema map for a route answering `data` on success and the envelope on errors. */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}

/** The OpenAPI/validation schema of a JSON POST row: its tags, summary, body and `data`. */
export function postSchema<B extends z.ZodType, R extends z.ZodType>(
  tags: string[],
  summary: string,
  body: B,
  data: R,
) {
  return { tags, summary, body, response: okResponse(data) };
}
