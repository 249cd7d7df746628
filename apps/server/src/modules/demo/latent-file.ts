/**
 * The investors' latent preferences as a JSON file for the matching evaluation
 * (DATA_DIR/demo/latent-preferences.json). It holds the truth the rounds were drawn from, so it
 * never goes into the database where the engine could read it. Format: docs/demo-data.md.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXPLORE, FIT_PARAMETERS } from './generate-rounds.js';
import type { IdOffsets } from './insert-dataset.js';
import type { DemoDataset, LatentPreference } from './types.js';

export const LATENT_FORMAT = 'jq-demo-latent/1';

export function latentFilePath(dataDir: string): string {
  return path.join(dataDir, 'demo', 'latent-preferences.json');
}

export function buildLatentDocument(data: DemoDataset, off: IdOffsets, scale: string) {
  const activity = new Map<number, number>();
  for (const i of data.investors)
    activity.set(i.institutionId, (activity.get(i.institutionId) ?? 0) + i.latent.activity);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    format: LATENT_FORMAT,
    seed: data.seed,
    scale,
    now: data.now,
    counts: data.counts,
    sampling: { explore: EXPLORE, ...FIT_PARAMETERS },
    investors: data.investors.map((i) => ({
      investorId: i.id + off.investors,
      externalId: i.externalId,
      institutionId: i.institutionId + off.institutions,
      ...i.latent,
    })),
    institutions: data.institutions.map((o) => ({
      institutionId: o.id + off.institutions,
      externalId: o.externalId,
      type: o.type,
      ...o.latent,
      activity: round2(activity.get(o.id) ?? 0),
    })) satisfies ({ institutionId: number } & LatentPreference & Record<string, unknown>)[],
  };
}

export async function writeLatentFile(file: string, document: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(document));
  await rename(temporary, file);
}
