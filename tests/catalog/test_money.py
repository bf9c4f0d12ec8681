"""Amounts in minor units and back: `from_minor` gives the currency's decimal places exactly."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from travel.money import EXPONENTS, MAX_MINOR, from_minor, to_minor

CURRENCIES = st.sampled_from(["USD", "EUR", "JPY", "KWD", "CLP", "BHD", "GBP"])


@given(minor=st.integers(min_value=0, max_value=MAX_MINOR - 1), currency=CURRENCIES)
def test_an_amount_reads_with_its_currency_s_places(minor: int, currency: str) -> None:
    places = EXPONENTS.get(currency, 2)
    amount = from_minor(minor, currency)
    assert amount == Decimal(minor) / (10**places)
    assert amount.as_tuple().exponent == -places  # "120.00", never "120" or "1.2E+2"
    text = str(amount)
    assert "E" not in text
    assert places == 0 or len(text.split(".")[1]) == places
    assert to_minor(amount, currency, "price") == minor
