/**
 * Fictional contact details for demo people. Phones are 199 00xx xxxx numbers and e-mail
 * addresses live under demo.jinqiao.cn, so a demo contact never reaches a real inbox; each is
 * handed out once per dataset.
 */
import type { Random } from './random.js';

export const DEMO_EMAIL_DOMAIN = 'demo.jinqiao.cn';
export const DEMO_PHONE_PREFIX = '19900';

export class DemoContacts {
  private readonly phones = new Set<string>();
  private readonly emails = new Set<string>();

  phone(rng: Random): string {
    for (;;) {
      const phone = `${DEMO_PHONE_PREFIX}${rng.digits(6)}`;
      if (!this.phones.has(phone)) {
        this.phones.add(phone);
        return phone;
      }
    }
  }

  email(pinyin: string): string {
    let email = `${pinyin}@${DEMO_EMAIL_DOMAIN}`;
    for (let n = 2; this.emails.has(email); n++) email = `${pinyin}${n}@${DEMO_EMAIL_DOMAIN}`;
    this.emails.add(email);
    return email;
  }

  wechat(rng: Random, pinyin: string): string {
    return `${pinyin}_${rng.digits(4)}`;
  }
}
