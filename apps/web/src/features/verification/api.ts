/**
 * Calls of the verification dialog. JSON calls go through the shared client; the image
 * itself is a binary PUT to the URL GetCosSign returns (this server's signed URL or the
 * object store's presigned one), which the JSON client does not carry.
 */
import { type AuthHistory, type CosSign, messages } from '@jq/contract';
import { ApiError, apiGet, apiPost } from '../../shared/api/client';

export function fetchAuthHistory(): Promise<AuthHistory> {
  return apiPost<AuthHistory>('/auth/authHistory', {});
}

/** Uploads the cropped card and submits it; resolves with the card URL to open the dialogue with. */
export async function uploadAndSubmitCard(image: Blob): Promise<string> {
  const sign = await apiGet<CosSign>('/auth/GetCosSign', { bucket: 'bcard' });
  const response = await fetch(sign.uploadUrl, {
    method: 'PUT',
    // Our own signed URL needs the session cookie; a presigned store URL needs no credentials.
    credentials: sign.mode === 'local' ? 'same-origin' : 'omit',
    headers: { 'content-type': image.type || 'image/jpeg' },
    body: image,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new ApiError(-400, body?.msg || messages.cardUploadFailed, response.status);
  }
  await apiPost<unknown>('/auth/updateBcard', { cardurl: sign.cardurl });
  return sign.cardurl;
}
