/**
 * In-app addresses of library records named in answers (docs/decisions.md "资料库详情页"):
 * details open as a query on the list route. Signed-out readers get the public list pages
 * for projects and institutions; investor and report links need sign-in, and the web's
 * markdown renderer shows the login prompt for them (spec sections 5 and 6).
 */
import type { EntityKind, EntityLink } from '@jq/contract';

export interface LinkContext {
  product: string;
  isSignedIn: boolean;
}

export function entityUrl(kind: EntityKind, id: number, ctx: LinkContext): string {
  const p = ctx.product;
  switch (kind) {
    case 'project':
      return ctx.isSignedIn ? `/${p}/project?pid=${id}` : `/plist?pid=${id}`;
    case 'institution':
      return ctx.isSignedIn ? `/${p}/org?oid=${id}` : `/olist?oid=${id}`;
    case 'investor':
      return `/${p}/investor?iid=${id}`;
    case 'report':
      return `/${p}/report?rid=${id}`;
  }
}

export function entityLink(kind: EntityKind, id: number, name: string, ctx: LinkContext): EntityLink {
  return { kind, id, name, url: entityUrl(kind, id, ctx) };
}

/** A markdown link whose text cannot break out of the brackets. */
export function mdLink(text: string, url: string): string {
  return `[${escapeMd(text)}](${url})`;
}

/** Characters that would change markdown structure inside a table cell or link text. */
export function escapeMd(text: string): string {
  return text.replace(/[\\[\]|*_`<>#]/g, (ch) => `\\${ch}`).replace(/\s+/g, ' ');
}
