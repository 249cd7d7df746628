/** A company's or fund's logo: the picture, else its first character (the one avatar component). */
import { UserAvatar } from './user-avatar';
import './entity-logo.css';

const REGION_PREFIX = /^(?:[\u4e00-\u9fff]{2,3}(?:省|自治区))?(?:[\u4e00-\u9fff]{2,3}市)?/u;

/** 上海市朔林天使投资管理有限公司 → 朔林天使投资管理有限公司: a full name's initial is not its city's. */
function logoName(name: string): string {
  if (Array.from(name).length < 8) return name;
  const rest = name.replace(REGION_PREFIX, '');
  return Array.from(rest).length >= 2 ? rest : name;
}

export function EntityLogo({ src, name, size = 44 }: { src: string; name: string; size?: number }) {
  return <UserAvatar src={src || null} name={logoName(name)} size={size} className="jq-lib-logo" />;
}
