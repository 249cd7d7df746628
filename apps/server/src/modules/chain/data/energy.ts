/** Curated chains: new-energy vehicles, storage, photovoltaics, hydrogen, materials, environment. */
import { type ChainDef, chain, node } from './types.js';

export const ENERGY_CHAINS: ChainDef[] = [
  chain(
    'nev',
    '新能源汽车产业链',
    '从锂资源与电池材料，经动力电池、电驱电控与整车，到充换电、后市场与电池回收。',
    [
      '原材料与核心零部件',
      [
        node('lithium', '锂矿与锂盐', '锂辉石、盐湖提锂及碳酸锂、氢氧化锂等锂盐。', {
          kw: ['锂矿', '锂盐', '碳酸锂', '氢氧化锂', '盐湖提锂', '锂辉石'],
          to: ['cathode', 'electrolyte'],
          sparse: true,
        }),
        node('cathode', '正极材料', '三元、磷酸铁锂、磷酸锰铁锂等正极材料。', {
          subs: ['new-materials.battery'],
          kw: ['正极材料', '正极', '三元材料', '高镍', '磷酸锰铁锂'],
          to: ['battery'],
        }),
        node('anode', '负极材料', '人造石墨、硅碳等负极材料。', {
          subs: ['new-materials.battery'],
          kw: ['负极材料', '负极', '硅碳', '人造石墨'],
          to: ['battery'],
        }),
        node('electrolyte', '电解液与固态电解质', '液态电解液、锂盐添加剂与硫化物、氧化物固态电解质。', {
          subs: ['new-materials.battery'],
          kw: ['电解液', '固态电解质', '电解质', '六氟磷酸锂'],
          to: ['battery'],
        }),
        node('separator', '隔膜', '湿法、干法及涂覆隔膜。', {
          subs: ['new-materials.battery'],
          kw: ['隔膜', '湿法隔膜', '涂覆隔膜'],
          to: ['battery'],
          sparse: true,
        }),
        node('chips', '车规芯片与功率器件', '碳化硅、IGBT 功率器件与智能驾驶计算芯片。', {
          subs: ['semiconductor.power', 'semiconductor.ai-chip', 'semiconductor.analog'],
          kw: ['碳化硅', 'IGBT', '车规', '智能驾驶计算芯片', '电池管理AFE'],
          to: ['edrive', 'adas', 'electronics'],
        }),
        node('sensors', '感知传感器', '激光雷达、毫米波雷达与车载摄像头等感知器件。', {
          subs: ['iot.sensor'],
          kw: ['激光雷达', '毫米波雷达', '车载摄像头'],
          to: ['adas'],
        }),
      ],
    ],
    [
      '三电系统、智能化与整车',
      [
        node('battery', '动力电池', '动力电芯、模组与电池包。', {
          subs: ['nev.battery'],
          kw: ['动力电池', '动力电芯', '电芯', '固态电池', '大圆柱'],
          to: ['vehicle', 'recycling'],
          sub: [
            ['lfp', '磷酸铁锂电芯', ['磷酸铁锂']],
            ['solid', '固态与半固态电池', ['半固态', '固态电池']],
            ['cylinder', '大圆柱电池', ['大圆柱', '4680']],
          ],
        }),
        node('edrive', '电驱电控', '驱动电机、电机控制器与多合一电驱总成。', {
          subs: ['nev.edrive'],
          kw: ['电驱', '电控', '电机控制器'],
          to: ['vehicle'],
          sub: [
            ['assembly', '电驱总成', ['电驱总成', '多合一']],
            ['controller', '电机控制器', ['电机控制器']],
          ],
        }),
        node('adas', '智能驾驶', '辅助驾驶方案、自动泊车与感知融合。', {
          subs: ['nev.adas'],
          kw: ['智能驾驶', '自动驾驶', '辅助驾驶', '自动泊车'],
          to: ['vehicle'],
        }),
        node('cockpit', '智能座舱', '座舱域控制器、车载语音与抬头显示。', {
          subs: ['nev.cockpit'],
          kw: ['智能座舱', '座舱', 'HUD', '车载语音'],
          to: ['vehicle'],
        }),
        node('electronics', '汽车电子与线控底盘', '域控制器、线控底盘与车载网络。', {
          subs: ['nev.electronics'],
          kw: ['域控制器', '线控底盘', '车载以太网'],
          to: ['vehicle'],
        }),
        node('vehicle', '整车制造', '乘用车与商用车整车研发制造。', {
          subs: ['nev.vehicle'],
          kw: ['整车', '物流车', '重卡', 'SUV'],
          to: ['charging', 'aftermarket', 'used-car', 'v2x'],
          sub: [
            ['passenger', '乘用车', ['SUV', '乘用车', '增程']],
            ['commercial', '商用车', ['物流车', '重卡', '商用车']],
          ],
        }),
      ],
    ],
    [
      '补能、服务与回收',
      [
        node('charging', '充换电', '超充桩、换电站与充电运营平台。', {
          subs: ['nev.charging'],
          kw: ['充电桩', '超充', '换电', '充电运营'],
          sub: [
            ['supercharge', '超充', ['超充', '液冷']],
            ['swap', '换电', ['换电']],
            ['operation', '充电运营', ['运营平台', '充电运营']],
          ],
        }),
        node('aftermarket', '维修保养与汽配', '新能源三电维修、快修连锁与汽配流通。', {
          subs: ['auto-aftermarket.repair', 'auto-aftermarket.parts'],
          kw: ['新能源汽车维修', '三电维修', '汽配'],
        }),
        node('used-car', '二手车与汽车金融', '二手车交易、检测、出口与车险、融资租赁。', {
          subs: ['auto-aftermarket.used-car', 'auto-aftermarket.finance'],
          kw: ['二手车', '车险', '汽车金融', '融资租赁'],
        }),
        node('v2x', '车联网与车路协同', '车载 T-Box、路侧感知与车路协同平台。', {
          subs: ['iot.v2x'],
          kw: ['车联网', '车路协同', 'T-Box', 'V2X'],
        }),
        node('recycling', '电池回收与梯次利用', '退役动力电池的梯次利用与材料再生。', {
          subs: ['environmental.recycling'],
          kw: ['电池回收', '退役动力电池', '梯次利用', '湿法冶金'],
        }),
      ],
    ],
  ),

  chain(
    'energy-storage',
    '储能产业链',
    '从电池材料与电芯、变流器等核心设备，经系统集成，到电源侧、电网侧、工商业与户用场景。',
    [
      '材料、电芯与核心部件',
      [
        node('materials', '电池材料', '正负极、电解液与钠离子电池材料。', {
          subs: ['new-materials.battery'],
          kw: ['正极材料', '负极材料', '电解质', '钠离子'],
          to: ['cell'],
        }),
        node('cell', '储能电芯', '大容量磷酸铁锂储能电芯与钠离子电池。', {
          subs: ['energy-storage.battery'],
          kw: ['储能电芯', '314Ah', '钠离子', '电池模组'],
          to: ['integration', 'grid', 'ci', 'home'],
          sub: [
            ['lfp', '磷酸铁锂电芯', ['314Ah', '储能电芯']],
            ['sodium', '钠离子电池', ['钠离子']],
            ['module', '电池模组', ['模组']],
          ],
        }),
        node('pcs', '储能变流器（PCS）', '构网型与组串式变流器、升压一体机。', {
          subs: ['energy-storage.pcs'],
          kw: ['变流器', 'PCS', '升压'],
          to: ['integration'],
        }),
        node('power-devices', '功率器件与电源芯片', 'IGBT、碳化硅器件与电池管理芯片。', {
          subs: ['semiconductor.power', 'semiconductor.analog'],
          kw: ['IGBT', '碳化硅', '电池管理AFE', '电源管理'],
          to: ['pcs', 'ems'],
        }),
        node('thermal', '温控与消防', '液冷温控、热管理与储能消防。', {
          kw: ['液冷温控', '温控', '储能消防', '热管理'],
          to: ['integration'],
          sparse: true,
        }),
      ],
    ],
    [
      '系统集成与能量管理',
      [
        node('ems', '能量管理与BMS', '储能能量管理系统、电池管理系统与虚拟电厂。', {
          subs: ['energy-storage.ems'],
          kw: ['能量管理', 'BMS', 'EMS', '虚拟电厂'],
          to: ['integration'],
        }),
        node('integration', '储能系统集成', '电芯、PCS、温控与 EMS 集成为储能系统。', {
          subs: ['energy-storage.ems', 'energy-storage.grid'],
          kw: ['储能集装箱', '系统集成', '储能集成'],
          to: ['grid', 'ci', 'home'],
        }),
        node('flow', '液流电池', '全钒、铁铬液流电池及电堆。', {
          subs: ['energy-storage.flow'],
          kw: ['液流电池', '全钒', '铁铬'],
          to: ['grid'],
        }),
        node('physical', '物理储能', '压缩空气、飞轮与重力储能。', {
          subs: ['energy-storage.physical'],
          kw: ['压缩空气', '飞轮', '重力储能'],
          to: ['grid'],
        }),
      ],
    ],
    [
      '应用场景',
      [
        node('grid', '电源侧与电网侧储能', '独立共享储能、调频储能与大型储能电站。', {
          subs: ['energy-storage.grid'],
          kw: ['共享储能', '独立储能', '调频', '储能电站'],
        }),
        node('ci', '工商业储能', '工商业一体柜、光储充与园区微电网。', {
          subs: ['energy-storage.ci'],
          kw: ['工商业储能', '一体柜', '光储充', '微电网'],
        }),
        node('home', '户用与便携储能', '户用储能一体机、便携电源与阳台光储。', {
          subs: ['energy-storage.home', 'cross-border.brand'],
          kw: ['户用储能', '便携式储能', '阳台光储', '户外储能'],
        }),
        node('recycling', '电池回收', '退役电池拆解与梯次利用。', {
          subs: ['environmental.recycling'],
          kw: ['电池回收', '梯次利用', '退役动力电池'],
        }),
      ],
    ],
  ),

  chain(
    'photovoltaic',
    '光伏产业链',
    '从多晶硅、硅片与辅材，经电池片、组件与逆变器，到集中式与分布式电站及运维。',
    [
      '硅料、硅片与辅材',
      [
        node('silicon', '多晶硅与硅片', '颗粒硅、N 型单晶硅片与切片设备。', {
          subs: ['photovoltaic.silicon'],
          kw: ['多晶硅', '颗粒硅', '硅片'],
          to: ['cell'],
          sub: [
            ['polysilicon', '多晶硅', ['颗粒硅', '多晶硅']],
            ['wafer', '单晶硅片', ['单晶硅片', '硅片']],
          ],
        }),
        node('auxiliary', '辅材与封装材料', '光伏玻璃、胶膜、银浆、边框等辅材。', {
          kw: ['光伏玻璃', '胶膜', '银浆', '光伏辅材'],
          to: ['module'],
          sparse: true,
        }),
        node('equipment', '光伏设备', '硅片切割、电池片与组件生产设备、钙钛矿涂布设备。', {
          subs: ['photovoltaic.silicon', 'photovoltaic.perovskite'],
          kw: ['切割设备', '涂布设备', '光伏设备', '设备'],
          to: ['cell', 'perovskite'],
        }),
      ],
    ],
    [
      '电池片、组件与逆变器',
      [
        node('cell', '电池片', 'TOPCon、异质结与 BC 背接触电池片。', {
          subs: ['photovoltaic.cell'],
          kw: ['电池片', 'TOPCon', '异质结', 'BC'],
          to: ['module'],
          sub: [
            ['topcon', 'TOPCon', ['TOPCon']],
            ['hjt', '异质结', ['异质结', 'HJT']],
            ['bc', 'BC背接触', ['背接触', 'BC']],
          ],
        }),
        node('perovskite', '钙钛矿与叠层电池', '钙钛矿单结组件与晶硅叠层电池。', {
          subs: ['photovoltaic.perovskite'],
          kw: ['钙钛矿', '叠层'],
          to: ['module'],
        }),
        node('module', '光伏组件', '双面双玻、柔性与建筑一体化组件。', {
          subs: ['photovoltaic.module'],
          kw: ['组件', 'BIPV', '光伏瓦'],
          to: ['utility', 'distributed'],
        }),
        node('inverter', '逆变器', '组串式、微型与光储混合逆变器。', {
          subs: ['photovoltaic.inverter'],
          kw: ['逆变器'],
          to: ['utility', 'distributed'],
        }),
      ],
    ],
    [
      '电站开发与运营',
      [
        node('utility', '集中式电站', '大型地面电站的开发、建设与并网。', {
          kw: ['集中式电站', '地面电站', '光伏基地'],
          sparse: true,
        }),
        node('distributed', '分布式光伏', '工商业屋顶、户用光伏与整县推进。', {
          subs: ['photovoltaic.plant'],
          kw: ['分布式', '屋顶光伏', '户用光伏'],
        }),
        node('om', '电站运维与光储融合', '智能运维、光储一体与组件回收。', {
          subs: ['photovoltaic.plant', 'environmental.recycling'],
          kw: ['智能运维', '光储', '光伏组件回收'],
        }),
      ],
    ],
  ),

  chain(
    'hydrogen',
    '氢能产业链',
    '从可再生电力制氢，经储运与加注，到燃料电池与交通、化工、冶金应用。',
    [
      '制氢',
      [
        node('electrolyzer', '电解水制氢装备', '碱性、PEM 与 AEM 电解槽。', {
          subs: ['hydrogen.electrolyzer'],
          kw: ['电解槽', '电解水', '制氢'],
          to: ['storage'],
          sub: [
            ['alk', '碱性电解槽', ['碱性']],
            ['pem', 'PEM电解槽', ['PEM']],
            ['aem', 'AEM电解槽', ['AEM']],
          ],
        }),
        node('materials', '关键材料与部件', '膜电极、双极板、催化剂与质子交换膜。', {
          subs: ['hydrogen.fuelcell'],
          kw: ['膜电极', '双极板', '催化剂', '质子交换膜'],
          to: ['fuelcell'],
        }),
        node('green-power', '可再生电力', '为绿氢提供电力的风电与光伏。', {
          kw: ['绿电', '风光制氢'],
          to: ['electrolyzer'],
          sparse: true,
        }),
      ],
    ],
    [
      '储运与加注',
      [
        node('storage', '储运氢', '高压气态、液氢与固态储氢及运输装备。', {
          subs: ['hydrogen.storage'],
          kw: ['储氢', '液氢', '储氢瓶'],
          to: ['station'],
        }),
        node('station', '加氢站', '撬装式加氢站、加氢机与站内制氢。', {
          subs: ['hydrogen.station'],
          kw: ['加氢站', '加氢机'],
          to: ['fuelcell'],
        }),
      ],
    ],
    [
      '燃料电池与应用',
      [
        node('fuelcell', '燃料电池系统', '电堆、燃料电池发动机与系统集成。', {
          subs: ['hydrogen.fuelcell'],
          kw: ['燃料电池', '电堆'],
          to: ['transport'],
        }),
        node('transport', '氢能交通', '氢燃料电池重卡、客车与物流车。', {
          subs: ['nev.vehicle'],
          kw: ['氢燃料', '燃料电池汽车', '氢能重卡'],
          sparse: true,
        }),
        node('industry', '工业与化工用氢', '绿氢化工、氢冶金与储能发电。', {
          kw: ['绿氢化工', '氢冶金', '合成氨'],
          sparse: true,
        }),
      ],
    ],
  ),

  chain(
    'new-materials',
    '新材料产业链',
    '从基础化工原料与矿产，经材料研发、制备与改性，到新能源、电子、航空航天与医疗等下游。',
    [
      '原料与制备装备',
      [
        node('raw', '基础原料与矿产', '锂、稀土、石油化工与生物质原料。', {
          kw: ['稀土', '化工原料', '生物质原料'],
          to: ['battery', 'polymer', 'synbio'],
          sparse: true,
        }),
        node('process', '制备工艺与装备', '粉末冶金、发酵、涂布与纤维纺丝等工艺装备。', {
          kw: ['粉末冶金', '发酵', '纺丝', '高通量材料计算'],
          to: ['alloy', 'synbio', 'fiber'],
          sparse: true,
        }),
      ],
    ],
    [
      '材料研发与制造',
      [
        node('battery', '锂电与固态电池材料', '正负极、电解质与固态电解质。', {
          subs: ['new-materials.battery'],
          kw: ['正极', '负极', '电解质'],
          to: ['new-energy'],
          sub: [
            ['cathode', '正极材料', ['正极']],
            ['anode', '负极材料', ['负极', '硅碳']],
            ['solid-electrolyte', '固态电解质', ['固态电解质']],
          ],
        }),
        node('electronic', '电子化学品', '湿电子化学品、CMP 抛光液与封装材料。', {
          subs: ['new-materials.electronic', 'semiconductor.materials'],
          kw: ['电子化学品', '抛光液', '封装材料', '光刻胶', '电子特种气体'],
          to: ['electronics'],
        }),
        node('fiber', '高性能纤维与复合材料', '碳纤维、芳纶与热塑性复合材料。', {
          subs: ['new-materials.fiber'],
          kw: ['碳纤维', '芳纶', '复合材料'],
          to: ['aero', 'new-energy'],
        }),
        node('alloy', '特种合金', '高温合金、钛合金粉末与非晶合金。', {
          subs: ['new-materials.alloy'],
          kw: ['高温合金', '钛合金', '非晶合金'],
          to: ['aero'],
        }),
        node('polymer', '高分子材料', '特种工程塑料、可降解材料与光学膜。', {
          subs: ['new-materials.polymer'],
          kw: ['工程塑料', 'PEEK', '可降解', '光学膜'],
          to: ['electronics', 'medical'],
        }),
        node('synbio', '合成生物材料', '生物基尼龙、重组胶原蛋白与生物基化学品。', {
          subs: ['new-materials.synbio'],
          kw: ['合成生物', '生物基', '重组胶原蛋白'],
          to: ['medical', 'consumer'],
        }),
        node('nano', '纳米与碳材料', '石墨烯、碳纳米管与气凝胶。', {
          subs: ['new-materials.nano'],
          kw: ['石墨烯', '碳纳米管', '气凝胶'],
          to: ['new-energy', 'electronics'],
        }),
      ],
    ],
    [
      '下游应用',
      [
        node('new-energy', '新能源应用', '动力与储能电池、光伏与风电。', {
          subs: ['nev.battery', 'energy-storage.battery'],
          kw: ['动力电池', '储能电池'],
        }),
        node('electronics', '电子与半导体应用', '芯片制造、显示与消费电子。', {
          subs: ['consumer-electronics.display'],
          kw: ['显示', '半导体'],
        }),
        node('aero', '航空航天与高端装备', '航空结构件、发动机零部件与卫星。', {
          subs: ['aerospace.parts'],
          kw: ['航空', '复合材料结构件', '叶片'],
        }),
        node('medical', '医疗与生命健康', '医用材料、敷料与植入器械。', {
          subs: ['medical-device.high-value', 'health.aesthetics'],
          kw: ['胶原蛋白', '可降解支架', '医用材料'],
        }),
        node('consumer', '消费与日化', '生物基日化、可降解包装与纺织。', {
          kw: ['可降解包装', '生物基纤维'],
          sparse: true,
        }),
      ],
    ],
  ),

  chain(
    'environmental',
    '环保产业链',
    '从环保设备与材料，经工程建设与运营服务，到工业企业、市政与园区客户；循环利用与碳管理贯穿其中。',
    [
      '设备、材料与监测',
      [
        node('membrane', '膜材料与水处理设备', 'MBR 膜组件、零排放系统与分布式污水设备。', {
          subs: ['environmental.water'],
          kw: ['膜组件', 'MBR', '膜材料', '污水处理设备'],
          to: ['water'],
        }),
        node('air-equipment', '大气治理设备与催化剂', 'VOCs 治理设备、除尘系统与脱硝催化剂。', {
          subs: ['environmental.air'],
          kw: ['VOCs治理设备', '脱硝催化剂', '催化剂', '除尘设备'],
          to: ['air'],
        }),
        node('monitoring', '环境监测', '水质、大气在线监测仪器与监测平台。', {
          subs: ['environmental.monitoring'],
          kw: ['监测', '在线监测'],
          to: ['water', 'air', 'carbon'],
        }),
      ],
    ],
    [
      '治理工程与运营服务',
      [
        node('water', '水处理与水务运营', '工业废水、市政污水的工程与运营。', {
          subs: ['environmental.water'],
          kw: ['废水', '零排放', '污水处理', '水务'],
          to: ['industry', 'municipal'],
        }),
        node('air', '大气治理工程', '工业废气治理工程与运营。', {
          subs: ['environmental.air'],
          kw: ['工业除尘', '除尘系统', '废气治理', '大气治理', 'VOCs治理'],
          to: ['industry'],
        }),
        node('recycling', '资源循环利用', '动力电池、光伏组件与塑料的回收再生。', {
          subs: ['environmental.recycling'],
          kw: ['回收', '再生', '循环利用'],
          to: ['industry', 'municipal'],
          sub: [
            ['battery', '电池回收', ['电池回收', '退役动力电池']],
            ['pv', '光伏组件回收', ['光伏组件回收']],
            ['plastic', '再生塑料', ['再生塑料']],
          ],
        }),
        node('energy-saving', '节能与综合能源服务', '余热回收、合同能源管理与综合能源平台。', {
          subs: ['environmental.energy-saving'],
          kw: ['节能', '余热', '合同能源管理', '综合能源'],
          to: ['industry', 'park'],
        }),
        node('carbon', '碳管理与CCUS', '碳核算 SaaS、碳足迹认证与碳捕集。', {
          subs: ['environmental.carbon'],
          kw: ['碳管理', '碳足迹', '碳捕集', 'CCUS', '碳核算'],
          to: ['industry', 'park'],
        }),
      ],
    ],
    [
      '客户与场景',
      [
        node('industry', '工业企业', '化工、钢铁、电子等工业企业的环保与减碳。', {
          kw: ['工业企业', '化工园区'],
          sparse: true,
        }),
        node('municipal', '市政与公用事业', '城镇污水、垃圾处理与水务集团。', {
          kw: ['市政', '水务'],
          sparse: true,
        }),
        node('park', '园区与建筑', '工业园区、公共建筑的节能改造与综合能源。', {
          subs: ['proptech.green-building'],
          kw: ['园区', '节能建材', '低碳建筑'],
        }),
      ],
    ],
  ),
];
