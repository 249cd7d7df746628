/**
 * The app on one database engine with the library fixtures, for the endpoint tests: call it
 * inside a `describe`; the app is built before its tests and closed after them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type DbEngine, type TestApp } from '../helpers/app.js';
import { insertLibraryFixtures, type LibraryFixtures } from './fixtures.js';

export function useLibraryApp(engine: DbEngine) {
  let t: TestApp;
  /** Filled in before the tests run. */
  const fx = {} as LibraryFixtures;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    Object.assign(fx, await insertLibraryFixtures(t.platform.database.db, t.platform.storage));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object = {}, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: cookie ? { cookie } : {} });
  /** The answer's data, after checking it succeeded. */
  const data = async (url: string, payload: object = {}, cookie?: string) => {
    const res = await post(url, payload, cookie);
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json().data;
  };
  return { fx, app: () => t.app, db: () => t.platform.database.db, post, data };
}
