/**
 * Crops the chosen area of an image into the card size the spec fixes (300x200 JPEG at
 * quality 0.8) on a canvas, so only a small, re-encoded image ever leaves the device.
 */
import { LIMITS } from '@jq/contract';

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image load failed'));
    image.src = src;
  });
}

export async function cropToCard(src: string, area: CropArea): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = LIMITS.cropWidth;
  canvas.height = LIMITS.cropHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  // JPEG has no alpha: a transparent PNG would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))),
      'image/jpeg',
      LIMITS.cropQuality,
    ),
  );
}
