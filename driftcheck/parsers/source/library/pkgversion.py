"""``packaging.version.parse(s)`` / ``Version(s)`` and their comparisons (issue #16, session
18, wildfix18d).

Libraries choose code paths by comparing versions (e3nn 0.6: ``parse(torch.__version__
.split("+")[0]) >= parse("2.10")`` picks eager fx modules over TorchScript ones). packaging's
own ``Version`` parses with a large regular expression and compares ``_key`` tuples, which the
interpreter does not follow. Its meaning for the common case is modelled here, exactly as PEP
440 orders versions: a release of dot-separated numbers (an optional leading ``v``, an
optional ``+local`` label) compares by its release numbers with trailing zeros ignored
(``2.10 == 2.10.0``). A pre-, post- or dev-release, an epoch, or two versions whose release
numbers tie while a local label differs are unknown, never guessed. ``major`` / ``minor`` /
``micro`` / ``release`` / ``public`` / ``base_version`` / ``local`` read as packaging's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown, plain

PV = Group("packaging.version")
_RELEASE = re.compile(r"^\s*v?(\d+(?:\.\d+)*)(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$", re.I)


@dataclass(frozen=True, eq=False)
class Version:
    """A parsed release version: its numbers and its local label (None without one)."""

    release: tuple[int, ...]
    local: str | None
    library_type: ClassVar[str] = "packaging.version.Version"
    py_compare: ClassVar[bool] = True  # compared by Python's operators (interp/exprs.py)

    def _key(self, other: Any) -> Any:
        if not isinstance(other, Version):
            return NotImplemented
        a, b = _strip(self.release), _strip(other.release)
        if a == b and self.local != other.local:
            raise TypeError("local labels are not modelled")  # read as unknown
        return a, b

    def __eq__(self, other: Any) -> Any:  # type: ignore[override]
        k = self._key(other)
        return k if k is NotImplemented else k[0] == k[1]

    def __ne__(self, other: Any) -> Any:  # type: ignore[override]
        k = self._key(other)
        return k if k is NotImplemented else k[0] != k[1]

    def __lt__(self, other: Any) -> Any:
        k = self._key(other)
        return k if k is NotImplemented else k[0] < k[1]

    def __le__(self, other: Any) -> Any:
        k = self._key(other)
        return k if k is NotImplemented else k[0] <= k[1]

    def __gt__(self, other: Any) -> Any:
        k = self._key(other)
        return k if k is NotImplemented else k[0] > k[1]

    def __ge__(self, other: Any) -> Any:
        k = self._key(other)
        return k if k is NotImplemented else k[0] >= k[1]

    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.public + (f"+{self.local}" if self.local else "")

    @property
    def public(self) -> str:
        return ".".join(map(str, self.release))

    def attr(self, name: str) -> Any:
        r = self.release
        got = {
            "major": r[0],
            "minor": r[1] if len(r) > 1 else 0,
            "micro": r[2] if len(r) > 2 else 0,
            "release": r,
            "public": self.public,
            "base_version": self.public,
            "local": self.local,
            "epoch": 0,
            "pre": None,
            "post": None,
            "dev": None,
            "is_prerelease": False,
            "is_postrelease": False,
            "is_devrelease": False,
        }
        return got[name] if name in got else Unknown(f"Version.{name}")


def _strip(r: tuple[int, ...]) -> tuple[int, ...]:
    while len(r) > 1 and r[-1] == 0:
        r = r[:-1]
    return r


def parse(s: Any) -> Any:
    """The ``Version`` of a release string, or unknown."""
    s = plain(s)
    if isinstance(s, Version):
        return s
    if not isinstance(s, str):
        return Unknown("packaging.version.parse of a value not known")
    m = _RELEASE.match(s)
    if m is None:
        return Unknown(f"packaging.version.parse({s!r}): a pre/post/dev release or an epoch")
    local = m.group(2).lower().replace("-", ".").replace("_", ".") if m.group(2) else None
    return Version(tuple(int(x) for x in m.group(1).split(".")), local)


@PV.entry(
    "parse",
    "Version",
    doc="parse(s) / Version(s): a release version (numbers, optional +local), compared as PEP "
    "440 orders them; pre/post/dev releases and epochs unknown",
)
def _parse(c: Call) -> Any:
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("packaging.version.parse with these arguments")
    return parse(c.args[0])
