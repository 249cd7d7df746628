/**
 * The match page (aimatchpage): the signed-in user's projects to pick from, today's
 * remaining submissions, the latest stored matches, and example descriptions.
 */
import type { User } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { can } from '../billing/index.js';
import { getFinancingNeedsLimit } from '../library/index.js';
import { listOwnProjects } from './projects.js';
import { listMatchHistory } from './searches.js';

const EXAMPLES = [
  '我们是深圳的工商业储能系统集成商，产品为储能一体柜，正在进行 A 轮融资，计划融资 5000 万元',
  '苏州一家做车规级功率半导体（SiC 模块）的公司，Pre-A 轮，拟融资 3000 万元',
  '杭州的 AI 智能体应用团队，为中小企业提供客服与销售自动化，天使轮融资 800 万元',
];

export async function getMatchPage(db: Db, user: User | null) {
  if (!user) return { projects: [], limit: null, recent: [], examples: EXAMPLES, isVip: false };
  const [projects, limit, recent] = await Promise.all([
    listOwnProjects(db, user.id, 1, 20),
    getFinancingNeedsLimit(db, user.id),
    listMatchHistory(db, user.id, 1, 5),
  ]);
  return {
    projects: projects.list,
    limit,
    recent: recent.list,
    examples: EXAMPLES,
    isVip: can(user, 'priorityMatch'),
  };
}
