/**
 * Wraps a left-to-right value (an amount in DA, a phone number, a SKU) placed inside a sentence,
 * so an Arabic sentence keeps "11 400,00 DA" in its written order instead of "DA 11 400,00"
 * (U+2066 LEFT-TO-RIGHT ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE; invisible in every language).
 */
export function ltr(value: string): string {
  return `\u2066${value}\u2069`;
}
