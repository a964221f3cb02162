"""pandas' ``to_offset(freq)`` for the fixed frequencies as a table: ``.n``, ``.name``,
``.rule_code`` and ``.freqstr``.

Time-series models size their inputs from the frequency string: gluonts' DeepAR adds one input
per lag, and ``get_lags_for_frequency("h")`` picks the lags by ``to_offset(freq).name`` and
``.n``. ``to_offset`` is compiled code (Cython), so it is modelled here, for the aliases whose
canonical name has been the same since pandas 2.2 (hours ``h``, minutes ``min``, seconds ``s``,
``ms``, ``us``, ``ns``, days ``D``, business days ``B``, weeks ``W`` = ``W-SUN`` and
``W-MON``...), with an optional multiple (``"30min"``). Other aliases (month, quarter and year
ends, renamed across pandas versions), an older pandas, or a value we do not know: unknown.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown

PDO = Group("pandas.tseries.frequencies", title="pandas offsets")

FIXED = {"h": "h", "min": "min", "s": "s", "ms": "ms", "us": "us", "ns": "ns", "D": "D", "B": "B"}
WEEKDAYS = ("MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN")
_FREQ = re.compile(r"\s*([+-]?\d*)\s*([A-Za-z]+(?:-[A-Za-z]+)?)\s*")


@dataclass(frozen=True)
class Offset:
    """A fixed frequency: ``n`` units of the canonical alias ``name``."""

    n: int
    name: str
    library_type: ClassVar[str] = "pandas._libs.tslibs.offsets.BaseOffset"

    def attr(self, attr: str) -> Any:
        if attr == "n":
            return self.n
        if attr in ("name", "rule_code"):
            return self.name
        if attr == "freqstr":
            return self.name if self.n == 1 else f"{self.n}{self.name}"
        return Unknown(f"pandas offset attribute {attr}")


@functools.cache
def _pandas_version() -> tuple[int, ...] | None:
    """The installed pandas' version (read from its metadata, not imported), or None."""
    from importlib import metadata

    try:
        v = metadata.version("pandas")
    except metadata.PackageNotFoundError:
        return None
    return tuple(int(x) for x in re.findall(r"\d+", v)[:2])


def parse(freq: str) -> Offset | None:
    m = _FREQ.fullmatch(freq)
    if m is None:
        return None
    digits, alias = m.groups()
    n = int(digits) if digits not in ("", "+", "-") else (-1 if digits == "-" else 1)
    if alias in FIXED:
        return Offset(n, FIXED[alias])
    if alias == "W":
        return Offset(n, "W-SUN")
    if alias.startswith("W-") and alias[2:] in WEEKDAYS:
        return Offset(n, alias)
    return None


@PDO.entry(
    "to_offset",
    doc="to_offset(freq): n and name of a fixed frequency (h, min, s, ms, us, ns, D, B, W-*) "
    "on pandas >= 2.2",
    also=("pandas._libs.tslibs.offsets.to_offset", "pandas._libs.tslibs.to_offset"),
)
def _to_offset(c: Call) -> Any:
    freq = c.plain(0, "freq")
    if isinstance(freq, Offset):
        return freq
    v = _pandas_version()
    if not isinstance(freq, str) or v is None or v < (2, 2):
        return c.unknown("pandas to_offset() of a frequency or pandas version not in the table")
    got = parse(freq)
    return got if got is not None else c.unknown(f"pandas to_offset({freq!r})")
