"""``inspect.signature(functools.partial(f, *args, **kw))`` (session 33).

A mixer factory ``partial(MambaMixer, d_model, **mixer_kwargs)`` is asked which keywords it
takes before it is called (torch_dimensions' ``_layer_kwargs``: ``k in
inspect.signature(factory).parameters``). CPython's answer is ``f``'s signature with the
partial's arguments applied (``inspect._signature_get_partial``): a positional argument
removes its parameter, a keyword sets a new default and turns that parameter and the ones
after it keyword-only. Rather than re-deriving those rules, the wrapped signature (read by
the ``signature`` entry, library/stdlib.py) is rebuilt as a real ``inspect.Signature`` whose
defaults, annotations and the partial's arguments are opaque tokens, and CPython's own
``inspect.signature`` of a real ``functools.partial`` over it decides; the tokens map back
to the abstract values. A signature CPython refuses (arguments the function cannot bind:
ValueError) or one we cannot read is unknown.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

from driftcheck.parsers.source.library.registry import Call


class _Tok:
    """An abstract value carried through CPython's signature code untouched."""

    __slots__ = ("v",)

    def __init__(self, v: Any) -> None:
        self.v = v


def partial_signature(c: Call, p: Any, signature: Any) -> Any:
    """The signature of partial ``p``; ``signature`` is the entry for a plain callable."""
    from driftcheck.parsers.source.library.pybuiltins import INSPECT_EMPTY, ParamKind
    from driftcheck.parsers.source.library.stdlib import (
        _PARAMETER,
        _SIGNATURE,
        NamedTupleValue,
    )
    from driftcheck.parsers.source.values.abstract import Unknown

    inner = signature(Call(c.interp, c.qual, [p.func], {}, c.loc))
    if not isinstance(inner, NamedTupleValue) or inner.nt is not _SIGNATURE:
        return inner if isinstance(inner, Unknown) else c.unknown("signature() of a partial")
    params = inner.values[0]
    if not isinstance(params, dict):
        return c.unknown("signature() of a partial of a callable we cannot read")
    real = []
    try:
        for name, pv in params.items():
            _, default, kind, ann = pv.values
            d = inspect.Parameter.empty if default is INSPECT_EMPTY else _Tok(default)
            k = getattr(inspect.Parameter, str(kind))
            real.append(inspect.Parameter(name, k, default=d, annotation=_Tok(ann)))

        def stand_in(*a: Any, **k: Any) -> None:
            return None

        stand_in.__signature__ = inspect.Signature(real)  # type: ignore[attr-defined]
        part = functools.partial(
            stand_in, *(_Tok(a) for a in p.args), **{k: _Tok(v) for k, v in p.keywords.items()}
        )
        got = inspect.signature(part)
    except (ValueError, TypeError, AttributeError):
        return c.unknown("signature() of a partial CPython refuses (arguments it cannot bind)")
    out: dict[str, Any] = {}
    for name, q in got.parameters.items():
        d = INSPECT_EMPTY if q.default is inspect.Parameter.empty else q.default.v
        ann = q.annotation.v if isinstance(q.annotation, _Tok) else Unknown("annotation")
        out[name] = NamedTupleValue([name, d, ParamKind(q.kind.name), ann], _PARAMETER)
    return NamedTupleValue([out, inner.values[1]], _SIGNATURE)
