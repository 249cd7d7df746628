/** Curated chains: manufacturing, robots, aerospace, logistics, agriculture, construction, car aftermarket. */
import { type ChainDef, chain, node } from './types.js';

export const INDUSTRY_CHAINS: ChainDef[] = [
  chain(
    'advanced-manufacturing',
    '先进制造产业链',
    '从核心零部件、数控系统与工业软件，经智能装备与产线集成，到汽车、电子、新能源与航空航天等制造业。',
    [
      '核心部件与工业软件',
      [
        node('components', '精密零部件', '减速器、丝杠、精密轴承等传动部件。', {
          subs: ['advanced-manufacturing.components'],
          kw: ['减速器', '丝杠', '轴承'],
          to: ['machine-tool', 'robot'],
          sub: [
            ['reducer', '减速器', ['减速器']],
            ['screw', '丝杠', ['丝杠']],
            ['bearing', '精密轴承', ['轴承']],
          ],
        }),
        node('software', '工业软件', 'CAD、CAE 仿真与 MES。', {
          subs: ['advanced-manufacturing.industrial-software'],
          kw: ['CAD', 'CAE', 'MES', '仿真'],
          to: ['iiot', 'machine-tool'],
          sub: [
            ['cad', '研发设计类（CAD/CAE）', ['CAD', 'CAE']],
            ['mes', '生产管理类（MES）', ['MES']],
          ],
        }),
        node('cnc', '数控系统与运动控制', '数控系统、伺服与高精度运动控制。', {
          subs: ['advanced-manufacturing.machine-tool'],
          kw: ['数控系统', '运动控制', '伺服'],
          to: ['machine-tool'],
        }),
        node('laser-source', '激光器', '超快激光器与光纤激光器。', {
          subs: ['advanced-manufacturing.laser'],
          kw: ['激光器'],
          to: ['laser'],
        }),
      ],
    ],
    [
      '智能装备与集成',
      [
        node('machine-tool', '数控机床', '五轴加工中心与精密磨床。', {
          subs: ['advanced-manufacturing.machine-tool'],
          kw: ['机床', '加工中心', '磨床'],
          to: ['auto', 'aero', 'electronics'],
        }),
        node('laser', '激光加工装备', '激光焊接、切割与微加工装备。', {
          subs: ['advanced-manufacturing.laser'],
          kw: ['激光焊接', '激光切割', '激光加工'],
          to: ['auto', 'new-energy'],
        }),
        node('vision', '机器视觉', '3D 视觉、工业相机与缺陷检测。', {
          subs: ['advanced-manufacturing.machine-vision', 'ai.cv'],
          kw: ['视觉', '工业相机', '缺陷检测'],
          to: ['electronics', 'new-energy'],
        }),
        node('additive', '增材制造', '金属与复合材料 3D 打印。', {
          subs: ['advanced-manufacturing.additive'],
          kw: ['3D打印', '增材'],
          to: ['aero', 'medical'],
        }),
        node('instruments', '科学仪器', '质谱仪、电子显微镜与检测仪器。', {
          subs: ['advanced-manufacturing.instruments'],
          kw: ['质谱', '显微镜', '检测仪器'],
          to: ['electronics', 'medical'],
        }),
        node('robot', '工业机器人', '工业与协作机器人本体。', {
          subs: ['robotics.industrial', 'robotics.cobot'],
          kw: ['工业机器人', '协作机器人', '焊接机器人'],
          to: ['auto', 'electronics'],
        }),
        node('iiot', '工业互联网与数字孪生', '工业互联网平台、预测性维护与数字孪生工厂。', {
          subs: ['advanced-manufacturing.iiot'],
          kw: ['工业互联网', '预测性维护', '数字孪生'],
          to: ['auto', 'electronics', 'new-energy'],
        }),
      ],
    ],
    [
      '下游制造业',
      [
        node('auto', '汽车制造', '整车与零部件制造。', {
          subs: ['nev.vehicle'],
          kw: ['汽车', '整车'],
        }),
        node('electronics', '电子与半导体制造', '消费电子、面板与晶圆厂。', {
          subs: ['semiconductor.equipment'],
          kw: ['半导体', '晶圆'],
        }),
        node('new-energy', '新能源制造', '锂电、光伏与储能产线。', {
          subs: ['nev.battery', 'photovoltaic.cell'],
          kw: ['锂电', '电池片'],
        }),
        node('aero', '航空航天', '航空发动机、机体结构与航天器。', {
          subs: ['aerospace.parts'],
          kw: ['航空', '叶片'],
        }),
        node('medical', '医疗器械制造', '植入物与医疗设备制造。', {
          subs: ['medical-device.high-value'],
          kw: ['植入', '医疗器械'],
        }),
      ],
    ],
  ),

  chain(
    'robotics',
    '机器人产业链',
    '从减速器、伺服电机、控制器、传感器与灵巧手，经机器人本体与系统集成，到工业、物流、商业服务与特种场景。',
    [
      '核心零部件',
      [
        node('reducer', '减速器与丝杠', '谐波、RV 减速器与行星滚柱丝杠。', {
          subs: ['advanced-manufacturing.components'],
          kw: ['减速器', '丝杠'],
          to: ['industrial', 'humanoid', 'cobot'],
        }),
        node('joint', '关节模组与灵巧手', '一体化关节、灵巧手与伺服电机。', {
          subs: ['robotics.components'],
          kw: ['关节', '灵巧手', '伺服'],
          to: ['humanoid', 'cobot'],
        }),
        node('sensor', '力觉与视觉传感器', '六维力传感器、3D 视觉与激光雷达。', {
          subs: ['robotics.components', 'advanced-manufacturing.machine-vision'],
          kw: ['力传感器', '3D视觉', '触觉'],
          to: ['humanoid', 'cobot', 'mobile'],
        }),
        node('brain', '具身智能大模型与控制器', '运动控制器与具身智能大模型。', {
          subs: ['robotics.humanoid', 'ai.llm'],
          kw: ['具身智能大模型', '控制器', '具身智能'],
          to: ['humanoid', 'service'],
        }),
        node('chips', '机器人芯片', '机器人主控、AI 芯片与电机驱动芯片。', {
          subs: ['semiconductor.ai-chip'],
          kw: ['边缘推理', '机器人芯片'],
          to: ['humanoid', 'mobile'],
        }),
      ],
    ],
    [
      '本体与系统集成',
      [
        node('industrial', '工业机器人', '六轴、重载搬运与焊接机器人。', {
          subs: ['robotics.industrial'],
          kw: ['六轴', '搬运', '焊接机器人', '工业机器人'],
          to: ['manufacturing'],
        }),
        node('cobot', '协作机器人', '协作臂、复合移动协作机器人。', {
          subs: ['robotics.cobot'],
          kw: ['协作机器人', '协作'],
          to: ['manufacturing', 'commercial'],
        }),
        node('humanoid', '人形机器人', '通用人形与轮式人形机器人。', {
          subs: ['robotics.humanoid'],
          kw: ['人形机器人', '人形'],
          to: ['manufacturing', 'commercial', 'home'],
          sub: [
            ['biped', '双足人形', ['通用人形']],
            ['wheeled', '轮式人形', ['轮式']],
          ],
        }),
        node('mobile', '移动机器人', 'AMR、AGV 与料箱机器人。', {
          subs: ['robotics.mobile'],
          kw: ['AMR', 'AGV', '料箱'],
          to: ['logistics', 'manufacturing'],
        }),
        node('service', '服务机器人', '清洁、配送与餐饮机器人。', {
          subs: ['robotics.service'],
          kw: ['清洁机器人', '配送机器人', '餐饮机器人'],
          to: ['commercial'],
        }),
        node('special', '特种机器人', '巡检、消防与四足机器人。', {
          subs: ['robotics.special'],
          kw: ['巡检', '消防', '四足'],
          to: ['energy'],
        }),
      ],
    ],
    [
      '应用场景',
      [
        node('manufacturing', '工业制造', '汽车、3C、新能源产线。', {
          subs: ['advanced-manufacturing.iiot'],
          kw: ['产线', '工厂'],
        }),
        node('logistics', '物流仓储', '仓储自动化与智能分拣。', {
          subs: ['logistics.warehouse'],
          kw: ['仓储', '分拣', '穿梭车'],
        }),
        node('commercial', '商业服务', '酒店、餐饮、楼宇与零售。', { kw: ['酒店', '餐厅', '楼宇'], sparse: true }),
        node('home', '家庭与陪伴', '家庭服务与陪伴机器人。', {
          subs: ['consumer-electronics.hardware'],
          kw: ['陪伴机器人', '家庭'],
        }),
        node('energy', '电力与公共安全', '电力巡检、消防救援与应急。', { kw: ['电力巡检', '应急'], sparse: true }),
      ],
    ],
  ),

  chain(
    'aerospace',
    '航空航天产业链',
    '从材料、元器件与发动机，经火箭、卫星与飞行器制造，到发射服务、卫星应用与低空运营。',
    [
      '材料、部件与动力',
      [
        node('materials', '航空航天材料', '碳纤维复合材料、高温合金与钛合金。', {
          subs: ['new-materials.fiber', 'new-materials.alloy'],
          kw: ['碳纤维', '高温合金', '钛合金', '复合材料'],
          to: ['rocket', 'satellite', 'parts'],
        }),
        node('engine', '发动机与推进', '液氧甲烷发动机、航空发动机部件与电推进。', {
          subs: ['aerospace.rocket', 'aerospace.parts'],
          kw: ['发动机', '电推进', '叶片'],
          to: ['rocket', 'evtol'],
        }),
        node('parts', '机载设备与结构件', '航空结构件、机载电子与相控阵载荷。', {
          subs: ['aerospace.parts'],
          kw: ['结构件', '机载', '相控阵'],
          to: ['satellite', 'drone', 'evtol'],
        }),
        node('chips', '宇航电子与芯片', '抗辐照芯片、导航与通信芯片。', {
          subs: ['semiconductor.design'],
          kw: ['宇航', '抗辐照', '导航芯片'],
          to: ['satellite'],
          sparse: true,
        }),
      ],
    ],
    [
      '整机制造',
      [
        node('rocket', '商业火箭', '液体可复用与固体运载火箭。', {
          subs: ['aerospace.rocket'],
          kw: ['火箭', '运载'],
          to: ['launch'],
          sub: [
            ['liquid', '液体可复用火箭', ['液体', '可复用']],
            ['solid', '固体运载火箭', ['固体']],
          ],
        }),
        node('satellite', '卫星制造', '低轨通信卫星、遥感小卫星与载荷。', {
          subs: ['aerospace.satellite'],
          kw: ['卫星', '载荷'],
          to: ['launch', 'satcom'],
        }),
        node('drone', '无人机', '工业、长航时与物流无人机。', {
          subs: ['aerospace.drone'],
          kw: ['无人机'],
          to: ['low-altitude'],
        }),
        node('evtol', 'eVTOL与低空飞行器', '载人 eVTOL 与低空物流飞行器。', {
          subs: ['aerospace.evtol'],
          kw: ['eVTOL', '飞行器', '飞行汽车'],
          to: ['low-altitude'],
        }),
      ],
    ],
    [
      '运营与应用',
      [
        node('launch', '发射服务', '发射场、测控与发射服务。', {
          kw: ['发射服务', '航天测控', '发射场'],
          sparse: true,
        }),
        node('satcom', '卫星互联网与遥感应用', '卫星终端、遥感数据与北斗高精度应用。', {
          subs: ['aerospace.satcom'],
          kw: ['卫星互联网', '遥感', '北斗'],
        }),
        node('low-altitude', '低空经济运营', '低空物流、飞行服务与空管。', {
          subs: ['aerospace.evtol', 'logistics.unmanned'],
          kw: ['低空', '无人机配送', '飞行服务'],
        }),
        node('agri-survey', '农业与测绘应用', '植保、测绘与巡检服务。', {
          subs: ['agritech.smart-farming'],
          kw: ['植保', '测绘', '农业遥感'],
        }),
      ],
    ],
  ),

  chain(
    'logistics',
    '物流产业链',
    '从运输工具、仓储设施与物流装备，经仓储、运输与配送服务，到电商、零售、制造与生鲜客户。',
    [
      '装备与技术',
      [
        node('equipment', '仓储自动化装备', '立体库、四向穿梭车与料箱机器人。', {
          subs: ['logistics.warehouse', 'robotics.mobile'],
          kw: ['立体仓库', '穿梭车', '料箱', 'AGV', 'AMR'],
          to: ['warehouse'],
        }),
        node('vehicle', '运输车辆与无人车', '新能源物流车、电动重卡与无人配送车。', {
          subs: ['nev.vehicle', 'logistics.unmanned'],
          kw: ['物流车', '重卡', '无人配送车', '无人车'],
          to: ['express', 'last-mile'],
        }),
        node('software', '物流软件与调度', 'WMS、TMS 与智能调度算法。', {
          subs: ['logistics.warehouse'],
          kw: ['WMS', '调度', '运力SaaS'],
          to: ['warehouse', 'freight'],
        }),
        node('cold-equipment', '冷链装备与温控', '冷库、冷藏车与温控监测。', {
          subs: ['logistics.cold-chain'],
          kw: ['温控监测', '冷库', '冷藏'],
          to: ['cold-chain'],
        }),
      ],
    ],
    [
      '物流服务',
      [
        node('warehouse', '仓储服务', '智能仓与仓配一体。', {
          subs: ['logistics.warehouse'],
          kw: ['仓储服务', '仓配一体', '云仓'],
          sparse: true,
          to: ['ecommerce', 'manufacturing'],
        }),
        node('express', '快递快运', '快递、零担快运与大件物流。', {
          subs: ['logistics.express'],
          kw: ['快递', '快运', '大件'],
          to: ['ecommerce'],
        }),
        node('freight', '数字货运', '网络货运平台与车货匹配。', {
          subs: ['logistics.freight'],
          kw: ['网络货运', '车货匹配', '货运'],
          to: ['manufacturing'],
        }),
        node('cold-chain', '冷链物流', '医药冷链与生鲜仓配。', {
          subs: ['logistics.cold-chain'],
          kw: ['冷链'],
          to: ['fresh', 'pharma'],
        }),
        node('scm', '一体化供应链', '一体化供应链服务与供应链控制塔。', {
          subs: ['logistics.scm'],
          kw: ['供应链服务', '控制塔', '采购执行'],
          to: ['manufacturing', 'ecommerce'],
        }),
        node('cross-border', '跨境物流', '海外仓与国际专线。', {
          subs: ['cross-border.logistics'],
          kw: ['海外仓', '跨境专线'],
          to: ['ecommerce'],
        }),
        node('last-mile', '末端配送', '无人配送、快递柜与即时配送。', {
          subs: ['logistics.unmanned'],
          kw: ['末端', '快递柜', '即时配送'],
          to: ['ecommerce', 'fresh'],
        }),
      ],
    ],
    [
      '货主与场景',
      [
        node('ecommerce', '电商与零售', '电商平台、品牌与即时零售。', {
          subs: ['new-retail.instant'],
          kw: ['即时零售', '前置仓', '闪电仓'],
        }),
        node('manufacturing', '制造业', '制造企业的原材料与成品物流。', { kw: ['制造企业'], sparse: true }),
        node('fresh', '生鲜与农产品', '生鲜电商与农产品流通。', {
          subs: ['agritech.supply'],
          kw: ['生鲜', '农产品'],
        }),
        node('pharma', '医药流通', '药品与疫苗的冷链流通。', { kw: ['医药流通', '疫苗冷链'], sparse: true }),
      ],
    ],
  ),

  chain(
    'agritech',
    '农业科技产业链',
    '从种子、农资与农机装备，经种植养殖与农业服务，到食品加工、流通与消费。',
    [
      '种业与农资',
      [
        node('seed', '种业', '生物育种、基因编辑与蔬菜种子。', {
          subs: ['agritech.seed'],
          kw: ['育种', '种子', '品种'],
          to: ['farming', 'facility'],
        }),
        node('bio-inputs', '农业生物制剂', '生物农药、微生物菌肥与土壤修复。', {
          subs: ['agritech.bio-inputs'],
          kw: ['生物农药', '菌肥', '土壤修复'],
          to: ['farming'],
        }),
        node('machinery', '智能农机与装备', '无人驾驶农机、植保无人机与精准饲喂设备。', {
          subs: ['agritech.smart-farming', 'aerospace.drone'],
          kw: ['农机', '植保', '饲喂设备'],
          to: ['farming', 'livestock'],
        }),
        node('feed', '饲料与动保', '饲料、兽药与动物疫苗。', {
          subs: ['agritech.livestock', 'health.pet-medical'],
          kw: ['饲料', '饲喂', '兽药', '动物疫苗', '宠物疫苗'],
          to: ['livestock'],
        }),
      ],
    ],
    [
      '种植、养殖与农业服务',
      [
        node('farming', '智慧种植', '农业物联网、精准农业与农业遥感。', {
          subs: ['agritech.smart-farming'],
          kw: ['农田', '精准农业', '农业物联网', '遥感'],
          to: ['supply', 'processing'],
        }),
        node('facility', '设施农业', '植物工厂、智能温室与育苗工厂。', {
          subs: ['agritech.facility'],
          kw: ['植物工厂', '温室', '育苗'],
          to: ['supply'],
        }),
        node('livestock', '畜牧水产', '智慧养殖与循环水养殖。', {
          subs: ['agritech.livestock'],
          kw: ['养殖', '养猪', '水产'],
          to: ['processing', 'supply'],
        }),
      ],
    ],
    [
      '流通与消费',
      [
        node('supply', '农产品供应链', '产地仓、生鲜供应链与溯源。', {
          subs: ['agritech.supply'],
          kw: ['产地仓', '生鲜供应链', '溯源'],
        }),
        node('processing', '食品加工', '预制菜、休闲食品与农产品深加工。', {
          subs: ['consumer.food'],
          kw: ['预制菜', '食品加工'],
        }),
        node('retail', '生鲜零售', '社区生鲜、前置仓与社区团购。', {
          subs: ['new-retail.community', 'new-retail.instant'],
          kw: ['社区生鲜', '前置仓', '团购'],
        }),
      ],
    ],
  ),

  chain(
    'proptech',
    '建筑科技产业链',
    '从建材、构件与建筑装备，经设计、施工与建造服务，到房地产、基础设施与物业运营。',
    [
      '建材、构件与装备',
      [
        node('green-materials', '绿色建材', '节能门窗、低碳水泥与光伏建材。', {
          subs: ['proptech.green-building'],
          kw: ['节能门窗', '低碳水泥', '建材'],
          to: ['prefab', 'construction'],
        }),
        node('prefab-factory', '预制构件与钢结构', '预制构件工厂与钢结构。', {
          subs: ['proptech.prefab'],
          kw: ['预制构件', '钢结构'],
          to: ['prefab'],
        }),
        node('robot', '建筑机器人', '打磨、地坪施工与测量放样机器人。', {
          subs: ['proptech.construction-robot'],
          kw: ['建筑机器人', '施工机器人', '打磨', '放样'],
          to: ['construction'],
        }),
      ],
    ],
    [
      '设计、施工与建造',
      [
        node('bim', 'BIM与工程数字化', 'BIM 协同设计、工程项目管理与智慧工地。', {
          subs: ['proptech.bim'],
          kw: ['BIM', '智慧工地', '工程项目管理'],
          to: ['construction', 'prefab'],
        }),
        node('prefab', '装配式与模块化建筑', '模块化集成建筑与装配式住宅。', {
          subs: ['proptech.prefab'],
          kw: ['装配式', '模块化'],
          to: ['real-estate', 'infra'],
        }),
        node('construction', '智能建造', '施工总包与智能建造服务。', {
          kw: ['智能建造', '施工总包'],
          to: ['real-estate', 'infra'],
          sparse: true,
        }),
        node('decoration', '家装与定制', '整装平台、全屋定制与家装供应链。', {
          subs: ['proptech.decoration'],
          kw: ['家装', '定制', '整装'],
          to: ['real-estate'],
        }),
      ],
    ],
    [
      '运营与业主',
      [
        node('real-estate', '房地产与住宅', '开发商与住宅业主。', { kw: ['房地产', '住宅'], sparse: true }),
        node('infra', '基础设施与公共建筑', '公共建筑、园区与城市更新。', {
          kw: ['城市更新', '公共建筑'],
          sparse: true,
        }),
        node('property', '物业与社区运营', '智慧物业、社区 AIoT 与停车管理。', {
          subs: ['proptech.property'],
          kw: ['物业', '社区', '停车'],
        }),
        node('energy', '建筑节能与能源管理', '建筑光伏、能耗监测与节能改造。', {
          subs: ['proptech.green-building', 'environmental.energy-saving', 'photovoltaic.plant'],
          kw: ['光伏建筑一体化', '建筑光伏', '屋顶光伏', '综合能源', '节能改造', 'BIPV'],
        }),
      ],
    ],
  ),

  chain(
    'auto-aftermarket',
    '汽车后市场产业链',
    '从零部件制造与流通，经维修保养、二手车与汽车金融服务，到车主与车队。',
    [
      '零部件与数据',
      [
        node('parts', '汽配流通', '汽配 B2B 平台、配件数据库与仓配网络。', {
          subs: ['auto-aftermarket.parts'],
          kw: ['汽配', '配件'],
          to: ['repair', 'modification'],
        }),
        node('data', '车况与配件数据', '车况 AI 检测与配件数据平台。', {
          subs: ['auto-aftermarket.parts', 'auto-aftermarket.used-car'],
          kw: ['配件数据库', '配件数据', '检测服务', '车况'],
          to: ['used-car', 'repair'],
        }),
        node('equipment', '维修设备与工具', '诊断设备、三电维修工具与钣喷设备。', {
          kw: ['诊断设备', '维修设备', '维修工具'],
          to: ['repair'],
          sparse: true,
        }),
      ],
    ],
    [
      '服务',
      [
        node('repair', '维修保养', '新能源维修连锁、快修快保与钣喷中心。', {
          subs: ['auto-aftermarket.repair'],
          kw: ['维修', '保养', '钣喷'],
          to: ['owner', 'fleet'],
          sub: [
            ['nev', '新能源维修', ['新能源汽车维修']],
            ['quick', '快修快保', ['快修']],
            ['paint', '钣喷', ['钣喷']],
          ],
        }),
        node('used-car', '二手车', '二手车交易、检测、拍卖与出口。', {
          subs: ['auto-aftermarket.used-car'],
          kw: ['二手车'],
          to: ['owner', 'export'],
        }),
        node('finance', '汽车金融与保险', '车险科技、融资租赁与延保。', {
          subs: ['auto-aftermarket.finance'],
          kw: ['车险', '融资租赁', '延保'],
          to: ['owner', 'fleet'],
        }),
        node('modification', '汽车用品与改装', '贴膜、车品与房车改装。', {
          subs: ['auto-aftermarket.modification'],
          kw: ['贴膜', '车载用品', '改装'],
          to: ['owner'],
        }),
        node('charging', '充电与能源服务', '充电运营与换电服务。', {
          subs: ['nev.charging'],
          kw: ['充电', '换电'],
          to: ['owner', 'fleet'],
        }),
      ],
    ],
    [
      '车主与车队',
      [
        node('owner', '私家车主', '个人车主的用车服务。', { kw: ['车主'], sparse: true }),
        node('fleet', '车队与出行平台', '物流车队、网约车与租赁公司。', {
          subs: ['logistics.freight'],
          kw: ['车队', '运力'],
        }),
        node('export', '汽车出口', '二手车与新车出口。', {
          subs: ['auto-aftermarket.used-car'],
          kw: ['二手车出口', '汽车出口'],
        }),
      ],
    ],
  ),
];
