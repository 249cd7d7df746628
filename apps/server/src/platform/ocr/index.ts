/**
 * The ocr port: text lines read from an image. The local engine runs the PaddleOCR models
 * that @gutenye/ocr-node ships in npm (loaded once per process, on first use); the Tencent
 * Cloud engine calls BusinessCardOCR when OCR_PROVIDER=tencent.
 */
import type { OcrConfig } from '../../config.js';

export interface OcrLine {
  text: string;
  /** 0..1 as the engine reports it. */
  confidence: number;
  /** Corner points [[x, y] x4] in image pixels, when the engine gives them. */
  box?: number[][];
}

export interface OcrResult {
  lines: OcrLine[];
}

export interface OcrPort {
  engine: 'local' | 'tencent';
  recognise(image: Buffer): Promise<OcrResult>;
  close(): Promise<void>;
}

export async function createOcr(config: OcrConfig): Promise<OcrPort> {
  if (config.provider === 'tencent') {
    const { createTencentOcr } = await import('./tencent.js');
    return createTencentOcr(config.tencent);
  }
  const { createLocalOcr } = await import('./local.js');
  return createLocalOcr();
}
