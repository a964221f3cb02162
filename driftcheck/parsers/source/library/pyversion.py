"""``sys.version_info``: Python 3, the rest of the version not known (issue #16, session 40,
wildfix40b).

Libraries written for Python 2 and 3 gate their code on the major version (pytorch-pretrained-
bert's ``BertConfig``: ``isinstance(v, str) or (sys.version_info[0] == 2 and isinstance(v,
unicode))``; ``PY3 = sys.version_info >= (3, 0)``). The analysis reads every file with Python 3's
grammar and follows it with Python 3's semantics, and torch runs on Python 3 only: the major
version is 3, a fact. The minor / micro version, the release level and the serial are the
interpreter's that runs the program, not known here (the analyzer's own Python need not be the
program's): each is unknown, and a comparison that needs them (``>= (3, 8)``) is unknown too,
never guessed. What is decided: ``version_info[0]`` / ``[-5]`` / ``.major`` (3); ``len`` (5);
an ordering against a tuple whose first item is not 3 (``< (3,)`` is False, ``>= (4, 0)`` is
False, ``> (2, 7)`` is True), or against ``()``, ``(3,)``, ``(3, 0)``, ``(3, 0, 0)`` (minor and
micro are never negative and version_info is longer: it is greater);
``==`` against a tuple that is not 5 long or does not start with 3 (False).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Unknown, plain

MAJOR = 3
FIELDS = ("major", "minor", "micro", "releaselevel", "serial")


class VersionInfo:
    """``sys.version_info`` of a Python 3 interpreter whose minor version is not known."""

    __slots__ = ()
    memo_shared = True  # one value (memo.py's copies keep it)
    value_compare = True  # ``<`` / ``==`` go to the operators below (interp/exprs.py)
    library_type = "sys.version_info"

    def __repr__(self) -> str:
        return "sys.version_info(major=3, ...)"

    def __reduce__(self) -> str:  # a pickled template (speed/memo.py) keeps the one value
        return "VERSION_INFO"

    def __len__(self) -> int:
        return len(FIELDS)

    def as_scalar(self) -> Any:  # arithmetic on it (exprs.py ``value_compare``)
        return Unknown("arithmetic on sys.version_info")

    def item(self, i: int) -> Any:
        if i == 0:
            return MAJOR
        return Unknown(f"sys.version_info[{i}] (only the major version, 3, is known)")

    def library_getitem(self, k: Any) -> Any:
        k = plain(k)
        if isinstance(k, bool) or not isinstance(k, (int, slice)):
            return Unknown("sys.version_info[...] of a key not known")
        if isinstance(k, int):
            if not -len(FIELDS) <= k < len(FIELDS):
                return Unknown("sys.version_info index out of range")
            return self.item(k % len(FIELDS))
        if not all(x is None or (type(x) is int) for x in (k.start, k.stop, k.step)):
            return Unknown("sys.version_info[...] of a slice not known")
        if k.step == 0:
            return Unknown("sys.version_info[::0]")
        return tuple(self.item(i) for i in range(len(FIELDS))[k])

    def attr(self, name: str) -> Any:
        if name == "major":
            return MAJOR
        return Unknown(f"sys.version_info.{name} (only the major version, 3, is known)")

    # a tuple compares item by item: the first item decides unless it is 3; ``(3,)`` and ``()``
    # are prefixes of version_info (shorter, so less); anything else needs the minor version
    def _order(self, other: Any) -> int:
        other = plain(other)
        if type(other) is not tuple:
            raise TypeError("sys.version_info compares with a tuple only")
        if not other:
            return 1
        first = plain(other[0])
        if isinstance(first, bool) or type(first) not in (int, float):
            raise TypeError("a first item not known to be a number")
        if first != MAJOR:
            return 1 if MAJOR > first else -1
        rest = [plain(x) for x in other[1:3]]
        if len(other) <= 3 and all(type(x) is int and x <= 0 for x in rest):
            return 1  # minor and micro are never negative, and version_info is longer
        raise TypeError("the minor version is not known")

    def __lt__(self, other: Any) -> bool:
        return self._order(other) < 0

    def __le__(self, other: Any) -> bool:
        return self._order(other) < 0

    def __gt__(self, other: Any) -> bool:
        return self._order(other) > 0

    def __ge__(self, other: Any) -> bool:
        return self._order(other) > 0

    def __eq__(self, other: Any) -> bool:  # type: ignore[override]
        other = plain(other)
        if isinstance(other, Unknown):
            raise TypeError("== of sys.version_info with a value not known")
        if not isinstance(other, tuple) or len(other) != len(FIELDS):
            return False  # a struct sequence equals only a tuple of its items
        first = plain(other[0])
        if type(first) in (int, float, str, bool, type(None)) and first != MAJOR:
            return False
        raise TypeError("the minor version is not known")

    def __ne__(self, other: Any) -> bool:  # type: ignore[override]
        return not self.__eq__(other)

    __hash__ = object.__hash__


VERSION_INFO = VersionInfo()
