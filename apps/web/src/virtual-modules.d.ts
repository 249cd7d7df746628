/** Modules the build's plugins make (build/antd-styles.ts). */
declare module 'virtual:antd-map-tokens' {
  const mapTokens: Record<string, unknown>;
  export default mapTokens;
}
