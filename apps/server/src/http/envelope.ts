/** The `{code,msg,data}` envelope of every non-streamed answer. */
import { Code, codeMessages } from '@jq/contract';

export function ok<T>(data: T, msg: string = codeMessages[Code.OK]) {
  return { code: Code.OK, msg, data };
}
