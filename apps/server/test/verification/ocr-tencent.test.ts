/**
 * The Tencent Cloud OCR adapter: its TC3-HMAC-SHA256 signer against the worked example of
 * Tencent's signing documentation, and the adapter against a fake endpoint that checks
 * every signature and answers BusinessCardOCR as the service does.
 */
import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractCardFields } from '../../src/modules/verification/extract-fields.js';
import { createTencentOcr, signTc3 } from '../../src/platform/ocr/tencent.js';
import { type FakeTencentOcr, startFakeTencentOcr } from '../fakes/tencent-ocr.js';
import { blankImage } from './helpers.js';

describe('signTc3', () => {
  it("reproduces the signature of Tencent's documented example", () => {
    const { signature, authorization } = signTc3({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});

describe('Tencent BusinessCardOCR adapter', () => {
  const keys = { secretId: 'AKIDjqtestkey0001', secretKey: 'jq-tencent-secret-0001' };
  let fake: FakeTencentOcr;
  beforeAll(async () => {
    fake = await startFakeTencentOcr({
      ...keys,
      card: [
        { Name: '姓名', Value: '林晓雯', ItemCoord: { X: 40, Y: 30, Width: 160, Height: 48 } },
        { Name: '职位', Value: '投资副总裁' },
        { Name: '公司', Value: '上海启明创投投资管理有限公司' },
        { Name: '手机', Value: '139 1700 2233' },
        { Name: '电话', Value: '021-61228899' },
        { Name: '邮箱', Value: 'linxw@qimingvc.com' },
        { Name: '地址', Value: '上海市静安区南京西路1366号恒隆广场二期' },
      ],
    });
  });
  afterAll(() => fake.close());

  it('sends a signed request and turns the card fields into labelled lines', async () => {
    const ocr = createTencentOcr({ ...keys, region: 'ap-shanghai', endpoint: fake.endpoint });
    const before = fake.signedRequests;
    const { lines } = await ocr.recognise(blankImage());
    expect(fake.signedRequests).toBe(before + 1);
    expect(lines[0]).toEqual({
      text: '姓名：林晓雯',
      confidence: 1,
      box: [
        [40, 30],
        [200, 30],
        [200, 78],
        [40, 78],
      ],
    });
    expect(extractCardFields(lines)).toEqual({
      name: '林晓雯',
      company: '上海启明创投投资管理有限公司',
      title: '投资副总裁',
      phone: '13917002233',
      phones: ['13917002233', '021-61228899'],
      email: 'linxw@qimingvc.com',
    });
  });

  it('fails as unavailable when the service refuses the signature', async () => {
    const ocr = createTencentOcr({
      ...keys,
      secretKey: 'wrong-secret',
      region: 'ap-shanghai',
      endpoint: fake.endpoint,
    });
    await expect(ocr.recognise(blankImage())).rejects.toMatchObject({ code: Code.UNAVAILABLE });
    expect(fake.errors.at(-1)).toBe('AuthFailure.SignatureFailure');
  });

  it('reads an image the service cannot decode as a card with no lines', async () => {
    const ocr = createTencentOcr({ ...keys, region: 'ap-shanghai', endpoint: fake.endpoint });
    expect(await ocr.recognise(Buffer.from('GIF89a not a card'))).toEqual({ lines: [] });
    expect(fake.errors.at(-1)).toBe('FailedOperation.ImageDecodeFailed');
  });

  it('fails as unavailable when the endpoint cannot be reached', async () => {
    const ocr = createTencentOcr({
      ...keys,
      region: 'ap-shanghai',
      endpoint: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(ocr.recognise(blankImage())).rejects.toMatchObject({ code: Code.UNAVAILABLE });
  });
});
