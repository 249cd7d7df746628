/**
 * The library hits of a search question: projects, institutions, investors and reports,
 * each through the library's own search with the question's industry, stage and region
 * words as filters. Used by AI search (streamed) and the home search box.
 */
import type { EntityKind, SearchHits } from '@jq/contract';

type ReportCard = SearchHits['reports'][number];

import type { Db } from '../../platform/database/index.js';
import { searchReports } from '../library/index.js';
import {
  findInstitutions,
  findInvestors,
  findProjects,
  restKeyword,
  type Understanding,
} from './retrieve.js';

export async function findHits(
  db: Db,
  u: Understanding,
  limit: number,
  scope: readonly EntityKind[] = ['project', 'institution', 'investor', 'report'],
): Promise<SearchHits & { totals: Record<EntityKind, number> }> {
  const wants = (kind: EntityKind) => scope.includes(kind);
  const none = { list: [], total: 0 };
  const reportKeyword = [...u.industryNames, restKeyword(u.parsed)].filter(Boolean).join(' ');
  const [projects, institutions, investors, reports] = await Promise.all([
    wants('project') ? findProjects(db, u.parsed, limit) : none,
    wants('institution') ? findInstitutions(db, u.parsed, limit) : none,
    wants('investor') ? findInvestors(db, u.parsed, limit) : none,
    wants('report') && reportKeyword
      ? searchReports(db, { keyword: reportKeyword, page: 1, pageSize: limit })
      : { list: [] as ReportCard[], total: 0 },
  ]);
  return {
    projects: projects.list,
    institutions: institutions.list,
    investors: investors.list,
    reports: reports.list as ReportCard[],
    totals: {
      project: projects.total,
      institution: institutions.total,
      investor: investors.total,
      report: reports.total,
    },
  };
}
