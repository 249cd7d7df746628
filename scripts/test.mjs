// `npm test`: install what is missing (npm packages; Debian's chromium and CJK fonts for the
// browser suite), then lint, the area boundaries, type-check, build, and every Vitest suite.
// The last line is the summary CI reads: `tests: N passed, N failed, N skipped`. Lint, the
// boundary check, type-check and build count as one check each.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT, run, step } from './lib.mjs';

const counts = { passed: 0, failed: 0, skipped: 0 };
const check = (ok) => {
  counts[ok ? 'passed' : 'failed'] += 1;
  return ok;
};
const finish = () => {
  console.info(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(counts.failed > 0 ? 1 : 0);
};

if (!check(ensureDependencies())) finish();
ensureBrowser();

step('代码检查 (biome)');
check(run('npx', ['biome', 'check', '.']));

step('边界检查 (dependency-cruiser)');
check(run('npm', ['run', '--silent', 'check:boundaries']));

step('类型检查 (tsc)');
for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e']) {
  check(run('npx', ['tsc', '-p', project, '--noEmit']));
}

if (!check(ensureWebBuild({ force: process.env.CI === 'true' }))) finish();

step('测试 (vitest)');
const report = path.join(ROOT, 'test-results/vitest.json');
rmSync(report, { force: true });
mkdirSync(path.dirname(report), { recursive: true });
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  counts.passed += result.numPassedTests;
  counts.failed += result.numFailedTests;
  counts.skipped += result.numPendingTests + result.numTodoTests;
  // A suite that fails to load has no tests to count but must still fail the run.
  if (result.numFailedTestSuites > 0 && result.numFailedTests === 0)
    counts.failed += result.numFailedTestSuites;
} else {
  counts.failed += 1;
}
finish();

function ensureBrowser() {
  const hasChromium = existsSync('/usr/bin/chromium');
  const hasCjkFont = existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
  if (hasChromium && hasCjkFont) return;
  if (process.getuid?.() !== 0) {
    console.warn('未以 root 运行，无法安装 chromium 与 fonts-noto-cjk；浏览器测试将跳过。');
    return;
  }
  step('安装 chromium 与 fonts-noto-cjk (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  if (!run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { env })) {
    console.warn('chromium 安装失败；浏览器测试将跳过。');
  }
}
