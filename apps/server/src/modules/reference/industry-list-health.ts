/**
 * The industry taxonomy, health part: medicine, devices, services and the health economy.
 */
import type { IndustryDef } from './industries.js';

export const INDUSTRY_LIST_HEALTH: IndustryDef[] = [
  {
    id: 'biomedicine',
    name: '生物医药',
    synonyms: ['医药', '创新药', '生物制药', 'Biotech', '生物技术'],
    adjacent: ['medical-device', 'medical-service', 'health', 'new-materials'],
    subs: [
      { id: 'biomedicine.small-molecule', name: '小分子创新药', synonyms: ['小分子', '靶向药'] },
      { id: 'biomedicine.antibody', name: '抗体药物', synonyms: ['单抗', '双抗', 'ADC', '抗体偶联药物'] },
      { id: 'biomedicine.cgt', name: '细胞与基因治疗', synonyms: ['CGT', 'CAR-T', '基因治疗', '细胞治疗'] },
      { id: 'biomedicine.vaccine', name: '疫苗', synonyms: ['mRNA疫苗', '重组蛋白疫苗'] },
      { id: 'biomedicine.cxo', name: 'CXO', synonyms: ['CRO', 'CDMO', '医药外包'] },
      { id: 'biomedicine.nucleic', name: '核酸药物', synonyms: ['siRNA', 'mRNA', '小核酸'] },
      { id: 'biomedicine.tcm', name: '现代中药', synonyms: ['中药', '中药创新药'] },
    ],
  },
  {
    id: 'medical-device',
    name: '医疗器械',
    synonyms: ['医械', '器械', '医疗设备', 'Medtech'],
    adjacent: ['biomedicine', 'medical-service', 'robotics', 'ai', 'health'],
    subs: [
      { id: 'medical-device.high-value', name: '高值耗材', synonyms: ['介入耗材', '植入器械', '心血管耗材'] },
      { id: 'medical-device.ivd', name: '体外诊断', synonyms: ['IVD', '分子诊断', 'POCT'] },
      { id: 'medical-device.imaging', name: '医学影像', synonyms: ['CT', 'MRI', '超声', '影像设备'] },
      { id: 'medical-device.surgical-robot', name: '手术机器人', synonyms: ['腔镜机器人', '骨科机器人'] },
      { id: 'medical-device.rehab', name: '康复器械', synonyms: ['康复机器人', '康复设备'] },
      { id: 'medical-device.home', name: '家用医疗器械', synonyms: ['家用医疗', '血糖仪', '呼吸机'] },
      { id: 'medical-device.ai-medical', name: 'AI医疗', synonyms: ['医疗AI', 'AI辅助诊断', '医学影像AI'] },
    ],
  },
  {
    id: 'medical-service',
    name: '医疗服务',
    synonyms: ['医疗健康服务', '医疗机构'],
    adjacent: ['medical-device', 'biomedicine', 'health', 'enterprise-service'],
    subs: [
      { id: 'medical-service.specialty', name: '专科连锁', synonyms: ['眼科连锁', '口腔连锁', '专科医院'] },
      { id: 'medical-service.internet', name: '互联网医疗', synonyms: ['在线问诊', '数字医疗'] },
      { id: 'medical-service.it', name: '医疗信息化', synonyms: ['HIS', '智慧医院', '医疗IT'] },
      { id: 'medical-service.lab', name: '第三方医学检验', synonyms: ['ICL', '独立医学实验室', '影像中心'] },
      { id: 'medical-service.rehab-care', name: '康复与护理服务', synonyms: ['康复医院', '护理院'] },
    ],
  },
  {
    id: 'health',
    name: '大健康',
    synonyms: ['健康产业', '康养', '健康消费'],
    adjacent: ['consumer', 'medical-service', 'biomedicine'],
    subs: [
      { id: 'health.nutrition', name: '营养保健', synonyms: ['保健品', '功能食品', '膳食补充剂'] },
      { id: 'health.aesthetics', name: '医美', synonyms: ['轻医美', '医疗美容'] },
      { id: 'health.management', name: '健康管理', synonyms: ['慢病管理', '体检'] },
      { id: 'health.elderly', name: '养老产业', synonyms: ['银发经济', '智慧养老', '适老化'] },
      { id: 'health.fitness', name: '运动健身', synonyms: ['健身', '智能健身'] },
      { id: 'health.pet-medical', name: '宠物医疗', synonyms: ['宠物医院', '动物药'] },
    ],
  },
];
