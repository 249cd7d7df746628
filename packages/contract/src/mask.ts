/**
 * The spec's masking helper (section 5): the first and last characters stay, the ones
 * between become stars. Counted in characters (code points), so 张三丰 is 张*丰 and an
 * emoji never splits. Used on contacts until they are unlocked, on server and web alike.
 */
export function maskText(value: string | null | undefined): string {
  if (!value) return '';
  const chars = Array.from(value);
  if (chars.length === 1) return '*';
  // Two characters have no "between": keep the first so 张三 still reads as a surname.
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
