/**
 * Build step: the styles of the antd components on the first screens (the shell, /home, the
 * library lists) as a static stylesheet, `virtual:antd-styles.css`, imported first by main.tsx.
 *
 * antd generates each component's CSS in the browser the first time the component renders
 * (serialise, hash, insert a <style>), which on a phone costs a good part of the first load.
 * The extracted sheet ends with antd's cache-path marker rule (`.data-ant-cssinjs-cache-path`);
 * at run time @ant-design/cssinjs reads it once and skips generating every style it lists.
 * Components not listed here are styled at run time as before. Component styles use only CSS
 * variables, so one sheet serves both identities: the variables (colours, component tokens)
 * are still written at run time from the identity's theme. In `vite dev` the module is empty.
 *
 * Also `virtual:antd-map-tokens`: antd's default algorithm (a theme's seed → its map tokens,
 * 13 colour palettes of 10 shades each) worked out here for the seed of each identity, exactly
 * as antd passes it; app/antd-algorithm.ts answers from it instead of deriving them again in
 * the browser. Built for dev and tests too (it costs milliseconds in Node).
 * See docs/decisions.md (2026-11-28).
 */
import type { Identity } from '@jq/contract';
import type { Plugin } from 'vite';
import { buildTheme } from '../src/app/theme';

const ID = 'virtual:antd-styles.css';
const RESOLVED_ID = `\0${ID}`;
const TOKENS_ID = 'virtual:antd-map-tokens';
const RESOLVED_TOKENS_ID = `\0${TOKENS_ID}`;
const IDENTITIES: Identity[] = ['investor', 'enterprise'];

/** Renders every antd component of the first screens once, in the app's theme; returns the CSS. */
async function extractFirstScreenStyles(): Promise<string> {
  // Loaded here, not at the top: only a build needs antd and React in Node.
  const [{ createElement: h }, { renderToString }, antd, { createCache, extractStyle, StyleProvider }] =
    await Promise.all([
      import('react'),
      import('react-dom/server'),
      import('antd'),
      import('@ant-design/cssinjs'),
    ]);
  const {
    Avatar,
    Badge,
    Button,
    ConfigProvider,
    Drawer,
    Dropdown,
    Input,
    Layout,
    Segmented,
    Skeleton,
    Tag,
    Tooltip,
  } = antd;
  const components = [
    h(Avatar, { key: 'avatar' }),
    h(Badge, { key: 'badge' }),
    h(Button, { key: 'button' }),
    h(Drawer, { key: 'drawer' }),
    h(Dropdown, { key: 'dropdown', menu: { items: [] } }, h('span')),
    h(Input, { key: 'input' }),
    h(Layout, { key: 'layout' }),
    h(Segmented, { key: 'segmented', options: [] }),
    h(Skeleton, { key: 'skeleton' }),
    h(Tag, { key: 'tag' }),
    h(Tag, { key: 'tag-preset', color: 'blue' }),
    h(Tooltip, { key: 'tooltip', title: '' }, h('span')),
  ];
  const cache = createCache();
  renderToString(
    h(StyleProvider, { cache }, h(ConfigProvider, { theme: buildTheme('investor') }, components)),
  );
  // Component styles only: the theme's variables differ by identity and stay at run time.
  return extractStyle(cache, { plain: true, types: ['style'] });
}

/**
 * The map tokens of each identity's seed, keyed by the seed's JSON: the seeds are recorded from
 * an algorithm antd calls while rendering under the identity's theme, so the keys are what the
 * browser will ask for.
 */
async function computeMapTokens(): Promise<Record<string, unknown>> {
  const [{ createElement: h }, { renderToString }, antd, { createCache, StyleProvider }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('antd'),
    import('@ant-design/cssinjs'),
  ]);
  const { Button, ConfigProvider, theme } = antd;
  const table: Record<string, unknown> = {};
  const recordingAlgorithm = (seed: Parameters<typeof theme.defaultAlgorithm>[0]) => {
    const map = theme.defaultAlgorithm(seed);
    table[JSON.stringify(seed)] = map;
    return map;
  };
  for (const identity of IDENTITIES) {
    const config = { ...buildTheme(identity), algorithm: recordingAlgorithm };
    renderToString(
      h(StyleProvider, { cache: createCache() }, h(ConfigProvider, { theme: config }, h(Button))),
    );
  }
  return table;
}

export function antdStyles(): Plugin {
  let isBuild = false;
  return {
    name: 'jq-antd-styles',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      if (id === ID) return RESOLVED_ID;
      return id === TOKENS_ID ? RESOLVED_TOKENS_ID : undefined;
    },
    async load(id) {
      if (id === RESOLVED_TOKENS_ID) return `export default ${JSON.stringify(await computeMapTokens())};`;
      if (id !== RESOLVED_ID) return undefined;
      return isBuild ? await extractFirstScreenStyles() : '';
    },
  };
}
