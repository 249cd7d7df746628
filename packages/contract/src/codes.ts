/**
 * The result-code catalogue: every code the server answers and the client parses.
 * Spec section 8 codes keep their numbers; the project's own codes are negative HTTP-like numbers.
 * The HTTP status of each code is decided here and nowhere else.
 */
export const Code = {
  OK: 1000,
  /** PhoneLogin: the phone is bound to another account. QR polling: not yet confirmed. */
  PHONE_BOUND_OR_WAITING: -1,
  ACCOUNT_BANNED: -999,
  IP_BANNED: -9999,
  BAD_REQUEST: -400,
  UNAUTHORIZED: -401,
  FORBIDDEN: -403,
  NOT_FOUND: -404,
  CONFLICT: -409,
  PAYLOAD_TOO_LARGE: -413,
  UNSUPPORTED_MEDIA_TYPE: -415,
  /** Matching: the description names no industry the taxonomy knows; the user must choose one. */
  INDUSTRY_REQUIRED: -422,
  RATE_LIMITED: -429,
  INTERNAL: -500,
  NOT_ENABLED: -501,
  UNAVAILABLE: -503,
  TIMEOUT: -504,
} as const;

export type ResultCode = (typeof Code)[keyof typeof Code];

/** Default zh-CN message per code; a thrown error may carry a more specific one. */
export const codeMessages: Record<ResultCode, string> = {
  [Code.OK]: '成功',
  [Code.PHONE_BOUND_OR_WAITING]: '该手机号已被绑定！',
  [Code.ACCOUNT_BANNED]: '您的账号已被封禁！',
  [Code.IP_BANNED]: '您的 IP 已被封禁',
  [Code.BAD_REQUEST]: '请求参数有误',
  [Code.UNAUTHORIZED]: '请先登录',
  [Code.FORBIDDEN]: '无权访问',
  [Code.NOT_FOUND]: '接口不存在',
  [Code.CONFLICT]: '数据已被修改，请刷新后重试',
  [Code.PAYLOAD_TOO_LARGE]: '请求内容过大',
  [Code.UNSUPPORTED_MEDIA_TYPE]: '不支持的请求内容类型',
  [Code.INDUSTRY_REQUIRED]: '未能从描述中识别出行业，请选择项目所属行业',
  [Code.RATE_LIMITED]: '操作过于频繁，请稍后再试',
  [Code.INTERNAL]: '服务器错误',
  [Code.NOT_ENABLED]: '该功能即将上线，敬请期待',
  [Code.UNAVAILABLE]: '服务暂不可用，请稍后再试',
  [Code.TIMEOUT]: '请求超时',
};

/** HTTP status for each code: business outcomes answer 200, protocol errors their HTTP status. */
export const codeStatus: Record<ResultCode, number> = {
  [Code.OK]: 200,
  [Code.PHONE_BOUND_OR_WAITING]: 200,
  [Code.ACCOUNT_BANNED]: 403,
  [Code.IP_BANNED]: 403,
  [Code.BAD_REQUEST]: 400,
  [Code.UNAUTHORIZED]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.CONFLICT]: 409,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.UNSUPPORTED_MEDIA_TYPE]: 415,
  [Code.INDUSTRY_REQUIRED]: 422,
  [Code.RATE_LIMITED]: 429,
  [Code.INTERNAL]: 500,
  [Code.NOT_ENABLED]: 501,
  [Code.UNAVAILABLE]: 503,
  [Code.TIMEOUT]: 504,
};

export function isResultCode(value: unknown): value is ResultCode {
  return typeof value === 'number' && value in codeMessages;
}
