/** The analysis tests' app: a small demo library, people, uploads of generated plans, streams. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { users } from '../../src/db/schema.js';
import { type Defect, type PlanSpec, planCandidates, renderPlan } from '../../src/modules/analysis/index.js';
import { loadDemoData } from '../../src/modules/demo/index.js';
import { createTestApp, type DbEngine, type TestApp, type TestEnvOptions } from '../helpers/app.js';
import { call, data, type Person, parseSse, person, uploadFile } from '../knowledge/helpers.js';

export { call, data, type Person, parseSse, person };

export const DEMO = { institutions: 40, investors: 200, projects: 1500, reports: 2, news: 2 };

export function useAnalysisApp(engine: DbEngine, options: Omit<TestEnvOptions, 'engine'> = {}) {
  const state: { t?: TestApp; specs: Omit<PlanSpec, 'defects'>[] } = { specs: [] };
  beforeAll(async () => {
    state.t = await createTestApp({ engine, ...options });
    await state.t.app.ready();
    await loadDemoData(state.t.platform, { seed: 19, scale: DEMO, dataDir: state.t.config.dataDir });
    state.specs = await planCandidates(state.t.platform.database.db, 6);
  }, 180_000);
  afterAll(() => state.t?.close());
  return {
    get t() {
      return state.t!;
    },
    get db() {
      return state.t!.platform.database.db;
    },
    spec(i: number, defects: Defect[] = [], extra: Partial<PlanSpec> = {}): PlanSpec {
      return { ...state.specs[i]!, defects, ...extra };
    },
  };
}

/** Bytes through the uploads rows with purpose bp; the finished upload's id. */
export async function uploadPlan(t: TestApp, who: Person, bytes: Buffer, filename: string): Promise<string> {
  const res = await uploadFile(t, who, bytes, filename, 'bp' as never);
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

export async function analyse(t: TestApp, who: Person, payload: object) {
  const res = await call(t, who, '/project/ProjectAnalyse', payload);
  return {
    res,
    events: res.headers['content-type']?.toString().includes('event-stream') ? parseSse(res.body) : [],
  };
}

/** Upload a generated plan and run the diagnosis; the events and the id. */
export async function diagnosePlan(t: TestApp, who: Person, spec: PlanSpec, format: 'pdf' | 'pptx' = 'pdf') {
  const uploadId = await uploadPlan(t, who, await renderPlan(spec, format), `plan.${format}`);
  const { res, events } = await analyse(t, who, { uploadId });
  if (res.statusCode !== 200) throw new Error(`analyse ${res.statusCode} ${res.body}`);
  const end = events.at(-1)!;
  if (end.type !== 'status' || end.status !== 'done')
    throw new Error(`analysis ended ${JSON.stringify(end)}`);
  return { events, id: end.id as number };
}

export async function makeVip(t: TestApp, userId: number) {
  await t.platform.database.db
    .update(users)
    .set({ vipExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(sql`${users.id} = ${userId}`);
}

// biome-ignore lint/suspicious/noExplicitAny: tests read cards loosely.
export const cards = (events: { type: string }[], kind: string): any[] =>
  events.filter((e) => e.type === 'card' && (e as { card?: string }).card === kind);
