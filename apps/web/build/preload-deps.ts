/**
 * Which files Vite's preload helper requests with a lazy chunk (`build.modulePreload.resolveDependencies`):
 * only those its importing chunk has not loaded already.
 *
 * Vite names every file the lazy chunk needs, including the ones the importing chunk imports
 * statically, which are loaded and evaluated before the import can run. The helper skips only
 * files named by a `<link>` element, so each of those would cost a `<link rel=modulepreload>`
 * insertion for a file already there: 28 of the 84 files /jq/project's page named, at about
 * 0.4 ms of main thread apiece while a page loads. index.html keeps its own list (what the
 * entry imports).
 */
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

export interface PreloadDependencies {
  plugin: Plugin;
  resolveDependencies(file: string, deps: string[], context: { hostId: string }): string[];
}

export function preloadDependencies(): PreloadDependencies {
  let bundle: OutputBundle | undefined;
  const loadedWith = new Map<string, Set<string>>();

  /** The chunk and every chunk it imports statically, by file name (index.html: itself only). */
  const staticClosure = (host: string): Set<string> => {
    const known = loadedWith.get(host);
    if (known) return known;
    const files = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      const chunk = bundle?.[file];
      if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
    };
    visit(host);
    loadedWith.set(host, files);
    return files;
  };

  return {
    plugin: {
      name: 'jq-preload-deps',
      apply: 'build',
      // Before Vite's import analysis (a post plugin) writes the preload lists from the same bundle.
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output as OutputBundle;
          loadedWith.clear();
        },
      },
    },
    resolveDependencies(_file, deps, { hostId }) {
      if (!bundle) throw new Error('jq-preload-deps: 预加载列表在构建产物之前生成（插件顺序变了？）');
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
