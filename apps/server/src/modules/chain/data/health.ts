/** Curated chains: pharmaceuticals, medical devices, medical services, consumer health. */
import { type ChainDef, chain, node } from './types.js';

export const HEALTH_CHAINS: ChainDef[] = [
  chain(
    'biomedicine',
    '生物医药产业链',
    '从原料药、试剂耗材与 CXO 外包服务，经创新药研发与生产，到医院、药店与医保商保支付。',
    [
      '研发外包、原料与工具',
      [
        node('cro', 'CRO临床研究', '临床前与临床研究外包服务。', {
          subs: ['biomedicine.cxo'],
          kw: ['CRO', '临床'],
          to: ['small-molecule', 'antibody', 'cgt', 'vaccine', 'nucleic'],
        }),
        node('cdmo', 'CDMO生产外包', '小分子、多肽、ADC 与生物药的工艺开发与生产外包。', {
          subs: ['biomedicine.cxo'],
          kw: ['CDMO', '多肽合成', '外包'],
          to: ['small-molecule', 'antibody'],
        }),
        node('api', '原料药与中间体', '原料药、医药中间体与药用辅料。', {
          kw: ['原料药', '中间体', '辅料'],
          to: ['small-molecule', 'tcm'],
          sparse: true,
        }),
        node('ai-discovery', 'AI药物发现', '计算化学、AI 辅助药物设计与靶点发现。', {
          kw: ['AI辅助药物发现', 'AI药物', '药物发现'],
          to: ['small-molecule', 'antibody'],
          sparse: true,
        }),
        node('delivery', '递送与平台技术', 'LNP 递送、偶联与双抗平台。', {
          subs: ['biomedicine.nucleic'],
          kw: ['递送平台', '递送', 'LNP', '偶联技术'],
          to: ['nucleic', 'vaccine', 'antibody'],
        }),
      ],
    ],
    [
      '创新药研发与生产',
      [
        node('small-molecule', '小分子创新药', '靶向药、口服 GLP-1 与蛋白降解剂。', {
          subs: ['biomedicine.small-molecule'],
          kw: ['小分子', '抑制剂', 'GLP-1', 'PROTAC'],
          to: ['hospital', 'pharmacy'],
        }),
        node('antibody', '抗体与ADC', '单抗、双抗与抗体偶联药物。', {
          subs: ['biomedicine.antibody'],
          kw: ['抗体', 'ADC', '双抗', '单抗'],
          to: ['hospital'],
          sub: [
            ['adc', 'ADC', ['ADC']],
            ['bispecific', '双抗', ['双抗']],
            ['mab', '单抗', ['单抗']],
          ],
        }),
        node('cgt', '细胞与基因治疗', 'CAR-T、通用型细胞疗法与 AAV 基因治疗。', {
          subs: ['biomedicine.cgt'],
          kw: ['CAR-T', '细胞疗法', '基因治疗', 'AAV'],
          to: ['hospital'],
        }),
        node('nucleic', '核酸药物', 'siRNA、小核酸递送与 mRNA 疗法。', {
          subs: ['biomedicine.nucleic'],
          kw: ['siRNA', '小核酸', 'mRNA'],
          to: ['hospital'],
        }),
        node('vaccine', '疫苗', 'mRNA、重组蛋白与多价疫苗。', {
          subs: ['biomedicine.vaccine'],
          kw: ['疫苗'],
          to: ['cdc'],
        }),
        node('tcm', '现代中药', '中药创新药、经典名方与配方颗粒。', {
          subs: ['biomedicine.tcm'],
          kw: ['中药', '名方', '配方颗粒'],
          to: ['hospital', 'pharmacy'],
        }),
      ],
    ],
    [
      '流通、终端与支付',
      [
        node('hospital', '医院与专科', '公立医院与专科医疗机构。', {
          subs: ['medical-service.specialty'],
          kw: ['专科医院', '肿瘤专科'],
        }),
        node('pharmacy', '药店与医药流通', '连锁药店、DTP 药房与医药电商。', {
          kw: ['药店', 'DTP', '医药流通', '医药电商'],
          sparse: true,
        }),
        node('cdc', '疾控与接种', '疾控中心与接种点。', { kw: ['疾控', '接种'], sparse: true }),
        node('payer', '医保与商保支付', '医保谈判、商业健康险与创新支付。', {
          subs: ['fintech.insurtech'],
          kw: ['健康险', '商保', '理赔'],
        }),
      ],
    ],
  ),

  chain(
    'medical-device',
    '医疗器械产业链',
    '从原材料、核心部件与传感器，经器械研发、注册与生产，到医院、基层医疗与家庭。',
    [
      '原材料与核心部件',
      [
        node('materials', '医用材料', '可降解高分子、医用金属与生物材料。', {
          subs: ['new-materials.polymer', 'new-materials.synbio', 'new-materials.alloy'],
          kw: ['可降解', '胶原蛋白', '钛合金', '医用材料'],
          to: ['high-value'],
        }),
        node('components', '核心部件与芯片', '探测器、超声探头、传感器与医疗芯片。', {
          subs: ['iot.sensor', 'semiconductor.analog'],
          kw: ['探测器', '探头', '传感器', 'ADC'],
          to: ['imaging', 'home'],
        }),
        node('software', '医疗AI与软件', '影像 AI、病理 AI 与手术导航软件。', {
          subs: ['medical-device.ai-medical'],
          kw: ['AI辅助诊断', '病理AI', '心电AI', '医学影像AI'],
          to: ['imaging', 'surgical-robot'],
        }),
      ],
    ],
    [
      '器械研发与生产',
      [
        node('imaging', '医学影像设备', 'CT、MRI 与超声设备。', {
          subs: ['medical-device.imaging'],
          kw: ['CT', 'MRI', '超声'],
          to: ['hospital', 'primary'],
          sub: [
            ['ct', 'CT', ['CT']],
            ['mri', 'MRI', ['MRI']],
            ['ultrasound', '超声', ['超声']],
          ],
        }),
        node('ivd', '体外诊断', '化学发光、分子诊断与肿瘤早筛。', {
          subs: ['medical-device.ivd'],
          kw: ['化学发光', '分子诊断', 'POCT', '早筛'],
          to: ['hospital', 'lab'],
        }),
        node('high-value', '高值耗材', '心血管、神经介入与结构心脏病器械。', {
          subs: ['medical-device.high-value'],
          kw: ['支架', '瓣', '介入'],
          to: ['hospital'],
        }),
        node('surgical-robot', '手术机器人', '腔镜、骨科与血管介入手术机器人。', {
          subs: ['medical-device.surgical-robot'],
          kw: ['手术机器人', '手术导航'],
          to: ['hospital'],
        }),
        node('rehab', '康复器械', '外骨骼、康复训练系统与智能假肢。', {
          subs: ['medical-device.rehab'],
          kw: ['外骨骼', '康复', '假肢'],
          to: ['hospital', 'rehab-service'],
        }),
        node('home', '家用医疗器械', '呼吸机、动态血糖与家用心电。', {
          subs: ['medical-device.home'],
          kw: ['呼吸机', '血糖', '心电贴'],
          to: ['household'],
        }),
      ],
    ],
    [
      '终端与渠道',
      [
        node('hospital', '医院', '三级医院与专科医院。', {
          subs: ['medical-service.specialty'],
          kw: ['医院'],
        }),
        node('primary', '基层医疗', '县域医共体、社区卫生中心与诊所。', { kw: ['基层', '县域'], sparse: true }),
        node('lab', '第三方检验与影像中心', '独立医学实验室与区域影像中心。', {
          subs: ['medical-service.lab'],
          kw: ['检验所', '影像中心', '病理诊断'],
        }),
        node('rehab-service', '康复与护理机构', '康复医院与护理院。', {
          subs: ['medical-service.rehab-care'],
          kw: ['康复医院', '护理院'],
        }),
        node('household', '家庭与零售渠道', '家庭用户、药店与电商。', {
          subs: ['health.management'],
          kw: ['慢病管理', '家用'],
        }),
      ],
    ],
  ),

  chain(
    'medical-service',
    '医疗服务产业链',
    '从药品、器械与医疗 IT，经医疗机构与服务平台，到患者、医保与商保支付方。',
    [
      '供给与医疗IT',
      [
        node('it', '医疗信息化', '智慧医院、电子病历与 DRG 控费。', {
          subs: ['medical-service.it'],
          kw: ['智慧医院', '电子病历', 'DRG'],
          to: ['specialty', 'internet'],
        }),
        node('devices', '药品与器械供应', '医疗器械、试剂与药品供应。', {
          subs: ['medical-device.ivd', 'medical-device.imaging'],
          kw: ['检测系统', '影像设备'],
          to: ['lab', 'specialty'],
        }),
        node('ai', '医疗AI', '辅助诊断与临床决策支持。', {
          subs: ['medical-device.ai-medical'],
          kw: ['AI辅助诊断', '医疗AI'],
          to: ['specialty', 'lab'],
        }),
      ],
    ],
    [
      '医疗机构与服务平台',
      [
        node('specialty', '专科连锁', '眼科、口腔与肿瘤专科。', {
          subs: ['medical-service.specialty'],
          kw: ['眼科', '口腔', '专科'],
          to: ['patient', 'payer'],
          sub: [
            ['eye', '眼科', ['眼科']],
            ['dental', '口腔', ['口腔']],
            ['oncology', '肿瘤', ['肿瘤']],
          ],
        }),
        node('internet', '互联网医疗', '互联网医院、在线问诊与慢病管理。', {
          subs: ['medical-service.internet'],
          kw: ['互联网医院', '在线', '心理咨询'],
          to: ['patient', 'payer'],
        }),
        node('lab', '第三方检验与影像', '独立医学实验室、影像与病理中心。', {
          subs: ['medical-service.lab'],
          kw: ['检验', '影像中心', '病理'],
          to: ['patient'],
        }),
        node('rehab-care', '康复与护理', '康复医院、护理院与居家护理。', {
          subs: ['medical-service.rehab-care'],
          kw: ['康复', '护理'],
          to: ['patient', 'elderly'],
        }),
      ],
    ],
    [
      '患者与支付',
      [
        node('patient', '患者与健康管理', '个人就医与健康管理服务。', {
          subs: ['health.management'],
          kw: ['健康管理', '体检'],
        }),
        node('elderly', '养老与长期照护', '养老机构与居家照护。', {
          subs: ['health.elderly'],
          kw: ['养老', '照护'],
        }),
        node('payer', '医保与商业保险', '医保支付与商业健康险。', {
          subs: ['fintech.insurtech'],
          kw: ['健康险', '核保', '理赔'],
        }),
      ],
    ],
  ),

  chain(
    'health',
    '大健康产业链',
    '从原料、器械与检测服务，经产品品牌与服务机构，到线上线下渠道与消费者。',
    [
      '原料与检测',
      [
        node('ingredients', '功能原料', '益生菌、胶原蛋白与营养原料。', {
          subs: ['new-materials.synbio'],
          kw: ['益生菌', '胶原蛋白', '营养原料'],
          to: ['nutrition', 'aesthetics'],
        }),
        node('testing', '检测与监测', '精准营养检测与可穿戴健康监测。', {
          subs: ['consumer-electronics.wearable'],
          kw: ['营养检测', '健康监测', '可穿戴'],
          to: ['management', 'nutrition'],
        }),
        node('devices', '健康器械与设备', '光电美容设备、适老辅具与健身器材。', {
          subs: ['health.aesthetics', 'health.elderly', 'health.fitness'],
          kw: ['光电美容设备', '适老化辅具', '健身镜', '辅具', '设备'],
          to: ['aesthetics', 'elderly', 'fitness'],
        }),
      ],
    ],
    [
      '产品与服务',
      [
        node('nutrition', '营养保健', '功能食品、运动营养与精准营养。', {
          subs: ['health.nutrition'],
          kw: ['营养', '益生菌', '保健'],
          to: ['online', 'offline'],
        }),
        node('aesthetics', '医美', '轻医美连锁、胶原敷料与光电美容。', {
          subs: ['health.aesthetics'],
          kw: ['医美', '敷料', '光电美容'],
          to: ['offline'],
        }),
        node('management', '健康管理', '慢病管理、企业健康与体检中心。', {
          subs: ['health.management'],
          kw: ['慢病', '体检', '健康管理'],
          to: ['online', 'offline'],
        }),
        node('elderly', '养老服务', '社区养老、智慧养老与适老化辅具。', {
          subs: ['health.elderly'],
          kw: ['养老', '适老化'],
          to: ['offline'],
        }),
        node('fitness', '运动健身', '智能健身、社区健身房与运动康复。', {
          subs: ['health.fitness'],
          kw: ['健身', '运动康复'],
          to: ['online', 'offline'],
        }),
        node('pet', '宠物医疗', '宠物医院、疫苗与诊断试剂。', {
          subs: ['health.pet-medical'],
          kw: ['宠物医院', '宠物疫苗', '宠物诊断'],
          to: ['offline'],
        }),
      ],
    ],
    [
      '渠道与消费者',
      [
        node('online', '线上渠道', '电商、直播与私域。', {
          subs: ['new-retail.live', 'new-retail.private-domain'],
          kw: ['直播', '私域', '电商'],
        }),
        node('offline', '线下门店与机构', '药店、门店与社区服务网点。', { kw: ['门店', '社区'], sparse: true }),
        node('insurance', '健康险与企业福利', '商业健康险与企业员工健康福利。', {
          subs: ['fintech.insurtech'],
          kw: ['健康险', '企业健康'],
        }),
      ],
    ],
  ),
];
