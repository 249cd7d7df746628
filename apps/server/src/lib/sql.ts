/**
 * SQL array literals for raw queries: every value is a bound parameter, cast to the
 * array's type, so `= any(...)` and `unnest(...)` work alike on PGlite and PostgreSQL.
 */
import { type SQL, sql } from 'drizzle-orm';

function arrayOf(values: readonly (string | number)[], type: string): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

export const textArray = (values: readonly string[]) => arrayOf(values, 'text');
export const bigintArray = (values: readonly number[]) => arrayOf(values, 'bigint');
export const intArray = (values: readonly number[]) => arrayOf(values, 'int');
export const smallintArray = (values: readonly number[]) => arrayOf(values, 'smallint');
