import { describe, expect, it } from 'vitest';
import { formatTotal } from './format';

describe('formatTotal', () => {
  it('counts results the way the page shows them', () => {
    expect(formatTotal(1234, 'project')).toBe('共 1,234 个项目');
    expect(formatTotal(0, 'org')).toBe('共 0 家机构');
    expect(formatTotal(12, 'investor')).toBe('共 12 位投资人');
  });
});
