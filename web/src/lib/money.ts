// Money arrives as a Decimal string ("120.00") with an ISO 4217 code; it is never turned into a
// float for arithmetic (Intl formats the string exactly).
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: string, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(undefined, { style: "currency", currency });
    } catch {
      return `${amount} ${currency}`;
    }
    formatters.set(currency, formatter);
  }
  // Intl.NumberFormat formats a decimal string exactly (no float rounding).
  return formatter.format(amount as unknown as number);
}

const shortFormatters = new Map<string, Intl.NumberFormat>();

/** A price where space is short (a calendar's day): "€150" for 150.00, "€99.50" otherwise —
 * never rounded; the narrow symbol ("$", not "US$"): the listing's currency is written in full
 * beside it. */
export function formatMoneyShort(amount: string, currency: string): string {
  let formatter = shortFormatters.get(currency);
  if (!formatter) {
    try {
      // trailingZeroDisplay is in every browser the app supports; TypeScript's lib lags.
      formatter = new Intl.NumberFormat(undefined, { style: "currency", currency, currencyDisplay: "narrowSymbol", trailingZeroDisplay: "stripIfInteger" } as Intl.NumberFormatOptions);
    } catch {
      return formatMoney(amount, currency);
    }
    shortFormatters.set(currency, formatter);
  }
  return formatter.format(amount as unknown as number);
}

/** amount × count, on decimal strings (minor units as BigInt: exact). */
export function multiply(amount: string, count: number): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const scale = fraction.length;
  const minor = BigInt(whole + fraction) * BigInt(count);
  if (scale === 0) return minor.toString();
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** a + b, on decimal strings of one currency (minor units as BigInt: exact, whatever the sum). */
export function addAmounts(a: string, b: string): string {
  const scale = Math.max(decimalPlaces(a), decimalPlaces(b));
  const total = toMinor(a, scale) + toMinor(b, scale);
  if (scale === 0) return total.toString();
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function decimalPlaces(amount: string): number {
  return amount.split(".")[1]?.length ?? 0;
}

function toMinor(amount: string, scale: number): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  const negative = whole.startsWith("-");
  const minor = BigInt(whole.replace("-", "") + fraction.padEnd(scale, "0"));
  return negative ? -minor : minor;
}
