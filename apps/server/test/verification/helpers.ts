/**
 * Shared by the verification suites: business-card images drawn with @napi-rs/canvas (a
 * CJK font from Debian's fonts-noto-cjk when it is installed) and the upload steps a
 * client takes: GetCosSign, then PUT to the signed URL.
 */
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { TestApp } from '../helpers/app.js';

export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const hasCjkFont = existsSync(CJK_FONT);
let isFontRegistered = false;

export interface CardText {
  name: string;
  title: string;
  company: string;
  mobile: string;
  email?: string;
  address?: string;
}

/** A white 900x540 card with the name set large, as printed cards are. */
export function renderCard(card: CardText, format: 'png' | 'jpeg' = 'png'): Buffer {
  if (!isFontRegistered) {
    GlobalFonts.registerFromPath(CJK_FONT, 'NotoSansCJK');
    isFontRegistered = true;
  }
  const canvas = createCanvas(900, 540);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 900, 540);
  g.fillStyle = '#1a1a1a';
  g.font = '52px NotoSansCJK';
  g.fillText(card.name, 60, 130);
  g.font = '28px NotoSansCJK';
  g.fillText(card.title, 60, 185);
  g.font = '30px NotoSansCJK';
  g.fillText(card.company, 60, 300);
  g.font = '26px NotoSansCJK';
  g.fillText(`手机：${card.mobile}`, 60, 370);
  if (card.email) g.fillText(`邮箱：${card.email}`, 60, 420);
  if (card.address) g.fillText(`地址：${card.address}`, 60, 470);
  return format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 80);
}

/** A plain image with no text (for engines that do not look at the pixels: the fake cloud OCR). */
export function blankImage(format: 'png' | 'jpeg' = 'jpeg'): Buffer {
  const canvas = createCanvas(300, 200);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f5f5f5';
  g.fillRect(0, 0, 300, 200);
  return format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 80);
}

export async function getUploadTicket(t: TestApp, cookie: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/auth/GetCosSign?bucket=jq',
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`GetCosSign ${res.statusCode}: ${res.body}`);
  return res.json().data as { uploadUrl: string; cardurl: string; key: string; mode: string; expire: number };
}

export function putImage(t: TestApp, cookie: string, url: string, body: Buffer, type = 'image/jpeg') {
  return t.app.inject({ method: 'PUT', url, headers: { cookie, 'content-type': type }, payload: body });
}

/** Uploads an image the way the web client does and returns the card URL to submit. */
export async function uploadCard(t: TestApp, cookie: string, image: Buffer): Promise<string> {
  const ticket = await getUploadTicket(t, cookie);
  const res = await putImage(t, cookie, ticket.uploadUrl, image);
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}: ${res.body}`);
  return ticket.cardurl;
}

export function submitCard(t: TestApp, cookie: string, cardurl: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/updateBcard',
    headers: { cookie },
    payload: { cardurl },
  });
}

export interface AuthEvent {
  type: string;
  content: string;
  start: boolean;
  end: boolean;
  isend: boolean;
  waiting: boolean;
  waitingend: boolean;
  authSuccess: boolean;
  homequery: string;
  state: string;
}

/** One dialogue turn: the parsed events and the assistant messages they spell. */
export async function say(
  t: TestApp,
  cookie: string,
  content: string,
  msgtype: 'text' | 'image_url' = 'text',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/aiAuth',
    headers: { cookie },
    payload: { msgtype, content },
  });
  const isStream = String(res.headers['content-type']).startsWith('text/event-stream');
  const events: AuthEvent[] = isStream
    ? res.body
        .split('\n\n')
        .filter((chunk) => chunk.startsWith('data: '))
        .map((chunk) => JSON.parse(chunk.slice(6)) as AuthEvent)
    : [];
  const messages: string[] = [];
  for (const event of events) {
    if (event.type !== 'delta') continue;
    if (event.start) messages.push('');
    messages[messages.length - 1] += event.content;
  }
  return { res, events, messages, last: events.at(-1) };
}
