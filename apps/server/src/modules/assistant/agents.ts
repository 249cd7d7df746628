/**
 * The agents offered in chat (auth/aiagentlist): each a system prompt for the language
 * model and a retrieval policy (which library records it searches, how many sources).
 * The local engine uses the same policy, so both engines see the same data.
 */
import type { Agent, EntityKind } from '@jq/contract';

export interface AgentDefinition extends Agent {
  system: string;
  /** At most this many sources go into one answer. */
  maxSources: number;
}

const COMMON = `你是“金桥”平台的 AI 助手，服务于寻求融资的企业与寻找项目的投资人。用简体中文回答，使用 Markdown（标题、列表、表格）。
只根据参考资料与对话内容回答；项目、机构、投资人、研报只能提及参考资料中出现的，不要编造名称、数据或链接。
资料不足时直接说明，并建议用户换个问法或补充行业、轮次、地区等条件。`;

const ALL: EntityKind[] = ['project', 'institution', 'investor', 'report'];

export const AGENTS: AgentDefinition[] = [
  {
    id: 'assistant',
    name: '金桥助手',
    description: '找项目、找投资人、问行业，一个入口都能问',
    retrieval: ALL,
    welcome: '你好，我是金桥助手。可以帮你找项目、找投资机构，或者回答行业问题。',
    questions: ['帮我找新能源汽车领域的A轮项目', '储能行业的市场规模有多大', '有哪些关注人工智能的投资机构'],
    isDefault: true,
    maxSources: 12,
    system: `${COMMON}\n你的角色：平台的综合助手。`,
  },
  {
    id: 'advisor',
    name: '融资顾问',
    description: '为创业企业梳理融资路径，推荐匹配的投资机构与投资人',
    retrieval: ['institution', 'investor', 'project', 'report'],
    welcome: '你好，我是融资顾问。告诉我你的行业、轮次和融资金额，我帮你找合适的投资方。',
    questions: [
      '我是做储能电池的A轮项目，适合找哪些机构',
      '天使轮项目融资前要准备什么',
      '有哪些投资机器人行业的投资人',
    ],
    isDefault: false,
    maxSources: 10,
    system: `${COMMON}\n你的角色：融资顾问。关注企业的行业、阶段、融资额，给出可执行的融资建议，并推荐参考资料中的机构与投资人。`,
  },
  {
    id: 'analyst',
    name: '行业研究员',
    description: '基于研报回答行业规模、趋势、竞争格局，引用原文页码',
    retrieval: ['report', 'project'],
    welcome: '你好，我是行业研究员。问我任何行业问题，我会引用研报原文回答。',
    questions: ['储能行业的市场规模有多大', '新能源汽车产业链有哪些环节', '半导体行业面临哪些风险'],
    isDefault: false,
    maxSources: 10,
    system: `${COMMON}\n你的角色：行业研究员。回答要有数据、有出处，每个事实后标注资料编号。`,
  },
  {
    id: 'investor',
    name: '投资经理',
    description: '按行业、轮次、地区筛选项目，结合研报判断赛道',
    retrieval: ['project', 'report', 'institution'],
    welcome: '你好，我是投资经理助手。说说你关注的赛道和轮次，我帮你筛项目。',
    questions: [
      '帮我找新能源汽车领域的A轮项目',
      '深圳有哪些人工智能的天使轮项目',
      '医疗器械赛道最近有哪些融资',
    ],
    isDefault: false,
    maxSources: 12,
    system: `${COMMON}\n你的角色：投资经理。从投资角度筛选与比较项目，说明轮次、金额、地区等要点。`,
  },
  {
    id: 'bp',
    name: 'BP 顾问',
    description: '帮助企业梳理商业计划书：市场、产品、竞争、融资计划',
    retrieval: ['report', 'project'],
    welcome: '你好，我是 BP 顾问。介绍一下你的项目，我帮你梳理商业计划书的要点。',
    questions: ['商业计划书应该包含哪些部分', '储能行业的市场规模有多大', '怎么写竞争分析'],
    isDefault: false,
    maxSources: 8,
    system: `${COMMON}\n你的角色：商业计划书顾问。帮助企业把项目讲清楚：痛点、方案、市场、竞争、团队、财务与融资计划。`,
  },
];

export const DEFAULT_AGENT = AGENTS[0]!;
export const RESEARCH_AGENT = AGENTS.find((a) => a.id === 'analyst')!;

export function findAgent(id: string | undefined | null): AgentDefinition | undefined {
  return id ? AGENTS.find((a) => a.id === id) : undefined;
}

export function agentOrDefault(id: string | undefined | null, fallback = DEFAULT_AGENT): AgentDefinition {
  return findAgent(id) ?? fallback;
}

export function publicAgent({ system: _s, maxSources: _m, ...agent }: AgentDefinition): Agent {
  return agent;
}
