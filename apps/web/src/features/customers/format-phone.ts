/**
 * A normalised Algerian number (issue 3.6: 0XXXXXXXXX mobile, 0XXXXXXXX fixed line) grouped the way
 * people read them aloud: "0555 12 34 56", "021 45 67 89". Anything else is shown unchanged.
 */
export function formatPhone(phone: string): string {
  if (/^0[567]\d{8}$/.test(phone))
    return `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8)}`;
  if (/^0[234]\d{7}$/.test(phone))
    return `${phone.slice(0, 3)} ${phone.slice(3, 5)} ${phone.slice(5, 7)} ${phone.slice(7)}`;
  return phone;
}
