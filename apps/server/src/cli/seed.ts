/**
 * `npm run seed -- [--scale] [--seed N] [--force] [--no-pdf]`: loads the demo data into the
 * configured database (DATA_DIR / DATABASE_URL as for the server). Skips a library that already
 * has data unless --force, which replaces earlier demo rows. --scale makes the benchmark set
 * (100,000 projects, 20,000 investors). Prints how long each step took.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { loadDemoData } from '../modules/demo/index.js';
import { renderMissingReportPdfs } from '../modules/library/index.js';
import { createPlatform } from '../platform/index.js';

const USAGE = '用法：npm run seed -- [--scale] [--seed 数字] [--force] [--no-pdf]';

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'boolean', default: false },
      seed: { type: 'string' },
      force: { type: 'boolean', default: false },
      'no-pdf': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    return;
  }
  const config = loadConfig();
  const seed = values.seed === undefined ? config.demoData.seed : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 4_294_967_295)
    throw new ConfigError(`--seed 应为 0 到 4294967295 之间的整数\n${USAGE}`);

  const t0 = performance.now();
  const platform = await createPlatform(config);
  try {
    await platform.database.migrate();
    const t1 = performance.now();
    const result = await loadDemoData(platform, {
      seed,
      scale: values.scale ? 'large' : 'default',
      force: values.force,
      dataDir: config.dataDir,
    });
    const t2 = performance.now();
    if (!result.loaded) {
      console.info(`${result.reason}（使用 --force 重新生成演示数据）`);
    } else {
      const c = result.counts!;
      console.info(
        `演示数据已加载（种子 ${result.seed}）：机构 ${c.institutions}、投资人 ${c.investors}、项目 ${c.projects}、研报 ${c.reports}、资讯 ${c.news}`,
      );
      console.info(
        `耗时：打开与迁移 ${ms(t1 - t0)}，生成 ${ms(result.generateMs!)}，写入与索引 ${ms(result.insertMs!)}，加载合计 ${ms(t2 - t1)}（本进程 CPU ${ms(cpuMs())}）`,
      );
      console.info(`潜在偏好文件：${result.latentFile}`);
    }
    if (!values['no-pdf']) {
      const t3 = performance.now();
      const made = await renderMissingReportPdfs(platform);
      if (made) console.info(`研报 PDF：生成 ${made} 份，耗时 ${ms(performance.now() - t3)}`);
    }
  } finally {
    await platform.close();
  }
}

/** CPU time of this process so far: on a shared machine it says more than the wall clock. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function ms(value: number): string {
  return `${(value / 1000).toFixed(1)} 秒`;
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
