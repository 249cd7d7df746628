/**
 * Request validation: the row's zod schema, after one rule that holds for every text field
 * of every row — no control characters (NUL included; tab, line feed and carriage return
 * are text). PostgreSQL refuses a NUL in text outright, and the other controls have no
 * place in names, questions or ids; a field holding one is refused with its Chinese name,
 * like any other validation error, before the schema or the handler sees it.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path of the first string (or object key) holding a control character, or null. */
export function findControlCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path : null;
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key.replace(CONTROL, '')];
    const found = findControlCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

const ZOD_ERROR = Symbol.for('ZodFastifySchemaValidationError');

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const path = findControlCharacter(data);
    if (!path) return validate(data);
    return {
      error: [
        {
          [ZOD_ERROR]: true,
          keyword: 'control_character',
          instancePath: `/${path.join('/')}`,
          schemaPath: '#/control_character',
          message: '含有不允许的控制字符',
          params: {},
        },
      ] as never,
    };
  };
};
