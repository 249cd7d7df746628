import { describe, expect, it } from 'vitest';
import {
  readMatchQuery,
  readProjectQuery,
  THESIS_MAX_CHARS,
  toProjectRequest,
  toResultRequest,
  writeMatchQuery,
  writeProjectQuery,
} from './result-params';

describe('match result address', () => {
  it('round-trips tab, filters and page', () => {
    const query = readMatchQuery(
      new URLSearchParams('id=12&target=institution&stage=3,4&region=440000&tmin=1000&tmax=5000&nc=1&page=2'),
    );
    expect(query).toEqual({
      id: 12,
      target: 'institution',
      page: 2,
      stage: [3, 4],
      region: '440000',
      ticketMin: 1000,
      ticketMax: 5000,
      excludeConflicts: true,
    });
    expect(readMatchQuery(writeMatchQuery(query))).toEqual(query);
    expect(toResultRequest({ ...query, id: 12 })).toMatchObject({
      id: 12,
      target: 'institution',
      page: 2,
      pageSize: 20,
      stage: [3, 4],
      region: ['440000'],
      excludeConflicts: true,
    });
  });

  it('falls back to defaults for a hand-edited address', () => {
    const query = readMatchQuery(
      new URLSearchParams('id=abc&target=x&stage=3,99,a,3&region=<b>&tmin=-5&page=0'),
    );
    expect(query).toMatchObject({
      id: null,
      target: 'investor',
      page: 1,
      stage: [3],
      region: null,
      ticketMin: null,
    });
    expect(writeMatchQuery({ ...query, id: 5 }).toString()).toBe('id=5&stage=3');
  });
});

describe('project match address', () => {
  it('keeps the thesis, institution and filters, and clamps a long thesis', () => {
    const long = '储'.repeat(THESIS_MAX_CHARS + 50);
    const query = readProjectQuery(new URLSearchParams({ q: long, oid: '5', industry: 'nev', stage: '2' }));
    expect(query.thesis).toHaveLength(THESIS_MAX_CHARS);
    expect(readProjectQuery(writeProjectQuery(query))).toEqual(query);
    expect(toProjectRequest(query)).toMatchObject({
      institutionId: 5,
      industry: ['nev'],
      stage: [2],
      page: 1,
    });
  });
});
