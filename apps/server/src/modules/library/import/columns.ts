/**
 * The columns an import file may have, per kind: the Chinese header of the template, the other
 * headers accepted for it (English included), and how its cells are read. docs/import.md lists
 * the same columns; the CSV templates under ./templates are generated from this file's order.
 */

export type ImportKind = 'institutions' | 'investors' | 'projects';

export const IMPORT_KINDS: readonly ImportKind[] = ['institutions', 'investors', 'projects'];

export const KIND_LABELS: Record<ImportKind, string> = {
  institutions: '机构',
  investors: '投资人',
  projects: '项目',
};

export type CellKind =
  | 'text'
  | 'longText'
  | 'year'
  | 'amount'
  | 'industries'
  | 'stages'
  | 'stage'
  | 'provinces'
  | 'region'
  | 'list'
  | 'phone'
  | 'email'
  | 'url'
  | 'currency'
  | 'institutionType'
  | 'institution'
  | 'team';

export interface ColumnSpec {
  key: string;
  label: string;
  aliases: string[];
  cell: CellKind;
  required?: boolean;
}

const EXTERNAL_ID: ColumnSpec = {
  key: 'externalId',
  label: '外部ID',
  aliases: ['外部编号', '编号', 'external_id', 'externalid', 'id'],
  cell: 'text',
};

const TICKET: ColumnSpec[] = [
  {
    key: 'ticketMin',
    label: '单笔投资下限(万元)',
    aliases: ['单笔投资下限', '最小投资额(万元)', 'ticket_min', 'ticketmin'],
    cell: 'amount',
  },
  {
    key: 'ticketMax',
    label: '单笔投资上限(万元)',
    aliases: ['单笔投资上限', '最大投资额(万元)', 'ticket_max', 'ticketmax'],
    cell: 'amount',
  },
];

export const COLUMNS: Record<ImportKind, ColumnSpec[]> = {
  institutions: [
    EXTERNAL_ID,
    {
      key: 'name',
      label: '名称',
      aliases: ['机构名称', '机构全称', '全称', 'name'],
      cell: 'text',
      required: true,
    },
    { key: 'shortName', label: '简称', aliases: ['机构简称', 'short_name', 'shortname'], cell: 'text' },
    { key: 'type', label: '类型', aliases: ['机构类型', 'type'], cell: 'institutionType' },
    {
      key: 'foundedYear',
      label: '成立年份',
      aliases: ['成立时间', '成立日期', 'founded_year', 'founded'],
      cell: 'year',
    },
    {
      key: 'aumMin',
      label: '管理规模下限(万元)',
      aliases: ['管理规模下限', 'aum_min', 'aummin'],
      cell: 'amount',
    },
    {
      key: 'aumMax',
      label: '管理规模上限(万元)',
      aliases: ['管理规模上限', 'aum_max', 'aummax'],
      cell: 'amount',
    },
    { key: 'currency', label: '币种', aliases: ['currency'], cell: 'currency' },
    {
      key: 'regions',
      label: '所在地区',
      aliases: ['关注地区', '地区', '投资地区', 'regions', 'region'],
      cell: 'provinces',
    },
    {
      key: 'industries',
      label: '关注行业',
      aliases: ['投资行业', '行业', 'industries', 'industry'],
      cell: 'industries',
    },
    { key: 'stages', label: '投资阶段', aliases: ['投资轮次', '阶段', 'stages', 'stage'], cell: 'stages' },
    ...TICKET,
    { key: 'thesis', label: '投资理念', aliases: ['投资策略', '投资逻辑', 'thesis'], cell: 'longText' },
    { key: 'description', label: '简介', aliases: ['机构简介', '介绍', 'description'], cell: 'longText' },
    { key: 'website', label: '官网', aliases: ['网址', '网站', 'website'], cell: 'url' },
  ],
  investors: [
    EXTERNAL_ID,
    { key: 'name', label: '姓名', aliases: ['投资人姓名', '名字', 'name'], cell: 'text', required: true },
    {
      key: 'institution',
      label: '所属机构',
      aliases: ['机构', '机构名称', 'institution', 'org'],
      cell: 'institution',
    },
    { key: 'title', label: '职务', aliases: ['职位', '头衔', 'title'], cell: 'text' },
    {
      key: 'industries',
      label: '关注行业',
      aliases: ['投资行业', '行业', 'industries', 'industry'],
      cell: 'industries',
    },
    { key: 'stages', label: '投资阶段', aliases: ['投资轮次', '阶段', 'stages', 'stage'], cell: 'stages' },
    ...TICKET,
    {
      key: 'regions',
      label: '关注地区',
      aliases: ['所在地区', '地区', 'regions', 'region'],
      cell: 'provinces',
    },
    { key: 'bio', label: '个人简介', aliases: ['简介', '介绍', 'bio'], cell: 'longText' },
    {
      key: 'phone',
      label: '电话',
      aliases: ['手机', '手机号', '联系电话', 'phone', 'mobile'],
      cell: 'phone',
    },
    { key: 'email', label: '邮箱', aliases: ['电子邮箱', 'email', 'e-mail'], cell: 'email' },
    { key: 'wechat', label: '微信', aliases: ['微信号', 'wechat'], cell: 'text' },
  ],
  projects: [
    EXTERNAL_ID,
    {
      key: 'name',
      label: '公司名称',
      aliases: ['企业名称', '公司全称', '名称', 'company', 'name'],
      cell: 'text',
      required: true,
    },
    {
      key: 'brandName',
      label: '项目名称',
      aliases: ['品牌名称', '品牌', '简称', 'brand', 'brand_name'],
      cell: 'text',
    },
    {
      key: 'industries',
      label: '所属行业',
      aliases: ['行业', '细分行业', 'industries', 'industry'],
      cell: 'industries',
      required: true,
    },
    { key: 'tags', label: '标签', aliases: ['关键词', 'tags'], cell: 'list' },
    { key: 'stage', label: '融资轮次', aliases: ['当前轮次', '轮次', '融资阶段', 'stage'], cell: 'stage' },
    {
      key: 'amountSought',
      label: '拟融资金额(万元)',
      aliases: ['融资金额(万元)', '拟融资金额', 'amount', 'amount_sought'],
      cell: 'amount',
    },
    { key: 'currency', label: '币种', aliases: ['currency'], cell: 'currency' },
    {
      key: 'region',
      label: '所在地区',
      aliases: ['地区', '城市', '所在城市', 'region', 'city'],
      cell: 'region',
    },
    {
      key: 'foundedYear',
      label: '成立年份',
      aliases: ['成立时间', '成立日期', 'founded_year', 'founded'],
      cell: 'year',
    },
    { key: 'description', label: '项目简介', aliases: ['简介', '公司简介', 'description'], cell: 'longText' },
    { key: 'products', label: '产品', aliases: ['主要产品', '产品介绍', 'products'], cell: 'longText' },
    { key: 'team', label: '团队成员', aliases: ['核心团队', '团队', 'team'], cell: 'team' },
    { key: 'website', label: '官网', aliases: ['网址', '网站', 'website'], cell: 'url' },
    { key: 'contactName', label: '联系人', aliases: ['联系人姓名', 'contact', 'contact_name'], cell: 'text' },
    { key: 'contactTitle', label: '联系人职务', aliases: ['联系人职位', 'contact_title'], cell: 'text' },
    {
      key: 'contactPhone',
      label: '联系电话',
      aliases: ['联系人电话', '电话', '手机', 'phone'],
      cell: 'phone',
    },
    { key: 'contactEmail', label: '联系邮箱', aliases: ['联系人邮箱', '邮箱', 'email'], cell: 'email' },
  ],
};

/** Header text compared loosely: full-width folded, no spaces or *, lower case, () for （）. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKC')
    .replace(/[\s*＊]/g, '')
    .toLowerCase();
}

/** Column spec per normalized header for a kind. */
export function headerIndex(kind: ImportKind): Map<string, ColumnSpec> {
  const index = new Map<string, ColumnSpec>();
  for (const spec of COLUMNS[kind]) {
    for (const name of [spec.label, ...spec.aliases]) {
      const key = normalizeHeader(name);
      if (!index.has(key)) index.set(key, spec);
    }
  }
  return index;
}

/** The kind whose headers a file matches best (its required columns present), or undefined. */
export function detectKind(headers: string[]): ImportKind | undefined {
  let best: { kind: ImportKind; score: number } | undefined;
  for (const kind of IMPORT_KINDS) {
    const index = headerIndex(kind);
    const matched = new Set(headers.map((h) => index.get(normalizeHeader(h))).filter(Boolean));
    const required = COLUMNS[kind].filter((c) => c.required);
    if (!required.every((c) => matched.has(c))) continue;
    // Label matches count more than alias matches: 名称 is an institution, 公司名称 a project.
    const labels = headers.filter((h) =>
      COLUMNS[kind].some((c) => normalizeHeader(c.label) === normalizeHeader(h)),
    );
    const score = matched.size + labels.length;
    if (!best || score > best.score) best = { kind, score };
  }
  return best?.kind;
}
