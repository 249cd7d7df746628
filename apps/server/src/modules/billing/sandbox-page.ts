/**
 * The sandbox provider's pay page: a small standalone HTML page (Chinese, mobile first, no
 * scripts and no external assets, so it passes the CSP) that the QR opens on a phone. Its
 * 确认支付 is a plain form POST back to the same address.
 */
import type { PayOrder } from '../../db/schema.js';
import { yuan } from './pricing.js';
import { withSandboxToken } from './sandbox-token.js';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#1f2329}
main{max-width:420px;margin:0 auto;padding:32px 20px}
.card{background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:18px;margin:0 0 4px}.tag{display:inline-block;font-size:12px;color:#ad6800;background:#fffbe6;border:1px solid #ffe58f;border-radius:4px;padding:1px 6px}
dl{margin:20px 0;display:grid;grid-template-columns:auto 1fr;gap:10px 16px;font-size:15px}dt{color:#8f959e}dd{margin:0;text-align:right;word-break:break-all}
.amount{font-size:28px;font-weight:600;text-align:center;margin:16px 0 4px}.list{text-align:center;color:#8f959e;font-size:13px;text-decoration:line-through}
button{width:100%;height:46px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:16px;cursor:pointer}
.ok{color:#389e0d}.bad{color:#cf1322}p{line-height:1.6;font-size:14px;color:#646a73}
`;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} - 金桥沙箱支付</title><style>${STYLE}</style></head>
<body><main><div class="card"><h1>${escapeHtml(title)}</h1><span class="tag">沙箱环境 · 不产生真实扣款</span>${body}</div></main></body></html>`;
}

function details(order: PayOrder): string {
  const list = order.metadata.listFen;
  return `<div class="amount">¥${yuan(order.amountFen)}</div>${
    list && list !== order.amountFen
      ? `<div class="list">原价 ¥${yuan(list)}（测试环境按 1 分收取）</div>`
      : ''
  }<dl><dt>商品</dt><dd>${escapeHtml(order.description)}</dd><dt>金额</dt><dd>¥${yuan(order.amountFen)}</dd><dt>订单号</dt><dd>${escapeHtml(order.orderno)}</dd></dl>`;
}

/** `token`: the QR link's single-use token, carried on to 确认支付 when the visitor came by it. */
export function renderPayPage(order: PayOrder, isExpired: boolean, token?: string): string {
  if (order.status === 'fulfilled' || order.status === 'paid') return renderPaid(order);
  if (order.status !== 'created' || isExpired) {
    return page(
      '订单已关闭',
      `${details(order)}<p class="bad">该订单已${order.status === 'refunded' ? '退款' : '关闭或超时'}，请回到原页面重新下单。</p>`,
    );
  }
  const path = `/api/pay/sandbox/${encodeURIComponent(order.orderno)}`;
  const action = token ? withSandboxToken(path, token) : path;
  return page(
    '确认订单',
    `${details(order)}<form method="post" action="${escapeHtml(action)}"><button type="submit">确认支付</button></form>
<p>确认后沙箱会像真实支付渠道一样，向平台发送签名的支付通知。</p>`,
  );
}

export function renderPaid(order: PayOrder): string {
  return page(
    '支付成功',
    `${details(order)}<p class="ok">支付完成！请回到原页面查看，页面会自动刷新结果。</p>`,
  );
}

export function renderFailure(message: string): string {
  return page('支付失败', `<p class="bad">${escapeHtml(message)}</p><p>请返回重试。</p>`);
}

export function renderNotFound(message: string): string {
  return page('订单不存在', `<p class="bad">${escapeHtml(message)}</p>`);
}
