/** The power page's records: the user's own credit ledger, newest first, with what each entry bought. */
import type { PowerRecord } from '@jq/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { type LedgerKind, ledgerEntries } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  recharge: '充值',
  spend: '消费',
  refund: '退款',
  grant: '赠送',
  adjust: '调整',
  income: '创作收益',
};

export async function listPowerRecords(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; type: 'all' | 'spend' | 'recharge' },
) {
  const filters: SQL[] = [eq(ledgerEntries.userId, userId), eq(ledgerEntries.currency, 'credit')];
  if (query.type !== 'all') filters.push(eq(ledgerEntries.kind, query.type));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  const list: PowerRecord[] = rows.map((row) => ({
    id: row.id,
    power: row.amount,
    kind: row.kind,
    kindLabel: LEDGER_KIND_LABELS[row.kind],
    description: row.description,
    reference: row.reference,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
  }));
  return { list, total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}
