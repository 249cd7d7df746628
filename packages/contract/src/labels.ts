/**
 * Chinese names of request fields, so a validation error names the field the user
 * knows ("手机号" rather than "Phone"). Unknown fields fall back to their own name.
 */
export const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  Phone: '手机号',
  vcode: '验证码',
  code: '编码',
  page: '页码',
  pageSize: '每页条数',
  keyword: '关键词',
  industry: '行业',
  stage: '融资轮次',
  region: '地区',
  name: '姓名',
  company: '公司',
  title: '职位',
  email: '邮箱',
  address: '地址',
  brief: '简介',
  content: '内容',
  text: '文本',
  url: '链接',
  pid: '项目',
  oid: '机构',
  tuid: '用户',
  uguid: '用户标识',
  clientid: '客户端标识',
  ClientId: '客户端标识',
  chatuuid: '会话',
  orderno: '订单号',
  money: '金额',
  action: '操作类型',
  env: '环境',
  id: '编号',
};

export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (last === undefined) return path.length ? String(path.join('.')) : '请求体';
  return FIELD_LABELS[last] ?? last;
}
