"""A keyword torch does not take, at the call (session 22, crashburn22's keyword audit).

``x.flatten(start=1)``, ``F.softmax(x, dims=-1)``, ``torch.split(x, 2, axis=1)``,
``F.interpolate(x, scale=2)``: torch raises TypeError when it binds the arguments, whatever the
sizes. The names torch takes come from ``torch_keywords`` (generated from torch's own operator
schemas and Python signatures by ``tools/gen_torch_keywords.py``); an op not in that table, or
whose Python function takes ``**kwargs``, is never judged. A Tensor method is judged only on a
tensor of known shape on real sizes (a value the pass holds as a tensor of unknown shape may be
another object, whose method takes other keywords).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.torch_keywords import FUNCTIONS, METHODS
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int


def _bad(kwargs: dict, names: frozenset[str] | None) -> str | None:
    if not names:
        return None
    return next((k for k in kwargs if k not in names), None)


def torch_error(f: Any, q: str, kwargs: dict) -> str | None:
    """``torch.<name>(..., k=v)`` / ``F.<name>(..., k=v)`` with a keyword the op lacks."""
    if f.input_shape is None or not kwargs:
        return None
    k = _bad(kwargs, FUNCTIONS.get(q))
    if k is None:
        return None
    return f"TypeError: {q.rsplit('.', 1)[-1]}() got an unexpected keyword argument '{k}'"


def method_error(f: Any, t: Any, name: str, kwargs: dict) -> str | None:
    """``t.<name>(..., k=v)`` on a tensor of known shape, with a keyword the method lacks."""
    if f.input_shape is None or not kwargs or not isinstance(t, Tens):
        return None
    if not isinstance(t.shape, tuple) or not all(is_int(d) for d in t.shape):
        return None
    k = _bad(kwargs, METHODS.get(name))
    if k is None:
        return None
    return f"TypeError: {name}() got an unexpected keyword argument '{k}'"


# the most positional arguments these Tensor methods take (torch 2.13; one more is its
# TypeError, ``x.transpose(0, 2, 1, 3)`` written for numpy's ``transpose(axes)``); each is
# measured against torch in tests/test_crash23.py
MAX_POSITIONAL: dict[str, int] = {
    "transpose": 2, "swapaxes": 2, "swapdims": 2, "t": 0, "unsqueeze": 1, "narrow": 3,
    "movedim": 2, "moveaxis": 2, "index_select": 2, "masked_fill": 2, "expand_as": 1,
    "view_as": 1, "type_as": 1, "dim": 0, "numel": 0, "tolist": 0, "flatten": 2, "chunk": 2,
}  # fmt: skip


def method_arity(f: Any, t: Any, name: str, args: list, kwargs: dict, at: Any) -> str | None:
    """``t.<name>(a, b, c)`` with more positional arguments than the method takes, on a
    tensor of known shape, at a call site whose arguments the pass holds one by one."""
    from driftcheck.parsers.source.forward.dataflow_arity import exact_site

    n = MAX_POSITIONAL.get(name)
    if f.input_shape is None or n is None or len(args) <= n or not isinstance(t, Tens):
        return None
    if not isinstance(t.shape, tuple) or not all(is_int(d) for d in t.shape):
        return None
    if not exact_site(at, args, kwargs):
        return None
    return f"TypeError: {name}() takes {n} positional argument(s) but {len(args)} were given"
