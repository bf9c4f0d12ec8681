"""Money: integer minor units in storage, `Decimal` at the API, ISO 4217 currencies."""

from __future__ import annotations

from decimal import Decimal

from travel.errors import InvalidInput

# ISO 4217 codes in circulation, by number of decimal places (the minor-unit exponent).
_ZERO = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
_THREE = "BHD IQD JOD KWD LYD OMR TND"
_TWO = (
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN "
    "BZD CAD CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS "
    "GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR "
    "LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD "
    "PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN "
    "SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW ZWL"
)
EXPONENTS: dict[str, int] = {
    **{c: 0 for c in _ZERO.split()},
    **{c: 2 for c in _TWO.split()},
    **{c: 3 for c in _THREE.split()},
}
MAX_MINOR = 10**15  # far above any price, far below BIGINT


def currency_code(value: object, field: str = "currency") -> str:
    """A known ISO 4217 code (upper-cased), or VALIDATION_ERROR naming the input's `field`."""
    code = value.strip().upper() if isinstance(value, str) else ""
    if code not in EXPONENTS:
        raise InvalidInput(field, f"${field} must be an ISO 4217 currency code such as USD")
    return code


def to_minor(amount: Decimal, currency: str, field: str = "price") -> int:
    """`amount` in minor units; negative, too precise or absurd amounts are refused (naming the
    input's `field`)."""
    exponent = EXPONENTS[currency]
    if amount < 0:
        raise InvalidInput(field, f"${field} must not be negative")
    scaled = amount.scaleb(exponent)
    if scaled != scaled.to_integral_value():
        raise InvalidInput(
            field, f"${field} has more than {exponent} decimal places for {currency}"
        )
    minor = int(scaled)
    if minor >= MAX_MINOR:
        raise InvalidInput(field, f"${field} is too large")
    return minor


def from_minor(minor: int, currency: str) -> Decimal:
    """The `Decimal` amount for `minor` units (e.g. 12000 USD → Decimal("120.00"))."""
    # Moving the exponent keeps every digit: 12000 becomes 120.00, with the currency's places
    # (no quantize needed below MAX_MINOR, whose digits fit the context's precision).
    return Decimal(minor).scaleb(-EXPONENTS.get(currency, 2))
