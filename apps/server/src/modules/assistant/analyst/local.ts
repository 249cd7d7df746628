/**
 * The local engine's analyst (issue 15): plan the question, call the tools, compose the
 * answer. Returns null with the question to answer by retrieval (finding records, industry
 * and report questions), which the caller then answers as before.
 */
import type { Db } from '../../../platform/database/index.js';
import type { LinkContext } from '../links.js';
import {
  type AnalystAnswer,
  composeAggregate,
  composeClarify,
  composeCompare,
  composeImpossible,
  composeIntro,
  composeMatch,
  composeRank,
  composeRefusal,
  composeToolError,
  withoutRepeats,
} from './compose.js';
import { planQuestion } from './plan.js';
import { aggregateTool, compareTool, matchTool, rankTool } from './tools.js';

export interface AnalystInput {
  db: Db;
  question: string;
  history: { role: string; content: string }[];
  links: LinkContext;
  now?: Date;
}

export type AnalystOutcome =
  | { kind: 'answer'; answer: AnalystAnswer }
  | { kind: 'fallback'; question: string };

/** The marker a clarifying answer carries, so the reply "储能" is read as the choice. */
const ASKED_INDUSTRY = '你想看哪一个？';

export async function answerAsAnalyst(input: AnalystInput): Promise<AnalystOutcome> {
  const now = input.now ?? new Date();
  const users = input.history.filter((m) => m.role === 'user');
  const lastAnswer = [...input.history].reverse().find((m) => m.role === 'assistant');
  const plan = await planQuestion({
    db: input.db,
    question: input.question,
    now,
    previous: users.at(-1)?.content,
    previousAskedIndustry: Boolean(lastAnswer?.content.includes(ASKED_INDUSTRY)),
  });
  const ctx = { db: input.db, now };
  const done = (answer: AnalystAnswer): AnalystOutcome => ({
    kind: 'answer',
    answer: {
      ...answer,
      markdown: withoutRepeats(answer.markdown),
      suggestions: answer.suggestions.filter((s) => s && s !== input.question.trim()).slice(0, 3),
    },
  });
  switch (plan.kind) {
    case 'intro':
      return done(composeIntro());
    case 'refuse':
      return done(composeRefusal(plan.reason));
    case 'clarify':
      return done(composeClarify(plan));
    case 'impossible':
      return done(composeImpossible(plan.message));
    case 'aggregate': {
      const out = await aggregateTool(ctx, plan.args);
      return done(out.ok ? composeAggregate(plan, out.data, out.filters) : composeToolError(out.error));
    }
    case 'rank': {
      const out = await rankTool(ctx, plan.args);
      return done(out.ok ? composeRank(out.data, out.filters, input.links) : composeToolError(out.error));
    }
    case 'compare': {
      const out = await compareTool(ctx, { names: plan.names });
      return done(out.ok ? composeCompare(out.data, input.links) : composeToolError(out.error));
    }
    case 'match': {
      const out = await matchTool(ctx, plan.args);
      return done(out.ok ? composeMatch(out.data, out.filters, input.links) : composeToolError(out.error));
    }
    case 'fallback':
      return { kind: 'fallback', question: plan.question };
  }
}
