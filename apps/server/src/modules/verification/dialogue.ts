/**
 * The verification dialogue of the local engine: deterministic, no language model. It reads
 * the card back, asks about each difference from the user's profile one question at a time,
 * asks for a final confirmation, then decides. Pure functions over a JSON state, so the
 * state can live in the database row and a reload continues where the user left off.
 *
 * Decision: verified automatically only when the user confirmed and the card is tied to the
 * account by evidence — the card's mobile is the account's phone, or both the name and the
 * company match the registration — and the name matches or its difference was explained
 * with the phone matching. Everything else goes to manual review with the reasons written out.
 */
import type { CardFields } from '@jq/contract';
import type { DialogueQuestion, DialogueState } from '../../db/schema.js';

export interface Profile {
  name: string;
  phone: string;
  company: string;
  title: string;
}

export type Verdict = 'yes' | 'no' | 'other';

const YES =
  /^(是|是的|对|对的|没错|确认|确定|嗯+|好|好的|本人|是我|是我的|正确|属实|yes|y|ok)[。.!！~～,，]*$/i;
const NO = /^(不是|否|不对|不|没有|不正确|不属实|不是我|不是我的|no|n)[。.!！~～,，]*$/i;

function classifyAnswer(answer: string): Verdict {
  const text = answer.trim().replace(/\s+/g, '');
  if (YES.test(text)) return 'yes';
  if (NO.test(text)) return 'no';
  return 'other';
}

const compact = (text: string) => text.replace(/[\s·•]/g, '').toLowerCase();

function isSameName(a: string, b: string): boolean {
  return compact(a) !== '' && compact(a) === compact(b);
}

const COMPANY_TAIL = /(股份有限公司|有限责任公司|有限公司|（有限合伙）|\(有限合伙\)|合伙企业|集团)$/;
function isSameCompany(a: string, b: string): boolean {
  const x = compact(a).replace(COMPANY_TAIL, '');
  const y = compact(b).replace(COMPANY_TAIL, '');
  return x.length >= 2 && y.length >= 2 && (x.includes(y) || y.includes(x));
}

const isSameTitle = (a: string, b: string) =>
  compact(a).includes(compact(b)) || compact(b).includes(compact(a));

/** Masks the middle of a phone number: 138****5678. */
const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

export function planDialogue(fields: CardFields, profile: Profile): DialogueState {
  const queue: DialogueQuestion[] = [];
  if (!fields.name) queue.push({ kind: 'missing', field: 'name' });
  else if (profile.name && !isSameName(fields.name, profile.name)) {
    queue.push({ kind: 'mismatch', field: 'name', card: fields.name, profile: profile.name });
  }
  if (!fields.company) queue.push({ kind: 'missing', field: 'company' });
  else if (profile.company && !isSameCompany(fields.company, profile.company)) {
    queue.push({ kind: 'mismatch', field: 'company', card: fields.company, profile: profile.company });
  }
  if (fields.title && profile.title && !isSameTitle(fields.title, profile.title)) {
    queue.push({ kind: 'mismatch', field: 'title', card: fields.title, profile: profile.title });
  }
  const mobiles = fields.phones.filter((p) => /^1\d{10}$/.test(p));
  if (profile.phone && mobiles.length > 0 && !mobiles.includes(profile.phone)) {
    queue.push({ kind: 'mismatch', field: 'phone', card: mobiles[0]!, profile: profile.phone });
  }
  queue.push({ kind: 'confirm' });
  return { queue, answers: [], stated: {}, isGreeted: false };
}

export function readBack(fields: CardFields): string {
  const rows: [string, string][] = [
    ['姓名', fields.name],
    ['公司', fields.company],
    ['职位', fields.title],
    ['电话', fields.phones.join('、')],
    ['邮箱', fields.email],
  ];
  const shown = rows.filter(([, value]) => value).map(([label, value]) => `${label}：${value}`);
  return [
    '您好，我是金桥身份认证助手。为保障平台上企业与投资人的真实身份，需要和您核对一下名片信息。',
    '',
    '从您的名片中识别到：',
    ...shown,
  ].join('\n');
}

const FIELD_NAMES = { name: '姓名', company: '公司', title: '职位', phone: '手机号' } as const;

export function askQuestion(q: DialogueQuestion): string {
  if (q.kind === 'missing') {
    return q.field === 'name'
      ? '名片上没有识别出您的姓名，请输入您的真实姓名。'
      : '名片上没有识别出公司名称，请输入您目前任职的公司全称。';
  }
  if (q.kind === 'confirm') {
    return '请确认：以上名片信息是否为您本人当前的任职信息？确认请回复“是”；如有出入，请简要说明。';
  }
  const label = FIELD_NAMES[q.field];
  if (q.field === 'name') {
    return `名片上的${label}「${q.card}」与您账号中的${label}「${q.profile}」不一致。这张名片是您本人的吗？如有曾用名、英文名等情况，请简要说明。`;
  }
  if (q.field === 'phone') {
    return `名片上的手机号 ${maskPhone(q.card)} 与您登录使用的手机号 ${maskPhone(q.profile)} 不一致。名片上的号码也是您本人在用的吗？`;
  }
  if (q.field === 'company') {
    return `名片上的公司「${q.card}」与您注册时填写的「${q.profile}」不一致。请问您目前在哪家公司任职？`;
  }
  return `名片上的职位「${q.card}」与您填写的「${q.profile}」不同，请问以哪个为准？`;
}

export type AnswerOutcome =
  | { next: 'ask'; state: DialogueState; reply: string }
  | { next: 'decide'; state: DialogueState; reply: string }
  | { next: 'cancel'; state: DialogueState; reply: string };

/** Applies the user's answer to the open question. */
export function answerQuestion(state: DialogueState, answer: string): AnswerOutcome {
  const [question, ...rest] = state.queue;
  if (!question) return { next: 'decide', state, reply: '' };
  const verdict = classifyAnswer(answer);
  const stated = { ...state.stated };
  if (question.kind === 'missing') stated[question.field] = answer.trim().slice(0, 60);
  const next: DialogueState = {
    ...state,
    queue: rest,
    stated,
    answers: [...state.answers, { question, answer: answer.trim(), verdict }],
  };
  const isDisowned =
    verdict === 'no' &&
    ((question.kind === 'mismatch' && question.field === 'name') || question.kind === 'confirm');
  if (isDisowned) {
    return {
      next: 'cancel',
      state: next,
      reply: '好的，认证需要使用您本人当前的名片。请重新上传名片后再继续认证。',
    };
  }
  const following = rest[0];
  if (!following)
    return { next: 'decide', state: next, reply: '感谢您的配合，正在为您核验身份信息，请稍候…' };
  return { next: 'ask', state: next, reply: `好的，已记录。\n\n${askQuestion(following)}` };
}

export interface Decision {
  isVerified: boolean;
  /** For the reviewer (and the record): what held or what did not. */
  reasons: string[];
}

export function decideCase(state: DialogueState, fields: CardFields, profile: Profile): Decision {
  const answerTo = (match: (q: DialogueQuestion) => boolean) => state.answers.find((a) => match(a.question));
  const confirm = answerTo((q) => q.kind === 'confirm');
  const isConfirmed = confirm?.verdict === 'yes';
  const name = fields.name || state.stated.name || '';
  const isPhoneMatch = Boolean(profile.phone) && fields.phones.includes(profile.phone);
  const isNameMatch = Boolean(profile.name) && isSameName(name, profile.name);
  const isCompanyMatch = Boolean(profile.company) && isSameCompany(fields.company, profile.company);
  const nameAnswer = answerTo((q) => q.kind === 'mismatch' && q.field === 'name');
  const companyAnswer = answerTo((q) => q.kind === 'mismatch' && q.field === 'company');

  const reasons: string[] = [];
  if (!isConfirmed) reasons.push(`用户未直接确认名片信息${confirm ? `，说明：“${confirm.answer}”` : ''}`);
  if (!isPhoneMatch) {
    reasons.push(
      fields.phones.length ? '名片上的手机号与账号手机号不一致' : '名片上没有可与账号核对的手机号',
    );
  }
  if (nameAnswer) reasons.push(`名片姓名与账号姓名不一致，用户说明：“${nameAnswer.answer}”`);
  if (!fields.name) reasons.push(`名片未识别出姓名，用户填写：“${state.stated.name ?? ''}”`);
  if (companyAnswer) {
    const isCardOutdated = isSameCompany(companyAnswer.answer, profile.company);
    const isCardCurrent =
      companyAnswer.verdict === 'yes' || isSameCompany(companyAnswer.answer, fields.company);
    if (isCardOutdated && !isCardCurrent) reasons.push('用户表示名片上的公司并非当前任职公司');
    else reasons.push(`名片公司与注册公司不一致，用户说明：“${companyAnswer.answer}”`);
  }
  if (!fields.company) reasons.push(`名片未识别出公司，用户填写：“${state.stated.company ?? ''}”`);

  const isNameOk = isNameMatch || (isPhoneMatch && (Boolean(nameAnswer) || !profile.name));
  const hasEvidence = isPhoneMatch || (isNameMatch && isCompanyMatch);
  const isCompanyOk = !companyAnswer || !reasons.includes('用户表示名片上的公司并非当前任职公司');
  const isVerified = isConfirmed && hasEvidence && isNameOk && isCompanyOk && Boolean(fields.name);
  return {
    isVerified,
    reasons: isVerified ? ['名片信息与账号一致，用户已确认'] : reasons.length ? reasons : ['需人工核对'],
  };
}

export const RESULT_TEXT = {
  verified: '认证成功！您的身份已通过核验，现在可以使用平台的全部功能了。',
  pending:
    '您的名片信息需要人工进一步核对，已提交审核，我们会在 1 个工作日内完成，结果将通过站内消息通知您。审核期间您可以继续浏览平台内容。',
} as const;

/** A first question to take to AI chat after verification (the dialog's quick link). */
export function homeQueryFor(fields: CardFields): string {
  return fields.company
    ? `${fields.company}所在行业近期有哪些投融资动态？`
    : '近期有哪些值得关注的投融资动态？';
}
