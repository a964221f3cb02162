"""A ``namedtuple`` instance as ``forward``'s dataflow sees it.

Sizes kept in a namedtuple (``HP = HParams._make(ROWS["tiny"])``, ``HP = HParams(256, 64)``)
are read by ``__init__`` through the library's ``NamedTupleValue``; ``forward`` reads the same
object as a global (``HP.window`` in a band mask, ``HP.base`` in the rotary frequencies).
Without a dataflow form the object was unknown there, so a window or RoPE base it held was
never seen. ``NamedRow`` is a tuple (indexing and unpacking as before) whose fields also
read as attributes, the way ``collections.namedtuple`` behaves.
"""

from __future__ import annotations

from typing import Any


class NamedRow(tuple):
    """A namedtuple's items (already dataflow values) with its field names."""

    fields: tuple[str, ...] = ()

    def __new__(cls, items: Any, fields: tuple[str, ...]) -> NamedRow:
        row = super().__new__(cls, items)
        row.fields = tuple(fields)
        return row

    def field(self, name: str) -> tuple[bool, Any]:
        """``(True, value)`` for a field of the row, else ``(False, None)``."""
        if name in self.fields and self.fields.index(name) < len(self):
            return True, self[self.fields.index(name)]
        return False, None


def from_value(v: Any, convert: Any) -> NamedRow | None:
    """The dataflow form of a library ``NamedTupleValue`` (its items converted by
    ``convert``), or None for anything else."""
    from driftcheck.parsers.source.library.stdlib import NamedTupleValue

    if not isinstance(v, NamedTupleValue):
        return None
    return NamedRow([convert(x) for x in v.values], tuple(v.nt.fields))
