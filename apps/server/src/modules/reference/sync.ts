/**
 * Copies the reference data in code into the `industries` and `regions` tables, at every
 * start, so a deploy that refines a synonym reaches the database without a migration.
 */
import { sql } from 'drizzle-orm';
import { industries, regions } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { industryRows } from './industries.js';
import { regionRows } from './regions.js';

/** Upserts every industry and region row; rows no longer in code are left alone (data may point at them). */
export async function syncReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(industries)
      .values(industryRows())
      .onConflictDoUpdate({
        target: industries.id,
        set: {
          parentId: sql`excluded.parent_id`,
          name: sql`excluded.name`,
          synonyms: sql`excluded.synonyms`,
          adjacent: sql`excluded.adjacent`,
          sort: sql`excluded.sort`,
        },
      });
    await tx
      .insert(regions)
      .values(regionRows())
      .onConflictDoUpdate({
        target: regions.code,
        set: {
          parentCode: sql`excluded.parent_code`,
          name: sql`excluded.name`,
          shortName: sql`excluded.short_name`,
        },
      });
  });
}
