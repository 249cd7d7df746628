/** Curated chains: AI, semiconductors, cloud and data, security, enterprise software, IoT, devices, frontier tech. */
import { type ChainDef, chain, node } from './types.js';

export const TECH_CHAINS: ChainDef[] = [
  chain(
    'ai',
    '人工智能产业链',
    '从算力芯片、数据与基础设施，经基础模型与算法平台，到面向企业与行业的 AI 应用。',
    [
      '算力、数据与基础设施',
      [
        node('chips', 'AI芯片', '训练 GPU、推理 NPU 与端侧 AI 芯片。', {
          subs: ['semiconductor.ai-chip'],
          kw: ['GPU', 'NPU', 'AI芯片', '推理芯片'],
          to: ['compute'],
        }),
        node('compute', '智算中心与算力服务', '智算中心运营、GPU 云与算力调度。', {
          subs: ['cloud-bigdata.idc', 'ai.infra'],
          kw: ['智算中心', 'GPU云', '算力调度', '算力'],
          to: ['platform', 'llm'],
        }),
        node('data', '数据服务', '数据标注、合成数据与训练数据。', {
          subs: ['ai.data'],
          kw: ['数据标注', '合成数据', '训练数据'],
          to: ['llm', 'cv', 'speech'],
        }),
      ],
    ],
    [
      '模型与平台',
      [
        node('platform', 'AI开发与推理平台', '模型训练与推理平台、向量数据库与 MLOps。', {
          subs: ['ai.infra'],
          kw: ['训练与推理平台', '向量数据库', 'MLOps', '推理平台'],
          to: ['llm', 'agent'],
        }),
        node('llm', '基础大模型', '通用与行业大模型、多模态基础模型与推理一体机。', {
          subs: ['ai.llm'],
          kw: ['大模型', '多模态', '一体机'],
          to: ['agent', 'industry'],
          sub: [
            ['industry-llm', '行业大模型', ['行业大模型']],
            ['multimodal', '多模态基础模型', ['多模态']],
            ['appliance', '大模型一体机', ['一体机']],
          ],
        }),
        node('cv', '计算机视觉', '工业视觉、视频结构化与安防视觉算法。', {
          subs: ['ai.cv'],
          kw: ['视觉', '视频结构化', '图像识别'],
          to: ['industry'],
        }),
        node('speech', '语音与自然语言处理', '语音交互、会议转写与智能客服。', {
          subs: ['ai.speech'],
          kw: ['语音', '转写', '智能客服'],
          to: ['agent', 'industry'],
        }),
      ],
    ],
    [
      '应用',
      [
        node('agent', 'AI智能体与企业应用', '企业级智能体、知识库问答与 AIGC 营销。', {
          subs: ['ai.agent'],
          kw: ['智能体', 'Agent', '知识库问答', 'AI营销', 'Copilot'],
          sub: [
            ['enterprise-agent', '企业级智能体', ['智能体平台', '智能体']],
            ['knowledge', '知识库问答', ['知识库']],
            ['marketing', 'AIGC营销', ['营销内容']],
          ],
        }),
        node('industry', '行业AI应用', 'AI+制造、医疗、金融、教育等行业落地。', {
          subs: ['medical-device.ai-medical', 'education.ai', 'fintech.wealth'],
          kw: ['AI辅助诊断', 'AI学习机', '投研大模型', 'AI作业批改', '病理AI'],
        }),
        node('embodied', '具身智能', '面向机器人的具身智能大模型与本体。', {
          subs: ['robotics.humanoid'],
          kw: ['具身智能'],
        }),
        node('content', 'AIGC内容与数字人', 'AI 视频生成、数字人直播与虚拟偶像。', {
          subs: ['culture-media.virtual-human'],
          kw: ['AIGC', '数字人', 'AI生成'],
        }),
      ],
    ],
  ),

  chain(
    'semiconductor',
    '半导体产业链',
    '从 EDA/IP、设备与材料，经芯片设计、晶圆制造与封装测试，到消费电子、汽车、通信与数据中心。',
    [
      '设备、材料与EDA',
      [
        node('eda', 'EDA与IP', '芯片设计工具与 IP 授权。', {
          subs: ['advanced-manufacturing.industrial-software'],
          kw: ['EDA', 'IP授权', 'RISC-V'],
          to: ['design'],
          sparse: true,
        }),
        node('equipment', '半导体设备', '刻蚀、薄膜沉积与量检测设备。', {
          subs: ['semiconductor.equipment'],
          kw: ['刻蚀', '薄膜沉积', '量检测', '半导体设备'],
          to: ['foundry'],
          sub: [
            ['etch', '刻蚀设备', ['刻蚀']],
            ['deposition', '薄膜沉积设备', ['薄膜沉积']],
            ['metrology', '量检测设备', ['量检测']],
          ],
        }),
        node('materials', '半导体材料', '光刻胶、电子特气、靶材与湿电子化学品。', {
          subs: ['semiconductor.materials', 'new-materials.electronic'],
          kw: ['光刻胶', '电子特种气体', '靶材', '湿电子化学品', 'CMP'],
          to: ['foundry', 'packaging'],
          sub: [
            ['photoresist', '光刻胶', ['光刻胶']],
            ['gas', '电子特气', ['特种气体']],
            ['target', '溅射靶材', ['靶材']],
          ],
        }),
        node('instruments', '检测仪器', '半导体检测仪器与电子显微镜。', {
          subs: ['advanced-manufacturing.instruments'],
          kw: ['半导体检测仪器', '电子显微镜'],
          to: ['foundry'],
        }),
      ],
    ],
    [
      '设计、制造与封测',
      [
        node('design', '数字与SoC设计', 'SoC、MCU 与高速接口芯片设计。', {
          subs: ['semiconductor.design'],
          kw: ['SoC', 'MCU', '接口芯片'],
          to: ['foundry'],
        }),
        node('ai-chip', 'AI与算力芯片', 'GPU、NPU 与智能驾驶计算芯片。', {
          subs: ['semiconductor.ai-chip'],
          kw: ['GPU', 'NPU', '计算芯片'],
          to: ['foundry', 'datacenter', 'auto'],
        }),
        node('analog', '模拟与电源芯片', '电源管理、ADC 与电池管理芯片。', {
          subs: ['semiconductor.analog'],
          kw: ['电源管理', 'ADC', 'AFE'],
          to: ['foundry'],
        }),
        node('power', '功率半导体', '碳化硅、IGBT 与氮化镓器件。', {
          subs: ['semiconductor.power'],
          kw: ['碳化硅', 'IGBT', '氮化镓'],
          to: ['auto', 'consumer'],
          sub: [
            ['sic', '碳化硅', ['碳化硅']],
            ['igbt', 'IGBT', ['IGBT']],
            ['gan', '氮化镓', ['氮化镓']],
          ],
        }),
        node('memory', '存储芯片', '存储主控、NOR Flash 与存算一体。', {
          subs: ['semiconductor.memory'],
          kw: ['存储', 'Flash', 'SSD'],
          to: ['datacenter', 'consumer'],
        }),
        node('foundry', '晶圆制造', '晶圆代工与特色工艺产线。', {
          kw: ['晶圆代工', '晶圆制造', '特色工艺'],
          to: ['packaging'],
          sparse: true,
        }),
        node('packaging', '封装测试', '先进封装、晶圆级封装与 Chiplet。', {
          subs: ['semiconductor.packaging'],
          kw: ['封装', 'Chiplet', '封测'],
          to: ['consumer', 'auto', 'datacenter'],
        }),
      ],
    ],
    [
      '终端应用',
      [
        node('consumer', '消费电子', '手机、可穿戴与智能硬件。', {
          subs: ['consumer-electronics.hardware', 'consumer-electronics.wearable'],
          kw: ['快充', '智能硬件', '可穿戴'],
        }),
        node('auto', '汽车电子', '电驱、智能驾驶与车身电子。', {
          subs: ['nev.electronics', 'nev.edrive'],
          kw: ['车规', '电驱', '域控制器'],
        }),
        node('datacenter', '数据中心与通信', '服务器、光模块与网络设备。', {
          subs: ['cloud-bigdata.idc', 'frontier-tech.photonics'],
          kw: ['光模块', '服务器', '数据中心'],
        }),
        node('industrial', '工业与能源', '工业控制、光伏储能与电网。', {
          subs: ['energy-storage.pcs', 'photovoltaic.inverter'],
          kw: ['变流器', '逆变器', '工业控制'],
        }),
      ],
    ],
  ),

  chain(
    'cloud-bigdata',
    '云计算与大数据产业链',
    '从服务器、芯片与数据中心，经云平台、数据库与数据要素，到各行业的数据分析与数字化应用。',
    [
      '基础设施',
      [
        node('hardware', '服务器与芯片', '服务器、存储与算力芯片。', {
          subs: ['semiconductor.ai-chip', 'semiconductor.memory'],
          kw: ['服务器', 'GPU', 'SSD'],
          to: ['idc'],
        }),
        node('idc', '数据中心与智算中心', 'IDC、液冷数据中心与智算中心运营。', {
          subs: ['cloud-bigdata.idc'],
          kw: ['数据中心', '智算', '液冷', 'GPU云'],
          to: ['cloud-native', 'database'],
        }),
        node('edge', '边缘计算', '边缘网关、边缘云与云边协同。', {
          subs: ['cloud-bigdata.edge'],
          kw: ['边缘'],
          to: ['cloud-native'],
        }),
      ],
    ],
    [
      '平台与基础软件',
      [
        node('cloud-native', '云原生与操作系统', '容器云、服务网格与国产操作系统。', {
          subs: ['cloud-bigdata.cloud-native'],
          kw: ['容器', '云原生', '操作系统', '服务网格'],
          to: ['bi', 'industry'],
        }),
        node('database', '数据库', '分布式关系型、时序与图数据库。', {
          subs: ['cloud-bigdata.database'],
          kw: ['数据库'],
          to: ['bi', 'industry'],
          sub: [
            ['distributed', '分布式数据库', ['分布式关系型']],
            ['timeseries', '时序数据库', ['时序']],
            ['graph', '图数据库', ['图数据库']],
          ],
        }),
        node('data-element', '数据要素与隐私计算', '隐私计算、数据资产入表与可信数据空间。', {
          subs: ['cloud-bigdata.data-element'],
          kw: ['隐私计算', '数据资产', '数据空间', '数据交易'],
          to: ['industry', 'finance'],
        }),
      ],
    ],
    [
      '数据应用',
      [
        node('bi', '数据分析与治理', '自助式 BI、指标中台与数据治理。', {
          subs: ['cloud-bigdata.bi'],
          kw: ['BI', '指标中台', '数据治理'],
        }),
        node('industry', '行业数字化', '政务、制造、零售等行业的数据平台。', {
          subs: ['advanced-manufacturing.iiot', 'new-retail.digital'],
          kw: ['工业互联网平台', '数字孪生', '零售SaaS'],
        }),
        node('finance', '金融数据服务', '风控、征信与金融数据平台。', {
          subs: ['fintech.risk'],
          kw: ['风控', '信用评估'],
        }),
      ],
    ],
  ),

  chain(
    'cybersecurity',
    '网络安全产业链',
    '从芯片、服务器与密码基础设施，经安全产品与安全服务，到政府、金融、能源与运营商等关键行业。',
    [
      '基础设施与信创',
      [
        node('xinchuang', '信创与国产化', '国产化终端、信创云与适配迁移。', {
          subs: ['cybersecurity.xinchuang'],
          kw: ['信创', '国产化'],
          to: ['cloud', 'data'],
        }),
        node('crypto', '密码与身份基础设施', '商用密码、统一身份认证与零信任网关。', {
          subs: ['cybersecurity.identity'],
          kw: ['密码', '身份认证', '零信任'],
          to: ['data', 'cloud'],
        }),
        node('quantum', '抗量子与量子安全', '量子密钥分发与抗量子密码。', {
          subs: ['frontier-tech.quantum-comm'],
          kw: ['抗量子', '量子密钥', '量子安全'],
          to: ['crypto'],
        }),
      ],
    ],
    [
      '安全产品与服务',
      [
        node('data', '数据安全', '数据安全管控、防泄漏与 API 安全。', {
          subs: ['cybersecurity.data'],
          kw: ['数据安全', '防泄漏', 'API安全'],
          to: ['gov', 'finance'],
        }),
        node('cloud', '云与终端安全', '云工作负载保护、EDR 与容器安全。', {
          subs: ['cybersecurity.cloud'],
          kw: ['云安全', 'EDR', '容器安全', '终端'],
          to: ['gov', 'finance', 'enterprise'],
        }),
        node('soc', '安全运营与威胁情报', '安全运营中心、态势感知与威胁情报。', {
          subs: ['cybersecurity.soc'],
          kw: ['安全运营', '态势感知', '威胁情报'],
          to: ['gov', 'energy'],
        }),
        node('ics', '工控安全', '工控审计、工业防火墙与电力监控防护。', {
          subs: ['cybersecurity.ics'],
          kw: ['工控', '工业防火墙', '电力监控'],
          to: ['energy'],
        }),
      ],
    ],
    [
      '行业客户',
      [
        node('gov', '政府与公共安全', '政务云、公安与关键信息基础设施。', { kw: ['政务'], sparse: true }),
        node('finance', '金融行业', '银行、证券与保险的安全合规。', {
          subs: ['fintech.risk'],
          kw: ['反欺诈', '金融安全'],
        }),
        node('energy', '能源与工业', '电力、油气与制造业的工控安全。', {
          kw: ['电力', '能源', '工业互联网安全'],
          sparse: true,
        }),
        node('enterprise', '企业与运营商', '大中型企业与运营商的安全建设。', {
          subs: ['enterprise-service.legal'],
          kw: ['合规管理'],
        }),
      ],
    ],
  ),

  chain(
    'enterprise-service',
    '企业服务产业链',
    '从云基础设施与 AI 模型，经通用与行业 SaaS，到各行业企业客户的协同、营销、财税与供应链。',
    [
      '技术底座',
      [
        node('cloud', '云基础设施', 'IaaS、PaaS 与数据库。', {
          subs: ['cloud-bigdata.cloud-native', 'cloud-bigdata.database'],
          kw: ['云平台', '数据库'],
          to: ['lowcode', 'collab'],
        }),
        node('ai-model', 'AI模型与智能体', '为 SaaS 提供能力的大模型与智能体平台。', {
          subs: ['ai.agent', 'ai.llm'],
          kw: ['Copilot', '智能体', '大模型'],
          to: ['collab', 'marketing', 'lowcode'],
        }),
        node('lowcode', '低代码与研发工具', '低代码平台、研发效能与 AI 编程。', {
          subs: ['enterprise-service.lowcode'],
          kw: ['低代码', '研发效能', 'AI编程'],
          to: ['collab', 'erp'],
        }),
      ],
    ],
    [
      'SaaS 产品',
      [
        node('collab', '协同办公与知识管理', '协同办公、知识管理与项目管理。', {
          subs: ['enterprise-service.collab'],
          kw: ['协同', '知识管理', '项目管理'],
          to: ['sme', 'large'],
        }),
        node('marketing', '营销与CRM', 'SCRM、销售自动化与营销内容管理。', {
          subs: ['enterprise-service.marketing'],
          kw: ['CRM', 'SCRM', '营销'],
          to: ['sme', 'retail'],
        }),
        node('hr-finance', '人力与财税', 'HR SaaS、智能财税与费控。', {
          subs: ['enterprise-service.hr-finance'],
          kw: ['人力资源', '财税', '费控'],
          to: ['sme', 'large'],
        }),
        node('erp', 'ERP与供应链协同', '云 ERP、采购数字化与供应链协同。', {
          subs: ['enterprise-service.erp'],
          kw: ['ERP', '采购', '供应链协同'],
          to: ['manufacturing', 'large'],
        }),
        node('legal', '电子签与合规', '电子签约、合同审查与合规管理。', {
          subs: ['enterprise-service.legal'],
          kw: ['电子签', '合同', '合规'],
          to: ['large'],
        }),
      ],
    ],
    [
      '企业客户',
      [
        node('sme', '中小企业', '中小企业的标准化 SaaS 订阅。', { kw: ['中小企业'], sparse: true }),
        node('large', '大中型企业与集团', '集团型企业的定制与私有化部署。', {
          kw: ['私有化部署', '集团'],
          sparse: true,
        }),
        node('manufacturing', '制造业', '制造企业的 ERP、MES 与供应链系统。', {
          subs: ['advanced-manufacturing.industrial-software'],
          kw: ['MES'],
        }),
        node('retail', '零售与消费品牌', '品牌与零售商的会员、私域与门店系统。', {
          subs: ['new-retail.private-domain', 'new-retail.digital'],
          kw: ['私域', '会员运营', '门店'],
        }),
      ],
    ],
  ),

  chain(
    'iot',
    '物联网产业链',
    '从芯片、传感器与通信模组，经网络与物联网平台，到智能家居、工业、车联网与智慧城市。',
    [
      '感知与连接',
      [
        node('chips', '物联网芯片', '物联网 SoC、MCU 与低功耗连接芯片。', {
          subs: ['semiconductor.design'],
          kw: ['物联网SoC', 'MCU', '低功耗'],
          to: ['module'],
        }),
        node('sensor', '传感器', 'MEMS、气体与毫米波雷达传感器。', {
          subs: ['iot.sensor'],
          kw: ['传感器', 'MEMS'],
          to: ['platform', 'smart-home', 'industrial'],
        }),
        node('module', '通信模组', '5G RedCap、Cat.1 与北斗定位模组。', {
          subs: ['iot.module'],
          kw: ['模组', 'RedCap', 'Cat.1'],
          to: ['platform'],
        }),
        node('positioning', '定位与标识', 'UWB 定位、RFID 与资产追踪。', {
          subs: ['iot.positioning'],
          kw: ['UWB', '定位', 'RFID', '资产追踪'],
          to: ['platform', 'industrial'],
        }),
      ],
    ],
    [
      '平台与网络',
      [
        node('platform', '物联网平台', '设备管理云平台、物联网中台与能耗监测。', {
          subs: ['iot.platform'],
          kw: ['物联网平台', '设备管理', '物联网中台'],
          to: ['smart-home', 'industrial', 'city'],
        }),
        node('edge', '边缘计算', '边缘网关与云边协同。', {
          subs: ['cloud-bigdata.edge'],
          kw: ['边缘计算', '边缘网关'],
          to: ['industrial'],
        }),
      ],
    ],
    [
      '应用场景',
      [
        node('smart-home', '智能家居', '全屋智能、智能门锁与照明。', {
          subs: ['iot.smart-home'],
          kw: ['全屋智能', '智能门锁', '智能照明', '智能家居'],
        }),
        node('v2x', '车联网', '车载 T-Box、路侧单元与车路协同。', {
          subs: ['iot.v2x'],
          kw: ['车联网', '车路协同', 'T-Box'],
        }),
        node('industrial', '工业物联网', '设备预测性维护与数字孪生工厂。', {
          subs: ['advanced-manufacturing.iiot'],
          kw: ['预测性维护', '工业物联网', '数字孪生'],
        }),
        node('city', '智慧城市与社区', '智慧社区、环境监测与城市感知。', {
          subs: ['proptech.property', 'environmental.monitoring'],
          kw: ['智慧社区', '网格化监测', 'AIoT'],
        }),
      ],
    ],
  ),

  chain(
    'consumer-electronics',
    '消费电子产业链',
    '从芯片、显示、光学与声学器件，经整机设计与制造，到线上线下渠道与消费者。',
    [
      '元器件',
      [
        node('chips', '芯片', 'SoC、快充与电源芯片。', {
          subs: ['semiconductor.design', 'semiconductor.power', 'semiconductor.analog'],
          kw: ['SoC', '快充', '电源管理芯片'],
          to: ['wearable', 'hardware', 'xr', 'audio'],
        }),
        node('display', '显示与光学', 'Micro LED 微显示、光学模组与车载屏。', {
          subs: ['consumer-electronics.display'],
          kw: ['Micro LED', '光学模组', '显示屏', '光波导'],
          to: ['xr', 'wearable'],
        }),
        node('sensors', '传感与交互器件', 'MEMS 传感器、触控与马达。', {
          subs: ['iot.sensor'],
          kw: ['MEMS', '传感器'],
          to: ['wearable', 'hardware'],
        }),
        node('battery', '电池与结构件', '消费类电池与精密结构件。', {
          kw: ['消费电池', '结构件'],
          to: ['wearable', 'hardware'],
          sparse: true,
        }),
      ],
    ],
    [
      '整机',
      [
        node('wearable', '可穿戴设备', 'AI 眼镜、健康手环与儿童手表。', {
          subs: ['consumer-electronics.wearable'],
          kw: ['眼镜', '手环', '手表', '可穿戴'],
          to: ['online', 'offline'],
        }),
        node('xr', 'XR设备', 'AR 眼镜、VR 一体机与 MR 套件。', {
          subs: ['consumer-electronics.xr'],
          kw: ['AR', 'VR', 'MR'],
          to: ['online', 'content'],
        }),
        node('hardware', 'AI硬件与智能终端', 'AI 录音卡片、陪伴机器人与智能投影。', {
          subs: ['consumer-electronics.hardware'],
          kw: ['AI硬件', '投影', '陪伴机器人', '录音卡片'],
          to: ['online', 'offline'],
        }),
        node('audio', '声学与音频', '开放式耳机、降噪耳机与智能音箱。', {
          subs: ['consumer-electronics.audio'],
          kw: ['耳机', '音箱', '降噪'],
          to: ['online', 'offline'],
        }),
        node('home-appliance', '智能家电', '智能小家电与个护电器。', {
          subs: ['consumer.home'],
          kw: ['智能小家电', '个护电器'],
          to: ['online', 'offline'],
        }),
      ],
    ],
    [
      '渠道与内容',
      [
        node('online', '电商与出海渠道', '平台电商、直播与跨境出海。', {
          subs: ['new-retail.live', 'cross-border.platform'],
          kw: ['直播电商', '跨境'],
        }),
        node('offline', '线下零售', '品牌门店与连锁渠道。', { kw: ['门店', '线下渠道'], sparse: true }),
        node('content', '内容与应用生态', 'XR 内容、游戏与应用。', {
          subs: ['games.console-pc'],
          kw: ['XR内容', '游戏'],
        }),
      ],
    ],
  ),

  chain(
    'frontier-tech',
    '量子与前沿科技产业链',
    '从稀释制冷机、激光器与特种材料，经核心器件与整机系统，到科研、通信、金融、医疗与能源应用。',
    [
      '核心器件与材料',
      [
        node('cryogenic', '低温与真空装备', '稀释制冷机、低温电子与真空系统。', {
          kw: ['稀释制冷机', '低温', '真空'],
          to: ['quantum-computing'],
          sparse: true,
        }),
        node('laser', '激光与光电器件', '窄线宽激光器、单光子探测器与光学元件。', {
          subs: ['advanced-manufacturing.laser'],
          kw: ['激光器', '单光子', '光电'],
          to: ['quantum-comm', 'quantum-sensing', 'photonics'],
        }),
        node('superconductor', '超导材料与磁体', '高温超导带材与超导磁体。', {
          subs: ['frontier-tech.fusion'],
          kw: ['超导', '磁体'],
          to: ['fusion', 'quantum-computing'],
        }),
      ],
    ],
    [
      '整机与系统',
      [
        node('quantum-computing', '量子计算', '超导、离子阱量子计算机与测控系统。', {
          subs: ['frontier-tech.quantum-computing'],
          kw: ['量子计算', '量子比特', '测控'],
          to: ['research', 'finance'],
        }),
        node('quantum-comm', '量子通信', '量子密钥分发与量子安全网关。', {
          subs: ['frontier-tech.quantum-comm'],
          kw: ['量子密钥', 'QKD', '量子安全'],
          to: ['finance', 'telecom'],
        }),
        node('quantum-sensing', '量子精密测量', '量子磁力计、光钟与重力仪。', {
          subs: ['frontier-tech.quantum-sensing'],
          kw: ['磁力计', '光钟', '重力仪'],
          to: ['research', 'medical'],
        }),
        node('photonics', '光子芯片与光计算', '硅光芯片、光计算加速卡与光模块芯片。', {
          subs: ['frontier-tech.photonics'],
          kw: ['硅光', '光计算', '光模块'],
          to: ['telecom'],
        }),
        node('bci', '脑机接口', '非侵入式与植入式脑机接口。', {
          subs: ['frontier-tech.bci'],
          kw: ['脑机接口', '脑电'],
          to: ['medical'],
        }),
        node('fusion', '可控核聚变', '紧凑型聚变装置与等离子体诊断。', {
          subs: ['frontier-tech.fusion'],
          kw: ['聚变', '等离子体'],
          to: ['energy'],
        }),
      ],
    ],
    [
      '应用',
      [
        node('research', '科研与国防', '科研院所与国家实验室。', { kw: ['科研'], sparse: true }),
        node('finance', '金融与政务', '量子加密与量子计算在金融中的应用。', { kw: ['金融'], sparse: true }),
        node('telecom', '通信与数据中心', '光通信、骨干网与数据中心互联。', {
          subs: ['cloud-bigdata.idc'],
          kw: ['数据中心', '光通信'],
        }),
        node('medical', '医疗与康复', '脑电康复、神经调控与医学成像。', {
          subs: ['medical-device.rehab'],
          kw: ['康复', '神经'],
        }),
        node('energy', '能源', '聚变发电与电力系统。', { kw: ['聚变发电'], sparse: true }),
      ],
    ],
  ),
];
