/**
 * The one error type of the server. Throw it with a catalogue code; the error handler
 * turns it into the envelope and the HTTP status the catalogue gives.
 */
import { Code, codeMessages, codeStatus, type ResultCode } from '@jq/contract';

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ResultCode;
  readonly status: number;
  readonly data: unknown;

  constructor(code: ResultCode, msg?: string, options?: { data?: unknown; cause?: unknown }) {
    super(msg ?? codeMessages[code], { cause: options?.cause });
    this.code = code;
    this.status = codeStatus[code];
    this.data = options?.data ?? null;
  }
}

export const badRequest = (msg?: string) => new AppError(Code.BAD_REQUEST, msg);
export const forbidden = (msg?: string) => new AppError(Code.FORBIDDEN, msg);
export const notFound = (msg?: string) => new AppError(Code.NOT_FOUND, msg);
export const notEnabled = (msg?: string) => new AppError(Code.NOT_ENABLED, msg);
