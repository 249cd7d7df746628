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
 * See docs/decisions.md (2026-11-28).
 */
import type { Plugin } from 'vite';
import { buildTheme } from '../src/app/theme';

const ID = 'virtual:antd-styles.css';
const RESOLVED_ID = `\0${ID}`;

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

export function antdStyles(): Plugin {
  let isBuild = false;
  return {
    name: 'jq-antd-styles',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return isBuild ? await extractFirstScreenStyles() : '';
    },
  };
}
