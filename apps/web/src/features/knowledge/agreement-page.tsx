/** /knowledge/agreement: what uploading, publishing, pricing and income mean, in plain terms. */
import { knowledge } from '../../locales/zh-CN/knowledge';
import './knowledge.css';

const SECTIONS: { title: string; items: string[] }[] = [
  {
    title: '一、上传与解析',
    items: [
      '你可以上传 PDF、Word（DOCX）、Excel（XLSX）、PPT（PPTX）、Markdown、TXT、CSV 文件，单个文件默认不超过 50 MB。文件类型按文件内容识别，改扩展名的可执行文件、加密文件、损坏文件会被拒绝并说明原因。',
      '上传的文件由平台自动解析为页面与分块，用于检索与问答。扫描件会经文字识别（OCR）处理。同一文件重复上传只保留一份。',
      '你可以随时删除自己的文件；删除后其页面、分块与向量一并删除，解析中的文件也会立即停止解析。',
    ],
  },
  {
    title: '二、权限',
    items: [
      '文件默认私有，只有你自己能看到和使用。',
      '设为公开后，文件出现在知识广场：其他用户可以预览前几页、基于预览内容提问；收藏（或按你设置的价格解锁）后可阅读全文。收藏是对原文件的引用，不复制文件。',
      '你保证对公开的文件拥有合法的权利，不包含违法、侵权或他人的保密信息。平台有权下架违规文件。',
    ],
  },
  {
    title: '三、付费回答与创作收益',
    items: [
      '他人的问答引用了你的公开文件时，该回答为付费回答，由提问者支付算力；你按平台公布的比例获得分成，同一回答对同一文件只计一次，精确到 1 算力。',
      '他人按你设置的价格解锁你的文件时，你同样获得分成。收益以算力记入你的账户，可在“创作收益”中按文件、按天查看。',
    ],
  },
  {
    title: '四、其他',
    items: ['演示文件由平台模拟生成，仅供体验。', '本协议的解释与调整以平台公告为准。'],
  },
];

export default function KnowledgeAgreementPage() {
  return (
    <div className="jq-panel jq-kb-agreement" data-testid="kb-agreement-page">
      <h2 className="jq-kb-title">{knowledge.agreement.title}</h2>
      {SECTIONS.map((section) => (
        <section key={section.title}>
          <h3>{section.title}</h3>
          {section.items.map((item) => (
            <p key={item}>{item}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
