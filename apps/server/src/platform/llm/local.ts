/**
 * The local engine's generic answer, used when no language model is configured: an
 * extractive answer from the given sources — the sentences that share the most (rare)
 * words with the question, each cited as [n] — streamed in small pieces. It says it is the
 * local engine and never writes a word that is not in the sources. Feature-specific local
 * composition (classification, tables, report pages) lives with those features.
 */
import { tokenize } from '../../lib/text.js';
import { estimateTokens, type GenerateFn, type LlmEvent, type LlmSource } from './types.js';

export const LOCAL_MODEL = 'local-extractive';

const NOTE = '（本地引擎）以下内容摘自检索到的资料，未经大模型改写：';
const NOTE_NO_MATCH = '（本地引擎）资料中没有找到与问题直接相关的内容，以下是资料要点：';
const NOTE_NO_SOURCES =
  '（本地引擎）没有可供回答的资料，暂时无法回答这个问题。可以补充项目、机构、行业等关键词后再试。';

const MAX_SENTENCES = 5;
const MAX_PER_SOURCE = 3;
const MAX_SENTENCE_CHARS = 160;
const PIECE_CHARS = 8;

/** Question words that say nothing about the subject. */
const STOPWORDS = new Set(
  (
    '的 了 吗 呢 吧 啊 呀 么 是 在 有 和 与 及 或 等 请 帮 帮我 我 我们 你 您 他 她 它 这 那 这个 那个 ' +
    '什么 怎么 怎样 如何 哪些 哪个 哪里 多少 几 为什么 是否 能否 可以 一下 一个 一些 给 对 把 被 就 都 ' +
    '也 还 又 要 会 能 想 知道 告诉 介绍 有没有 是不是 多 大 吗 请问 目前 现在'
  ).split(' '),
);

interface Sentence {
  sourceId: number;
  text: string;
  tokens: Set<string>;
  order: number;
}

export function createLocalGenerate(): GenerateFn {
  return async function* generate(request) {
    const question = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const sources = request.sources ?? [];
    const answer = composeExtractiveAnswer(question, sources);
    const chars = Array.from(answer);
    for (let i = 0; i < chars.length; i += PIECE_CHARS) {
      if (request.signal?.aborted) return;
      yield { type: 'delta', content: chars.slice(i, i + PIECE_CHARS).join('') } satisfies LlmEvent;
    }
    const promptChars =
      request.system.length +
      request.messages.reduce((sum, m) => sum + m.content.length, 0) +
      sources.reduce((sum, s) => sum + s.title.length + s.text.length, 0);
    yield {
      type: 'usage',
      promptTokens: estimateTokens(promptChars),
      completionTokens: estimateTokens(answer.length),
      estimated: true,
    };
    yield { type: 'done', finishReason: 'stop' };
  };
}

/** The whole answer as markdown: a note line, cited sentences, then the titles cited. */
export function composeExtractiveAnswer(question: string, sources: LlmSource[]): string {
  const usable = sources.filter((s) => s.text.trim() || s.title.trim());
  if (!usable.length) return NOTE_NO_SOURCES;

  const sentences = splitSources(usable);
  const picked = pickSentences(question, sentences);
  const lines = picked.length
    ? [NOTE, '', ...picked.map((s) => `- ${clip(s.text)}[${s.sourceId}]`)]
    : [NOTE_NO_MATCH, '', ...leadSentences(usable, sentences).map((s) => `- ${clip(s.text)}[${s.sourceId}]`)];

  const cited = new Set((picked.length ? picked : leadSentences(usable, sentences)).map((s) => s.sourceId));
  const titles = usable
    .filter((s) => cited.has(s.id) && s.title.trim())
    .map((s) => `[${s.id}] ${s.title.trim()}`);
  if (titles.length) lines.push('', `来源：${titles.join('；')}`);
  return lines.join('\n');
}

function splitSources(sources: LlmSource[]): Sentence[] {
  const sentences: Sentence[] = [];
  for (const source of sources) {
    const parts = source.text.split(/(?<=[。！？!?；;])|\n+/);
    for (const part of parts) {
      // Bracketed numbers inside a source (its own footnotes) would read as our citations.
      const text = part
        .replace(/\[\d{1,4}\]/g, '')
        .replace(/\s+/g, ' ')
        .replace(/ (?=[，。！？；、,.!?;])/g, '')
        .trim();
      if (Array.from(text).length < 4) continue;
      sentences.push({ sourceId: source.id, text, tokens: contentTokens(text), order: sentences.length });
    }
    // A source with no sentence of its own still answers by its title.
    if (!sentences.some((s) => s.sourceId === source.id) && source.title.trim()) {
      const text = source.title.trim();
      sentences.push({ sourceId: source.id, text, tokens: contentTokens(text), order: sentences.length });
    }
  }
  return sentences;
}

/** Sentences sharing words with the question, rarer and longer words weighing more. */
function pickSentences(question: string, sentences: Sentence[]): Sentence[] {
  const wanted = contentTokens(question);
  if (!wanted.size) return [];
  const documentFrequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const token of sentence.tokens) {
      if (wanted.has(token)) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    }
  }
  const scored = sentences
    .map((sentence) => {
      let score = 0;
      for (const token of sentence.tokens) {
        const df = documentFrequency.get(token);
        if (df) score += Math.log(1 + sentences.length / df) * Math.min(Array.from(token).length, 4);
      }
      return { sentence, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.sentence.order - b.sentence.order);

  const picked: Sentence[] = [];
  const perSource = new Map<number, number>();
  const seen = new Set<string>();
  for (const { sentence } of scored) {
    if (picked.length >= MAX_SENTENCES) break;
    if (seen.has(sentence.text) || (perSource.get(sentence.sourceId) ?? 0) >= MAX_PER_SOURCE) continue;
    seen.add(sentence.text);
    perSource.set(sentence.sourceId, (perSource.get(sentence.sourceId) ?? 0) + 1);
    picked.push(sentence);
  }
  return picked;
}

/** The first sentence of each of the first sources, when nothing matches the question. */
function leadSentences(sources: LlmSource[], sentences: Sentence[]): Sentence[] {
  return sources
    .slice(0, 3)
    .map((source) => sentences.find((s) => s.sourceId === source.id))
    .filter((s): s is Sentence => s !== undefined);
}

function contentTokens(text: string): Set<string> {
  return new Set(tokenize(text).filter((token) => !STOPWORDS.has(token)));
}

function clip(text: string): string {
  const chars = Array.from(text);
  return chars.length > MAX_SENTENCE_CHARS ? `${chars.slice(0, MAX_SENTENCE_CHARS).join('')}…` : text;
}
