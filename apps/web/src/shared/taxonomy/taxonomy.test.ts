import { describe, expect, it } from 'vitest';
import { indexOptions } from './taxonomy';

describe('filter option index', () => {
  it('indexes every option by id for the chosen-filter chips', () => {
    const index = indexOptions([
      { id: 'nev', name: '新能源汽车', subs: [{ id: 'nev.battery', name: '动力电池' }] },
      { id: 'ai', name: '人工智能', subs: [] },
    ]);
    expect(index.get('nev.battery')).toEqual({ name: '动力电池', parentId: 'nev' });
    expect(index.get('ai')).toEqual({ name: '人工智能', parentId: null });
    expect(index.get('nope')).toBeUndefined();
  });

  it('indexes cities under their province', () => {
    const index = indexOptions([{ id: '440000', name: '广东', cities: [{ id: '440300', name: '深圳' }] }]);
    expect(index.get('440300')).toEqual({ name: '深圳', parentId: '440000' });
  });
});
