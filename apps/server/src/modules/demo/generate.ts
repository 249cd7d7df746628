/**
 * The demo dataset from a seed: institutions, investors with latent preferences, projects,
 * rounds drawn from those preferences, then the texts (which cite real deals), reports and
 * news. Pure: the same seed, scale and day give the same records, byte for byte.
 */

import { DemoContacts } from './contacts.js';
import { describeProject } from './describe-projects.js';
import { isoDate, utcDay } from './format.js';
import { generateInstitutions } from './generate-institutions.js';
import { generateInvestors } from './generate-investors.js';
import { generateNews } from './generate-news.js';
import { generateProjects } from './generate-projects.js';
import { generateReports } from './generate-reports.js';
import { generateRounds } from './generate-rounds.js';
import { Random } from './random.js';
import { buildLibraryIndex } from './report-context.js';
import { describeInstitution, describeInvestor, stateView } from './state-investors.js';
import {
  type DemoCounts,
  type DemoDataset,
  type DemoInstitution,
  type DemoProject,
  type GenerateOptions,
  SCALES,
} from './types.js';

export function resolveCounts(scale: GenerateOptions['scale']): DemoCounts {
  return typeof scale === 'string' ? SCALES[scale] : scale;
}

export function generateDemoData(options: GenerateOptions): DemoDataset {
  const counts = resolveCounts(options.scale);
  const now = utcDay(options.now ?? new Date());
  const root = new Random(options.seed);
  const contacts = new DemoContacts();

  const orgDrafts = generateInstitutions(root.fork('institutions'), counts.institutions, now);
  const investors = generateInvestors(root.fork('investors'), orgDrafts, counts.investors, now, contacts);
  const projectDrafts = generateProjects(root.fork('projects'), counts.projects, now, contacts);
  const rounds = generateRounds(root.fork('rounds'), projectDrafts, investors, now);

  // Portfolios as the rounds made them: texts cite real deals.
  const projectsById = new Map(projectDrafts.map((p) => [p.id, p]));
  const byInstitution = new Map<number, Set<DemoProject>>();
  const byInvestor = new Map<number, Set<DemoProject>>();
  const roundsByProject = new Map<number, typeof rounds>();
  for (const round of rounds) {
    const project = projectsById.get(round.projectId)!;
    if (!roundsByProject.has(project.id)) roundsByProject.set(project.id, []);
    roundsByProject.get(project.id)!.push(round);
    for (const i of round.investors) {
      if (!byInstitution.has(i.institutionId)) byInstitution.set(i.institutionId, new Set());
      byInstitution.get(i.institutionId)!.add(project);
      if (!byInvestor.has(i.investorId)) byInvestor.set(i.investorId, new Set());
      byInvestor.get(i.investorId)!.add(project);
    }
  }

  const textRng = root.fork('texts');
  const institutions: DemoInstitution[] = orgDrafts.map(({ profile: _profile, ...org }) => {
    const stated = stateView(textRng, org.latent);
    const texts = describeInstitution(textRng, { ...org, profile: _profile }, stated, [
      ...(byInstitution.get(org.id) ?? []),
    ]);
    return { ...org, ...stated, ...texts };
  });
  const orgsById = new Map(orgDrafts.map((o) => [o.id, o]));
  for (const investor of investors) {
    const stated = stateView(textRng, investor.latent);
    Object.assign(investor, stated);
    investor.bio = describeInvestor(textRng, investor, orgsById.get(investor.institutionId)!, stated, [
      ...(byInvestor.get(investor.id) ?? []),
    ]);
  }
  const institutionsById = new Map(institutions.map((o) => [o.id, o]));
  const projects: DemoProject[] = projectDrafts.map(
    ({ rounds: _r, techs: _t, customers: _c, ...rest }) => rest,
  );
  projectDrafts.forEach((draft, i) => {
    Object.assign(
      projects[i]!,
      describeProject(textRng, draft, roundsByProject.get(draft.id) ?? [], institutionsById),
    );
  });

  const index = buildLibraryIndex(projects, rounds, institutions);
  const reports = generateReports(root.fork('reports'), counts.reports, now, index);
  const news = generateNews(
    root.fork('news'),
    counts.news,
    now,
    { rounds, projects, institutions, investors },
    index,
  );
  return {
    seed: options.seed,
    counts,
    now: isoDate(now),
    institutions,
    investors,
    projects,
    rounds,
    reports,
    news,
  };
}
