/** Curated chains: consumer goods, retail, cross-border, fintech, education, media, games. */
import { type ChainDef, chain, node } from './types.js';

export const CONSUMER_CHAINS: ChainDef[] = [
  chain(
    'consumer',
    '消费品产业链',
    '从原料、代工与包装，经品牌研发与营销，到电商、商超、便利店与即时零售渠道。',
    [
      '原料、代工与供应链',
      [
        node('ingredients', '原料与配料', '食品配料、功能原料与美妆原料。', {
          subs: ['new-materials.synbio', 'health.nutrition'],
          kw: ['原料', '胶原蛋白', '益生菌', '配料'],
          to: ['food', 'beauty'],
        }),
        node('oem', '代工与柔性供应链', 'ODM/OEM 代工、柔性供应链与包装。', {
          kw: ['柔性供应链', '代工', 'ODM', '包装'],
          to: ['food', 'beauty', 'apparel', 'home'],
          sparse: true,
        }),
        node('traceability', '原料溯源与品控', '原料溯源、检测与品控。', {
          subs: ['agritech.supply'],
          kw: ['原料溯源', '溯源'],
          to: ['food'],
        }),
      ],
    ],
    [
      '品牌',
      [
        node('food', '食品饮料', '健康零食、预制菜与功能饮料。', {
          subs: ['consumer.food'],
          kw: ['零食', '预制菜', '饮料'],
          to: ['ecommerce', 'offline', 'instant'],
        }),
        node('tea-coffee', '茶饮与咖啡', '新式茶饮、精品咖啡与冻干咖啡。', {
          subs: ['consumer.tea-coffee'],
          kw: ['茶饮', '咖啡'],
          to: ['offline', 'instant'],
        }),
        node('beauty', '美妆个护', '功效护肤、国货彩妆与男士理容。', {
          subs: ['consumer.beauty'],
          kw: ['护肤', '彩妆', '理容'],
          to: ['ecommerce', 'offline'],
        }),
        node('apparel', '服饰', '户外功能服饰、运动服与设计师品牌。', {
          subs: ['consumer.apparel'],
          kw: ['服饰', '运动服', '女装'],
          to: ['ecommerce', 'offline'],
        }),
        node('pet', '宠物', '宠物食品、零食与智能用品。', {
          subs: ['consumer.pet'],
          kw: ['猫粮', '宠物'],
          to: ['ecommerce'],
        }),
        node('baby', '母婴', '婴童营养、洗护与安全座椅。', {
          subs: ['consumer.baby'],
          kw: ['婴童', '母婴', '儿童'],
          to: ['ecommerce', 'offline'],
        }),
        node('toys', '潮玩与文创', '原创潮玩、拼搭积木与文创周边。', {
          subs: ['consumer.toys'],
          kw: ['潮玩', '积木', '文创'],
          to: ['ecommerce', 'offline'],
        }),
        node('home', '家居与小家电', '智能小家电、个护电器与收纳家居。', {
          subs: ['consumer.home'],
          kw: ['小家电', '个护电器', '家居'],
          to: ['ecommerce', 'offline'],
        }),
      ],
    ],
    [
      '渠道',
      [
        node('ecommerce', '电商与直播', '平台电商、直播与内容电商。', {
          subs: ['new-retail.live'],
          kw: ['直播电商', '达人分销', '自播'],
        }),
        node('offline', '连锁与商超', '量贩零食、折扣店与便利店。', {
          subs: ['new-retail.chain'],
          kw: ['量贩', '折扣店', '便利店'],
        }),
        node('instant', '即时零售', '前置仓、闪电仓与即时零售服务。', {
          subs: ['new-retail.instant'],
          kw: ['即时零售', '前置仓', '闪电仓'],
        }),
        node('overseas', '出海', '消费品牌出海与跨境渠道。', {
          subs: ['cross-border.brand'],
          kw: ['出海品牌', 'DTC'],
        }),
      ],
    ],
  ),

  chain(
    'new-retail',
    '新零售产业链',
    '从品牌与供应链，经零售平台、门店与直播机构，到私域与即时触达的消费者。',
    [
      '商品与数字化工具',
      [
        node('brands', '品牌与供应链', '消费品牌与供应链服务商。', {
          subs: ['consumer.food', 'consumer.beauty', 'logistics.scm'],
          kw: ['品牌', '供应链服务'],
          to: ['live', 'chain', 'instant'],
        }),
        node('digital', '零售数字化', '智慧门店 SaaS、AI 选品与电子价签。', {
          subs: ['new-retail.digital'],
          kw: ['智慧门店', '选品', '电子价签', '零售SaaS'],
          to: ['chain', 'instant'],
        }),
        node('logistics', '仓配与即时配送', '前置仓运营、城配与即时配送。', {
          subs: ['logistics.unmanned', 'logistics.express'],
          kw: ['即时配送', '仓配', '配送', '快递柜', '同城快递'],
          to: ['instant', 'community'],
        }),
      ],
    ],
    [
      '零售业态',
      [
        node('live', '直播与社交电商', '直播电商服务、达人分销与品牌自播。', {
          subs: ['new-retail.live'],
          kw: ['直播', '达人', '自播'],
          to: ['consumers'],
        }),
        node('instant', '即时零售', '社区前置仓、即时零售服务商与闪电仓。', {
          subs: ['new-retail.instant'],
          kw: ['前置仓', '即时零售', '闪电仓'],
          to: ['consumers'],
        }),
        node('chain', '连锁零售', '量贩零食、社区折扣店与便利店。', {
          subs: ['new-retail.chain'],
          kw: ['量贩', '折扣', '便利店'],
          to: ['consumers'],
        }),
        node('community', '社区团购', '社区团购平台与社区生鲜店。', {
          subs: ['new-retail.community'],
          kw: ['团购', '团长', '社区生鲜'],
          to: ['consumers'],
        }),
      ],
    ],
    [
      '用户运营',
      [
        node('private-domain', '私域与会员运营', '企业微信私域、会员运营与小程序商城。', {
          subs: ['new-retail.private-domain'],
          kw: ['私域', '会员', '小程序'],
        }),
        node('marketing', '营销与内容', '品牌内容营销与效果营销。', {
          subs: ['culture-media.marketing'],
          kw: ['内容营销', '效果营销'],
        }),
        node('consumers', '消费者', '线上线下全渠道的消费者。', { kw: ['全渠道'], sparse: true }),
      ],
    ],
  ),

  chain(
    'cross-border',
    '跨境电商产业链',
    '从国内制造与供应链，经跨境平台、出海品牌与服务商，到海外消费者与渠道。',
    [
      '货源与供应链',
      [
        node('factory', '国内制造与产业带', '产业带工厂与柔性供应链。', {
          kw: ['产业带', '工厂', '柔性供应链'],
          to: ['brand', 'platform'],
        }),
        node('b2b', 'B2B跨境采购', 'B2B 跨境采购与外贸撮合平台。', {
          subs: ['cross-border.platform'],
          kw: ['B2B', '跨境采购', '外贸'],
          to: ['platform'],
        }),
      ],
    ],
    [
      '品牌、平台与服务商',
      [
        node('brand', '出海品牌', '户外储能、家居与宠物用品出海品牌。', {
          subs: ['cross-border.brand'],
          kw: ['出海品牌', 'DTC'],
          to: ['consumers'],
        }),
        node('platform', '跨境电商平台', '东南亚、拉美等区域电商平台。', {
          subs: ['cross-border.platform'],
          kw: ['电商平台'],
          to: ['consumers'],
        }),
        node('saas', '独立站与跨境SaaS', '独立站建站、跨境 ERP 与店铺管理。', {
          subs: ['cross-border.saas'],
          kw: ['独立站', 'ERP', '店铺管理'],
          to: ['brand'],
        }),
        node('marketing', '出海营销', '海外网红营销、广告投放与本地化内容。', {
          subs: ['cross-border.marketing'],
          kw: ['海外网红', '广告投放', '本地化'],
          to: ['brand'],
        }),
        node('logistics', '跨境物流与海外仓', '海外仓、专线物流与物流 SaaS。', {
          subs: ['cross-border.logistics'],
          kw: ['海外仓', '专线', '跨境物流'],
          to: ['consumers'],
        }),
        node('payment', '跨境支付', '跨境收款、外贸结算与本地化支付。', {
          subs: ['cross-border.payment'],
          kw: ['收款', '结算', '支付'],
          to: ['consumers'],
        }),
      ],
    ],
    [
      '海外市场',
      [
        node('consumers', '海外消费者与渠道', '北美、欧洲、东南亚与拉美的线上线下渠道。', {
          kw: ['海外市场', '海外渠道'],
          sparse: true,
        }),
        node('games', '游戏与内容出海', '游戏海外发行与内容出海。', {
          subs: ['games.overseas'],
          kw: ['海外发行'],
        }),
      ],
    ],
  ),

  chain(
    'fintech',
    '金融科技产业链',
    '从云计算、数据与安全基础设施，经金融 IT 与科技服务商，到银行、保险、证券与支付机构。',
    [
      '基础设施',
      [
        node('cloud', '云与数据库', '金融云、分布式数据库。', {
          subs: ['cloud-bigdata.database', 'cloud-bigdata.cloud-native'],
          kw: ['分布式数据库', '金融云'],
          to: ['risk', 'wealth', 'payment'],
        }),
        node('data', '数据与隐私计算', '征信数据、隐私计算与联邦学习。', {
          subs: ['cloud-bigdata.data-element'],
          kw: ['隐私计算', '联邦学习', '征信'],
          to: ['risk'],
        }),
        node('security', '安全与密码', '金融数据安全、身份认证与密码服务。', {
          subs: ['cybersecurity.identity', 'cybersecurity.data'],
          kw: ['密码', '身份认证', '数据安全'],
          to: ['payment', 'blockchain'],
        }),
        node('ai', '金融大模型', '投研大模型与智能客服。', {
          subs: ['ai.llm'],
          kw: ['投研大模型', '金融大模型'],
          to: ['wealth', 'insurtech'],
        }),
      ],
    ],
    [
      '金融科技服务',
      [
        node('payment', '支付', '聚合支付、收单 SaaS 与数字人民币受理。', {
          subs: ['fintech.payment'],
          kw: ['支付', '收单', '数字人民币'],
          to: ['banks', 'merchants'],
        }),
        node('risk', '智能风控', '反欺诈、信用评估与贷后管理。', {
          subs: ['fintech.risk'],
          kw: ['反欺诈', '信用评估', '贷后'],
          to: ['banks'],
        }),
        node('insurtech', '保险科技', '智能核保、理赔自动化与保险中介。', {
          subs: ['fintech.insurtech'],
          kw: ['核保', '理赔', '保险'],
          to: ['insurers'],
        }),
        node('wealth', '财富与投研科技', '智能投顾、投研大模型与基金投顾。', {
          subs: ['fintech.wealth'],
          kw: ['投顾', '投研'],
          to: ['securities'],
        }),
        node('blockchain', '区块链', '区块链存证、数字资产托管与票据链。', {
          subs: ['fintech.blockchain'],
          kw: ['区块链', '存证', '数字资产'],
          to: ['banks'],
        }),
        node('supply-chain', '供应链金融', '应收账款融资、供应链金融 SaaS 与仓单质押。', {
          subs: ['fintech.supply-chain'],
          kw: ['应收账款', '供应链金融', '仓单'],
          to: ['banks'],
        }),
      ],
    ],
    [
      '金融机构与商户',
      [
        node('banks', '银行', '商业银行与消费金融公司。', { kw: ['银行'], sparse: true }),
        node('insurers', '保险公司', '财险、寿险与健康险公司。', { kw: ['保险公司'], sparse: true }),
        node('securities', '证券与资管', '券商、基金与资管机构。', { kw: ['券商', '基金'], sparse: true }),
        node('merchants', '商户与企业', '线上线下商户与外贸企业。', {
          subs: ['cross-border.payment'],
          kw: ['商户', '外贸结算'],
        }),
      ],
    ],
  ),

  chain(
    'education',
    '教育产业链',
    '从内容、师资与教育硬件，经教育服务与平台，到学校、家庭与企业。',
    [
      '内容、硬件与技术',
      [
        node('content', '课程内容与题库', '课程研发、题库与数字教材。', {
          kw: ['课程研发', '题库', '教材'],
          to: ['k12-quality', 'language', 'vocational'],
          sparse: true,
        }),
        node('hardware', '教育硬件', 'AI 学习机与智能教学设备。', {
          subs: ['education.ai', 'consumer-electronics.hardware'],
          kw: ['学习机', '教学设备'],
          to: ['ai-learning'],
        }),
        node('model', '教育大模型与AI技术', '自适应学习、口语测评与作业批改。', {
          subs: ['education.ai'],
          kw: ['自适应学习', '口语测评', '教育大模型'],
          to: ['ai-learning', 'it'],
          sparse: true,
        }),
      ],
    ],
    [
      '教育服务与平台',
      [
        node('ai-learning', 'AI学习', 'AI 学习机、AI 批改与口语陪练。', {
          subs: ['education.ai'],
          kw: ['AI作业', 'AI口语', 'AI批改', '陪练'],
          to: ['family'],
        }),
        node('k12-quality', '素质教育', '少儿编程、科学与艺术课程。', {
          subs: ['education.quality'],
          kw: ['编程', '科学', '艺术'],
          to: ['family'],
        }),
        node('language', '语言学习', '少儿英语、成人口语与小语种。', {
          subs: ['education.language'],
          kw: ['英语', '口语', '小语种'],
          to: ['family', 'adult'],
        }),
        node('vocational', '职业教育', 'IT 技能、新能源汽车维修实训与职业资格。', {
          subs: ['education.vocational'],
          kw: ['职业', '实训', '技能培训'],
          to: ['adult', 'enterprise'],
        }),
        node('higher', '高等教育服务', '考研、留学与高校科研服务。', {
          subs: ['education.higher'],
          kw: ['考研', '留学', '高校'],
          to: ['adult', 'school'],
        }),
        node('it', '教育信息化', '智慧校园、课堂分析与教务 SaaS。', {
          subs: ['education.it'],
          kw: ['智慧校园', '课堂', '教务'],
          to: ['school'],
        }),
      ],
    ],
    [
      '用户',
      [
        node('school', '学校与教育局', '中小学、高校与区县教育局。', { kw: ['学校', '教育局'], sparse: true }),
        node('family', '家庭与学生', 'K12 学生与家长。', { kw: ['家长', '学生'], sparse: true }),
        node('adult', '成人学习者', '考证、升学与职场提升人群。', { kw: ['成人'], sparse: true }),
        node('enterprise', '企业培训', '企业内训与数字化学习平台。', {
          subs: ['enterprise-service.collab'],
          kw: ['企业培训', '知识管理'],
        }),
      ],
    ],
  ),

  chain(
    'culture-media',
    '文娱传媒产业链',
    '从 IP、创作者与制作工具，经内容制作与发行，到平台、广告主与用户。',
    [
      'IP、创作者与工具',
      [
        node('ip', 'IP与授权', '原创动漫 IP、IP 授权与国潮衍生品。', {
          subs: ['culture-media.ip'],
          kw: ['IP', '动漫', '授权', '衍生品'],
          to: ['film', 'games', 'toys'],
        }),
        node('tools', '制作工具与AIGC', 'AIGC 视频生成、虚拟制片与动作捕捉。', {
          subs: ['culture-media.virtual-human', 'games.engine'],
          kw: ['AIGC', '虚拟制片', '动作捕捉', '生成平台'],
          to: ['film', 'short-video'],
        }),
        node('creators', '创作者与MCN', 'MCN 机构与达人孵化。', {
          subs: ['culture-media.short-video'],
          kw: ['MCN', '达人', '创作者'],
          to: ['short-video'],
        }),
      ],
    ],
    [
      '内容制作与发行',
      [
        node('short-video', '短视频与直播', '直播基地、短视频代运营。', {
          subs: ['culture-media.short-video'],
          kw: ['短视频', '直播'],
          to: ['platforms', 'advertisers'],
        }),
        node('film', '影视与微短剧', '微短剧出品、虚拟制片与后期制作。', {
          subs: ['culture-media.film'],
          kw: ['短剧', '影视', '后期'],
          to: ['platforms'],
        }),
        node('audio', '音乐与音频', '有声书、播客与独立音乐。', {
          subs: ['culture-media.audio'],
          kw: ['有声书', '播客', '音乐'],
          to: ['platforms'],
        }),
        node('virtual-human', '数字人与虚拟偶像', 'AI 数字人直播与虚拟偶像运营。', {
          subs: ['culture-media.virtual-human'],
          kw: ['数字人', '虚拟偶像'],
          to: ['platforms', 'advertisers'],
        }),
        node('live-ent', '线下演艺与沉浸式娱乐', '沉浸式剧场、剧本杀与 Livehouse。', {
          subs: ['culture-media.live-ent'],
          kw: ['剧场', '剧本杀', 'Livehouse', '演出'],
          to: ['users'],
        }),
      ],
    ],
    [
      '平台与变现',
      [
        node('marketing', '数字营销', '程序化广告、品牌内容与效果营销。', {
          subs: ['culture-media.marketing'],
          kw: ['广告', '营销'],
        }),
        node('platforms', '内容平台', '视频、音频与社区平台。', { kw: ['内容平台'], sparse: true }),
        node('advertisers', '品牌广告主', '消费品牌与电商广告主。', {
          subs: ['new-retail.live'],
          kw: ['品牌自播', '广告主'],
        }),
        node('toys', '衍生消费', '潮玩、文创与 IP 衍生品消费。', {
          subs: ['consumer.toys'],
          kw: ['潮玩', '文创'],
        }),
        node('games', 'IP游戏改编', '由 IP 改编的游戏。', { subs: ['games.mobile'], kw: ['二次元'] }),
        node('users', '用户', '观众、听众与线下消费者。', { kw: ['观众'], sparse: true }),
      ],
    ],
  ),

  chain(
    'games',
    '游戏产业链',
    '从引擎、美术外包与 IP，经研发与发行，到渠道平台、电竞与玩家。',
    [
      '引擎、美术与IP',
      [
        node('engine', '游戏引擎与工具', '自研引擎与 AI 美术生成工具。', {
          subs: ['games.engine'],
          kw: ['引擎', 'AI美术', '工具'],
          to: ['mobile', 'console-pc', 'casual'],
        }),
        node('art', '美术外包', '原画、3D 模型与动画外包。', {
          subs: ['games.engine'],
          kw: ['美术外包', '外包'],
          to: ['mobile', 'console-pc'],
        }),
        node('ip', 'IP授权', '动漫、文学与影视 IP。', {
          subs: ['culture-media.ip'],
          kw: ['IP授权', '动漫IP', '原创动漫'],
          to: ['mobile'],
        }),
      ],
    ],
    [
      '研发与发行',
      [
        node('mobile', '移动游戏', '二次元、SLG 与 MMORPG 手游。', {
          subs: ['games.mobile'],
          kw: ['手游', '二次元', 'SLG', 'MMORPG'],
          to: ['channels', 'overseas'],
          sub: [
            ['acg', '二次元', ['二次元']],
            ['slg', 'SLG', ['SLG']],
            ['mmo', 'MMORPG', ['MMORPG']],
          ],
        }),
        node('console-pc', '主机与PC游戏', '单机、独立与主机游戏。', {
          subs: ['games.console-pc'],
          kw: ['单机', '独立游戏', '主机'],
          to: ['channels', 'overseas'],
        }),
        node('casual', '休闲与小游戏', '微信小游戏与超休闲游戏。', {
          subs: ['games.casual'],
          kw: ['小游戏', '休闲'],
          to: ['channels'],
        }),
        node('overseas', '海外发行', '海外发行、本地化与买量服务。', {
          subs: ['games.overseas'],
          kw: ['海外发行', '本地化', '买量'],
          to: ['players'],
        }),
      ],
    ],
    [
      '渠道与玩家',
      [
        node('channels', '渠道与平台', '应用商店、小游戏平台与云游戏。', {
          kw: ['云游戏', '应用商店'],
          sparse: true,
        }),
        node('esports', '电子竞技', '电竞俱乐部、赛事运营与电竞酒店。', {
          subs: ['games.esports'],
          kw: ['电竞'],
        }),
        node('streaming', '游戏直播与内容', '游戏直播与视频内容。', {
          subs: ['culture-media.short-video'],
          kw: ['游戏直播'],
          sparse: true,
        }),
        node('players', '玩家', '国内与海外玩家。', { kw: ['玩家'], sparse: true }),
      ],
    ],
  ),
];
