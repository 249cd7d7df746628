import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { preloadDependencies } from './preload-deps';

const chunk = (imports: string[]) => ({ type: 'chunk', imports }) as unknown as OutputBundle[string];

/** Runs the plugin's generateBundle as the build does, with `bundle`. */
function afterBundle(bundle: Record<string, OutputBundle[string]>) {
  const preload = preloadDependencies();
  const hook = preload.plugin.generateBundle as { handler: (options: unknown, output: unknown) => void };
  hook.handler({}, bundle);
  return preload;
}

describe('preload lists', () => {
  it('leave out what the importing chunk has loaded statically, directly or not', () => {
    const preload = afterBundle({
      'assets/index.js': chunk(['assets/react.js', 'assets/shell.js']),
      'assets/shell.js': chunk(['assets/runtime.js']),
      'assets/react.js': chunk([]),
      'assets/runtime.js': chunk([]),
      'assets/page.js': chunk(['assets/react.js', 'assets/runtime.js', 'assets/antd-a.js']),
      'assets/antd-a.js': chunk([]),
    });
    const deps = ['assets/page.js', 'assets/react.js', 'assets/runtime.js', 'assets/antd-a.js'];
    expect(preload.resolveDependencies('assets/page.js', deps, { hostId: 'assets/index.js' })).toEqual([
      'assets/page.js',
      'assets/antd-a.js',
    ]);
    // A lazy chunk importing another lazy chunk: only its own static imports count as loaded.
    expect(preload.resolveDependencies('assets/page.js', deps, { hostId: 'assets/antd-a.js' })).toEqual(
      deps.filter((dep) => dep !== 'assets/antd-a.js'),
    );
  });

  it("keep index.html's list whole (the entry's imports)", () => {
    const preload = afterBundle({ 'assets/index.js': chunk(['assets/react.js']) });
    expect(
      preload.resolveDependencies('assets/index.js', ['assets/react.js'], { hostId: 'index.html' }),
    ).toEqual(['assets/react.js']);
  });

  it('refuse to answer before the bundle is known', () => {
    expect(() => preloadDependencies().resolveDependencies('a.js', ['b.js'], { hostId: 'c.js' })).toThrow(
      '插件顺序',
    );
  });
});
