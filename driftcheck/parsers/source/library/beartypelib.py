"""``beartype.door.is_bearable(obj, hint)``: whether a value satisfies a type hint, modelled
by its meaning (library/typehints.py); beartype's source generates checking code from
``typing`` introspection, which the interpreter does not follow (``beartype.door`` is on the
stop list: its names are library names)."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library import typehints
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown, UnknownPlain

BD = Group("beartype.door", title="beartype (is_bearable)")


@BD.entry(
    "is_bearable",
    doc="is_bearable(obj, hint): True / False for a known value against a plain class, "
    "nn.Module, tuple[...] / list[...] of them or a union A | B of them; unknown otherwise",
)
def _is_bearable(c: Call) -> Any:
    if len(c.args) != 2 or c.kwargs:
        return c.unknown("is_bearable() with a configuration")
    got = typehints.check(c.args[0], c.args[1])
    if isinstance(got, Unknown):
        # is_bearable returns a bool whatever it checks: never a module (fixreview36b,
        # review36 item 12)
        return UnknownPlain(f"is_bearable(): {got.why} at {c.where}")
    return got
