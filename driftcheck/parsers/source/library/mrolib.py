"""``inspect.getmro(cls)`` / ``cls.__mro__`` of a class read from source (issue #16, session 18).

pytorch-metric-learning's losses decide their sub-loss names by walking
``inspect.getmro(self.__class__)`` for classes named ``*RegularizerMixin``; the names decide
whether ``set_reducer`` keeps one reducer or a ``MultipleReducers`` of a dict, and an unknown
MRO left every loss object unresolved (its distance and reducer may be layers).

The MRO is Python's C3 linearisation (``Cls.mro``), where a library base is a leaf whose own
bases are not seen. It is given as Python gives it only where that tail is known: the classes
read from source, then one torch base at most -- ``nn.Module``, or a torch.nn class whose
ancestors the shipped table lists (``nn.GRU``: ``GRU, RNNBase, Module``) -- then ``object``.
Any other library base (its ancestors unseen) makes the answer unknown, never a guessed order.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp.dunders import NN_MODULE
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Ext, ExtClass, plain

INS = Group("inspect")

_NN_MODULE = NN_MODULE
_OBJECT = "builtins.object"


def class_mro(cls: Cls) -> tuple | None:
    """``cls.__mro__`` as Python computes it, or None where a library base's ancestors are
    not known (see the module's docstring)."""
    from driftcheck.parsers.source.library.torchlib import shipped_mro

    mro = [m for m in cls.mro() if not (isinstance(m, Ext) and m.qual == _OBJECT)]
    exts = [i for i, m in enumerate(mro) if not isinstance(m, Cls)]
    if not exts:
        return (*mro, ExtClass(_OBJECT))
    if len(exts) > 1 or exts[0] != len(mro) - 1 or not isinstance(mro[-1], Ext):
        return None
    q = mro[-1].qual
    if q in _NN_MODULE:
        tail = ["Module"]
    elif q.startswith("torch.nn.") and not q.startswith("torch.nn.functional."):
        tail = shipped_mro(q)
        if not tail or tail[-1] != "Module":
            return None
    else:
        return None
    return (*mro[:-1], *(ExtClass(f"torch.nn.{n}", module=True) for n in tail), ExtClass(_OBJECT))


def class_bases(cls: Cls) -> tuple | None:
    """``cls.__bases__``: the bases of its ``class`` statement as resolved there
    (``__mro_entries__`` applied, ``Objmodel.resolve_bases``), ``(object,)`` for a class
    written with none; a library base is its class (``ExtClass``; ``module`` for a torch.nn
    one). None where a base is not known to be a class."""
    from driftcheck.parsers.source.library.torchlib import is_nn_class

    if not cls.bases:
        return (ExtClass(_OBJECT),)
    out: list = []
    for b in cls.bases:
        b = plain(b)
        if isinstance(b, Cls):
            out.append(b)
        elif isinstance(b, ExtClass):
            out.append(b)
        elif type(b) is Ext:
            q = b.qual
            nn = q in _NN_MODULE or (q.startswith("torch.nn.") and is_nn_class(q))
            out.append(ExtClass(q, module=nn))
        else:
            return None
    return tuple(out)


@INS.entry(
    "getmro",
    doc="getmro(cls) of a class read from source: its MRO (C3), then nn.Module or a torch.nn "
    "base's shipped ancestors, then object; any other library base: unknown",
)
def _getmro(c: Call) -> Any:
    cls = plain(c.arg(0))
    got = class_mro(cls) if isinstance(cls, Cls) else None
    if got is None:
        return c.unknown("getmro() of a class with a library base whose ancestors are unseen")
    return got
