/**
 * The masking helper of spec section 5: the first and the last character stay, every
 * character between becomes a star. Counted in characters (code points), so Chinese names
 * and emoji are masked whole. Same rule as packages/contract/src/mask.ts (the server's);
 * this file can become a re-export once the contract's index exports it.
 */
export function maskText(text: string | null | undefined): string {
  const chars = Array.from(text ?? '');
  if (chars.length === 0) return '';
  // A single character has no "between": hiding it is the only way to mask anything.
  if (chars.length === 1) return '*';
  // Two characters: keep the first, so 张三 still reads as a surname.
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
