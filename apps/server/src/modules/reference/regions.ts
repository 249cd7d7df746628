/**
 * Regions: the 34 province-level divisions and their main cities, by administrative code
 * (GB/T 2260). Municipalities have one city row (110100 北京市) so every project can carry a
 * province and a city. Reference data in code; the `regions` table is filled from it at start.
 */

export interface RegionRow {
  code: string;
  parentCode: string | null;
  name: string;
  shortName: string;
}

/** [code, full name, short name, cities as "code名称" pairs]. */
const DATA: [string, string, string, string[]][] = [
  ['110000', '北京市', '北京', ['110100北京市']],
  ['120000', '天津市', '天津', ['120100天津市']],
  [
    '130000',
    '河北省',
    '河北',
    ['130100石家庄市', '130200唐山市', '130300秦皇岛市', '130400邯郸市', '130600保定市', '131000廊坊市'],
  ],
  ['140000', '山西省', '山西', ['140100太原市', '140200大同市', '140400长治市']],
  ['150000', '内蒙古自治区', '内蒙古', ['150100呼和浩特市', '150200包头市', '150600鄂尔多斯市']],
  ['210000', '辽宁省', '辽宁', ['210100沈阳市', '210200大连市', '210300鞍山市']],
  ['220000', '吉林省', '吉林', ['220100长春市', '220200吉林市']],
  ['230000', '黑龙江省', '黑龙江', ['230100哈尔滨市', '230600大庆市']],
  ['310000', '上海市', '上海', ['310100上海市']],
  [
    '320000',
    '江苏省',
    '江苏',
    [
      '320100南京市',
      '320200无锡市',
      '320300徐州市',
      '320400常州市',
      '320500苏州市',
      '320600南通市',
      '320700连云港市',
      '320900盐城市',
      '321000扬州市',
      '321100镇江市',
      '321200泰州市',
    ],
  ],
  [
    '330000',
    '浙江省',
    '浙江',
    [
      '330100杭州市',
      '330200宁波市',
      '330300温州市',
      '330400嘉兴市',
      '330500湖州市',
      '330600绍兴市',
      '330700金华市',
      '331000台州市',
    ],
  ],
  [
    '340000',
    '安徽省',
    '安徽',
    ['340100合肥市', '340200芜湖市', '340300蚌埠市', '340500马鞍山市', '340800安庆市', '341800宣城市'],
  ],
  [
    '350000',
    '福建省',
    '福建',
    ['350100福州市', '350200厦门市', '350500泉州市', '350600漳州市', '350900宁德市'],
  ],
  [
    '360000',
    '江西省',
    '江西',
    ['360100南昌市', '360400九江市', '360500新余市', '360700赣州市', '360900宜春市'],
  ],
  [
    '370000',
    '山东省',
    '山东',
    [
      '370100济南市',
      '370200青岛市',
      '370300淄博市',
      '370600烟台市',
      '370700潍坊市',
      '370800济宁市',
      '371000威海市',
      '371300临沂市',
    ],
  ],
  [
    '410000',
    '河南省',
    '河南',
    ['410100郑州市', '410200开封市', '410300洛阳市', '410700新乡市', '411000许昌市'],
  ],
  ['420000', '湖北省', '湖北', ['420100武汉市', '420500宜昌市', '420600襄阳市']],
  ['430000', '湖南省', '湖南', ['430100长沙市', '430200株洲市', '430300湘潭市', '430600岳阳市']],
  [
    '440000',
    '广东省',
    '广东',
    [
      '440100广州市',
      '440300深圳市',
      '440400珠海市',
      '440500汕头市',
      '440600佛山市',
      '440700江门市',
      '440800湛江市',
      '441200肇庆市',
      '441300惠州市',
      '441900东莞市',
      '442000中山市',
    ],
  ],
  ['450000', '广西壮族自治区', '广西', ['450100南宁市', '450200柳州市', '450300桂林市']],
  ['460000', '海南省', '海南', ['460100海口市', '460200三亚市']],
  ['500000', '重庆市', '重庆', ['500100重庆市']],
  ['510000', '四川省', '四川', ['510100成都市', '510600德阳市', '510700绵阳市', '511500宜宾市']],
  ['520000', '贵州省', '贵州', ['520100贵阳市', '520300遵义市']],
  ['530000', '云南省', '云南', ['530100昆明市', '530300曲靖市', '530400玉溪市']],
  ['540000', '西藏自治区', '西藏', ['540100拉萨市']],
  ['610000', '陕西省', '陕西', ['610100西安市', '610300宝鸡市', '610400咸阳市']],
  ['620000', '甘肃省', '甘肃', ['620100兰州市', '620500天水市']],
  ['630000', '青海省', '青海', ['630100西宁市']],
  ['640000', '宁夏回族自治区', '宁夏', ['640100银川市']],
  ['650000', '新疆维吾尔自治区', '新疆', ['650100乌鲁木齐市', '650200克拉玛依市']],
  ['710000', '台湾省', '台湾', []],
  ['810000', '香港特别行政区', '香港', []],
  ['820000', '澳门特别行政区', '澳门', []],
];

const rows: RegionRow[] = [];
for (const [code, name, shortName, cities] of DATA) {
  rows.push({ code, parentCode: null, name, shortName });
  for (const city of cities) {
    const cityName = city.slice(6);
    rows.push({
      code: city.slice(0, 6),
      parentCode: code,
      name: cityName,
      shortName: cityName.replace(/市$/u, ''),
    });
  }
}
const byCode = new Map(rows.map((row) => [row.code, row]));
const byName = new Map<string, RegionRow>();
// Provinces first: 吉林 is the province, 吉林市 the city.
for (const row of [...rows].sort((a, b) => Number(a.parentCode !== null) - Number(b.parentCode !== null))) {
  for (const key of [row.name, row.shortName, row.code]) if (!byName.has(key)) byName.set(key, row);
}

export const PROVINCES: readonly RegionRow[] = rows.filter((row) => row.parentCode === null);
export const CITIES: readonly RegionRow[] = rows.filter((row) => row.parentCode !== null);

export function regionRows(): RegionRow[] {
  return [...rows];
}

export function getRegion(code: string): RegionRow | undefined {
  return byCode.get(code);
}

export function regionName(code: string): string {
  return byCode.get(code)?.shortName ?? code;
}

export interface RegionMatch {
  provinceCode: string;
  /** Set when a city was named, or the province is a municipality with a single city. */
  cityCode: string | null;
}

/** 深圳 / 深圳市 / 广东 / 广东省深圳市 / 440300 → codes; undefined when not recognised. */
export function findRegion(text: string): RegionMatch | undefined {
  const key = text.normalize('NFKC').replace(/\s+/g, '');
  if (!key) return undefined;
  const direct = byName.get(key);
  if (direct) return toMatch(direct);
  // 广东省深圳市, 广东深圳: a province followed by one of its cities.
  for (const province of PROVINCES) {
    for (const prefix of [province.name, province.shortName]) {
      if (!key.startsWith(prefix) || key === prefix) continue;
      const rest = key.slice(prefix.length);
      const city = byName.get(rest);
      if (city && city.parentCode === province.code) return toMatch(city);
    }
  }
  return undefined;
}

function toMatch(row: RegionRow): RegionMatch {
  if (row.parentCode) return { provinceCode: row.parentCode, cityCode: row.code };
  const cities = CITIES.filter((city) => city.parentCode === row.code);
  const isMunicipality = cities.length === 1 && cities[0]!.shortName === row.shortName;
  return { provinceCode: row.code, cityCode: isMunicipality ? cities[0]!.code : null };
}
