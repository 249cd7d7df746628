/** The library's result count, in its own nouns: 共 1,234 个项目. */
import { library } from '../../locales/zh-CN/library';
import { formatCount } from '../../shared/format/figures';

export type CountNoun = keyof typeof library.noun;

export function formatTotal(total: number, noun: CountNoun): string {
  return `${library.totalPrefix} ${formatCount(total)} ${library.noun[noun]}`;
}
