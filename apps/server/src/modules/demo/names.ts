/**
 * Names for demo data: people (common surnames weighted like the population, given names),
 * company 字号 and brands, fund names, publishers. All fictional: fund and brand syllables are
 * drawn from pools that avoid well-known names, and a block list catches the pairs that would
 * still spell a real company or fund. Pinyin rides along so e-mail addresses read naturally.
 */
import type { Random } from './random.js';

const SURNAMES =
  '王wang 李li 张zhang 刘liu 陈chen 杨yang 黄huang 赵zhao 吴wu 周zhou 徐xu 孙sun 马ma 朱zhu 胡hu 郭guo 何he 林lin 罗luo 高gao 郑zheng 梁liang 谢xie 宋song 唐tang 许xu 韩han 冯feng 邓deng 曹cao 彭peng 曾zeng 肖xiao 田tian 董dong 袁yuan 潘pan 于yu 蒋jiang 蔡cai 余yu 杜du 叶ye 程cheng 苏su 魏wei 吕lv 丁ding 任ren 沈shen 姚yao 卢lu 姜jiang 崔cui 钟zhong 谭tan 陆lu 汪wang 范fan 金jin 石shi 廖liao 贾jia 夏xia 韦wei 付fu 方fang 白bai 邹zou 孟meng 熊xiong 秦qin 邱qiu 江jiang 尹yin 薛xue 闫yan 段duan 雷lei 侯hou 龙long 史shi 陶tao 黎li 贺he 顾gu 毛mao 郝hao 龚gong 邵shao 万wan 钱qian 严yan 武wu 戴dai 孔kong 向xiang 汤tang 欧阳ouyang 司马sima'
    .split(' ')
    .map(splitPinyin);

const GIVEN =
  '伟wei 芳fang 娜na 敏min 静jing 丽li 强qiang 磊lei 军jun 洋yang 勇yong 艳yan 杰jie 涛tao 明ming 超chao 霞xia 平ping 刚gang 婷ting 华hua 慧hui 鹏peng 宇yu 浩hao 凯kai 琳lin 晨chen 雪xue 博bo 文wen 斌bin 思si 佳jia 欣xin 子zi 泽ze 轩xuan 睿rui 昊hao 晓xiao 雨yu 梓zi 一yi 嘉jia 峰feng 辰chen 航hang 天tian 志zhi 亮liang 俊jun 帆fan 颖ying 蕾lei 倩qian 瑶yao 然ran 诚cheng 彬bin 毅yi 健jian 立li 晟sheng 远yuan 清qing 若ruo 舒shu 韵yun 楠nan 玥yue 翔xiang 铭ming 卓zhuo 逸yi 弘hong 益yi 国guo 建jian 永yong 海hai 东dong 春chun 光guang 振zhen 宏hong 坤kun 蔚wei 菲fei 璐lu 露lu 悦yue 萱xuan 晗han 昕xin 冰bing 岩yan 松song 钧jun 哲zhe 曦xi'
    .split(' ')
    .map(splitPinyin);

function splitPinyin(entry: string): [string, string] {
  const at = entry.search(/[a-z]/);
  return [entry.slice(0, at), entry.slice(at)];
}

export interface PersonName {
  name: string;
  pinyin: string;
}

export function personName(rng: Random): PersonName {
  // Zipf-like: 王李张刘陈 are far more common than 司马.
  const s = SURNAMES[Math.floor(SURNAMES.length * rng.next() ** 2.2)]!;
  const first = rng.pick(GIVEN);
  if (rng.chance(0.28)) return { name: s[0] + first[0], pinyin: s[1] + first[1] };
  let second = rng.pick(GIVEN);
  while (second[0] === first[0]) second = rng.pick(GIVEN);
  return { name: s[0] + first[0] + second[0], pinyin: s[1] + first[1] + second[1] };
}

const BRAND_FIRST = [
  ...'澜芯智云星极元灵深蓝启微锐衡博卓睿驰拓优易数凌鲲鸿沐青晶量格迈安恒思乐禾森源峰昕曦翼擎驭途萌鲜悦简知聆墨川宸璟沃纵觅橙柚',
];
const BRAND_SECOND = [
  ...'芯智图瞳途景跃行驰能源动链核维度微达通讯创迈视声言帆舟翼擎穹宇熠晟泰康和禾悦趣米果鲸鹿狐豹元境界峰岚瀚栖格序衍',
];
const FUND_FIRST = [...'澄砚朔岱泓曜璞瀚栎衍沐栖岚溪鹤霁煦渊峻朗舒岳麓澈谦弈恪熙湛崇望拓'];
const FUND_SECOND = [...'远川石岳山峰湖原禾木桥泉晖明德行知和鼎衡章岩林渊溪野舟'];

/** Pairs that spell a real company, brand or fund; never generated. */
const BLOCKED = new Set(
  '极光 星途 云图 科达 联创 天合 晶科 博科 华康 天源 华源 智云 思科 数科 联通 华通 天迈 安科 易联 普联 微科 恒瑞 迈瑞 瑞康 康泰 华泰 安泰 普天 华创 启明 源码 松禾 博通 光启 和仁 卓达 鲸鲸 凌云 星云 深蓝 云途 元气 灵犀 优途 驰能 简单 乐行 思维 知行 峰岚 易达 鸿途 安和 智行 极智 沐禾 优行 易行 青禾 星驰 源和 格林 鹤山 岳麓 朗明 熙和 崇德 泓德 明德 舒城 泓远'.split(
    ' ',
  ),
);

function pair(rng: Random, first: string[], second: string[]): string {
  for (;;) {
    const a = rng.pick(first);
    const b = rng.pick(second);
    if (a !== b && !BLOCKED.has(a + b)) return a + b;
  }
}

/** A two-character company 字号 / brand, e.g. 澜瞳, 擎宇. */
export function brandWord(rng: Random): string {
  return pair(rng, BRAND_FIRST, BRAND_SECOND);
}

/** A two-character fund 字号, e.g. 澄远, 岱川. */
export function fundWord(rng: Random): string {
  return pair(rng, FUND_FIRST, FUND_SECOND);
}

/** Hands out names once: a generator asks again until a fresh one comes. */
export class UniqueNames {
  private readonly used = new Set<string>();

  take(make: () => string, maxTries = 50): string {
    for (let i = 0; i < maxTries; i++) {
      const name = make();
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
    throw new Error('ran out of unique demo names');
  }

  has(name: string): boolean {
    return this.used.has(name);
  }
}

export const UNIVERSITIES = [
  '清华大学',
  '北京大学',
  '浙江大学',
  '上海交通大学',
  '复旦大学',
  '中国科学技术大学',
  '南京大学',
  '哈尔滨工业大学',
  '华中科技大学',
  '西安交通大学',
  '武汉大学',
  '中山大学',
  '同济大学',
  '北京航空航天大学',
  '电子科技大学',
  '东南大学',
  '厦门大学',
  '中国人民大学',
  '斯坦福大学',
  '麻省理工学院',
  '加州大学伯克利分校',
  '卡内基梅隆大学',
  '新加坡国立大学',
  '香港科技大学',
  '帝国理工学院',
];

export const DEGREES = ['本科', '硕士', '博士', 'MBA'];

export const PREVIOUS_EMPLOYERS = [
  '国内头部互联网公司',
  '知名外资半导体企业',
  '国内龙头新能源企业',
  '世界五百强工业集团',
  '跨国医药企业',
  '头部咨询公司',
  '知名投资银行',
  '国内一线券商研究所',
  '中国科学院下属研究所',
  '头部新能源车企',
  '国际知名消费品集团',
  '知名云计算厂商',
  '大型国有企业',
  '头部医疗器械企业',
];

export const PUBLISHER_KINDS = ['研究院', '证券研究所', '产业研究中心', '咨询', '智库'];
export const NEWS_SOURCES = ['金桥快讯', '创投日报', '科创观察', '产业前沿', '资本周刊', '硬科技观察'];
