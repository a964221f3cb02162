"""Abstract values of the forward() dataflow interpreter.

The ``__init__`` interpreter (``interp/``, values in ``abstract.py``) computes sizes; this lighter one follows tensors.
A tensor is "the output of graph node X" (``Tens.src``) plus, where it can be derived without
any input size, a *symbolic* shape: dims are ints or ``Sym`` (``x.size(0)``, ``C // nh``).
Symbolic shapes exist for one purpose: turning ``q.view(B, T, nh, C // nh)`` into an op whose
parameters do not depend on the input size (``Unflatten(dim=2, (nh, -1))``), so shape
inference can run later with whatever input shape the user gives.

Tensors are one family (``abstract.TensorValue``) of two kinds: ``abstract.Tensor`` is a
tensor ``__init__`` *makes* (a concrete, maybe unknown shape; a parameter or buffer with an
owner, for ties and counts), ``Tens`` a tensor ``forward`` *passes* (the graph node that made
it, a symbolic shape); ``Tens.view_of`` is how ``forward`` sees the first. An unknown
non-tensor is one family too: ``Unk`` is an ``Unknown``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from driftcheck.parsers.source.values.abstract import Tensor, TensorValue, Unknown, plain

_ids = itertools.count(1)


class Unk(Unknown):
    """A non-tensor value the forward pass cannot know (``x.dtype``, a helper's result...).

    One family with the ``__init__`` interpreter's ``Unknown`` (``is_unknown(UNK)``), as one
    value, ``UNK``, with no reason attached. Its truth is not asked here (``pyops.truth``
    answers None for it); as an object it stays truthy, as it always was in this pass."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("forward")

    def __repr__(self) -> str:
        return "UNK"

    def __bool__(self) -> bool:
        return True


UNK = Unk()


class UnkNum(Unk):
    """A plain Python number whose value is unknown (``t.item()`` on real sizes): anything
    that asks for its value treats it as ``UNK``, but elementwise arithmetic with a tensor
    keeps the tensor's shape (a number broadcasts), where ``UNK`` may be a tensor of any
    shape. One value, ``NUM``; arithmetic of it with numbers stays ``NUM``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NUM"


NUM = UnkNum()


class Sym:
    """A symbolic dimension, equal to another only through the same derivation key."""

    __slots__ = ("key",)

    def __init__(self, key: Any) -> None:
        self.key = key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sym) and other.key == self.key

    def axis_of(self) -> tuple[str, int] | None:
        """(node id, axis) when this is the size of one axis of a known node's output."""
        k = self.key
        if len(k) == 4 and k[0] in ("dim", "view") and isinstance(k[3], str):
            return k[3], k[2]
        return None

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Sym{self.key}"

    def _op(self, op: str, other: Any, rev: bool = False) -> Any:
        if not isinstance(other, (int, Sym)) or isinstance(other, bool):
            return UNK
        o = other.key if isinstance(other, Sym) else other
        return Sym((op, o, self.key) if rev else (op, self.key, o))

    def __add__(self, o: Any) -> Any:
        return self._op("+", o)

    def __radd__(self, o: Any) -> Any:
        return self._op("+", o, True)

    def __sub__(self, o: Any) -> Any:
        return self._op("-", o)

    def __rsub__(self, o: Any) -> Any:
        return self._op("-", o, True)

    def __mul__(self, o: Any) -> Any:
        return self._op("*", o)

    def __rmul__(self, o: Any) -> Any:
        return self._op("*", o, True)

    def __floordiv__(self, o: Any) -> Any:
        return self._op("//", o)

    def __rfloordiv__(self, o: Any) -> Any:
        return self._op("//", o, True)

    def __truediv__(self, o: Any) -> Any:
        return self._op("/", o)

    def __mod__(self, o: Any) -> Any:
        return self._op("%", o)


@dataclass(eq=False)
class Tens(TensorValue):
    """A tensor: made by graph node ``src`` (None: unknown producer); ``shape`` symbolic or None."""

    src: str | None
    shape: tuple[Any, ...] | None = None
    uid: int = field(default_factory=lambda: next(_ids))

    @classmethod
    def view_of(cls, t: Tensor, real_sizes: bool) -> Tens:
        """A tensor ``__init__`` made (a buffer, a parameter), as ``forward`` passes it: no
        producer node; its shape only on real sizes (``check --input-shape``) when every
        size is a known int and it was registered unconditionally (a causal mask)."""
        if not real_sizes:
            return cls(None)
        shape = plain(t.shape)
        ok = isinstance(shape, tuple) and all(type(d) is int for d in shape)
        return cls(None, shape if ok and t.cond is None else None)

    def dim(self, i: int) -> Any:
        """Size of axis ``i``: from the symbolic shape, else a fresh symbol for this tensor."""
        if self.shape is not None and -len(self.shape) <= i < len(self.shape):
            return self.shape[i]
        return self.axis(i)

    def learn_rank(self, n: int) -> None:
        if self.shape is None:
            self.shape = tuple(self.axis(i) for i in range(n))

    def axis(self, i: int, kind: str = "dim") -> Sym:
        """A fresh symbol for the size of axis ``i``. It names the node that makes this
        tensor, so an op sized by it (``p.expand(x.size(0), -1)``) can read that size from
        the node's output shape (``Sym.axis_of``)."""
        return Sym((kind, self.uid, i, self.src))


@dataclass(eq=False)
class ShapeOf:
    """``x.shape`` / ``x.size()``: indexing or unpacking it gives (symbolic) dims."""

    t: Tens


@dataclass(eq=False)
class Mod:
    """A module object of the ``__init__`` interpreter (``Leaf`` or ``Obj``), as in the graph."""

    obj: Any


@dataclass(eq=False)
class Multi:
    """A call result of unknown arity whose first item is known (``out, (h, c) = lstm(x)``).
    ``rest``: the other items where they are known (an RNN's hidden state on real sizes)."""

    first: Any
    rest: tuple | None = None


@dataclass(eq=False)
class Bound:
    """``target.name`` where target is a tensor, module or value: resolved when called."""

    target: Any
    name: str


@dataclass(eq=False)
class UserFunc:
    """A function of the analyzed code (``Func`` of the interpreter), maybe bound to a module."""

    func: Any
    self_mod: Mod | None = None


@dataclass(eq=False)
class CfgV:
    """A config object (``self.config``): attribute reads give the bound values."""

    cfg: Any


def is_int(v: Any) -> bool:
    """A plain int (a bool is not a size)."""
    return isinstance(v, int) and not isinstance(v, bool)


def known_shape(t: Any) -> tuple[int, ...] | None:
    """A tensor's shape when every dim is a known int, else None (the forward rules claim a
    crash only on sizes known for certain)."""
    if isinstance(t, Tens) and isinstance(t.shape, tuple) and all(is_int(d) for d in t.shape):
        return t.shape
    return None


def first_tensor(v: Any, depth: int = 0) -> Tens | None:
    """The first tensor in a return value (tuple, list, dict, ModelOutput-like object)."""
    if depth > 6:
        return None
    if isinstance(v, Tens):
        return v
    if isinstance(v, Multi):
        return first_tensor(v.first, depth + 1)
    if isinstance(v, (tuple, list)):
        for x in v:
            t = first_tensor(x, depth + 1)
            if t is not None:
                return t
    if isinstance(v, dict):
        for x in v.values():
            t = first_tensor(x, depth + 1)
            if t is not None:
                return t
    return None
