"""Small helpers the forward-crash rules (``dataflow_args``, ``dataflow_axes``,
``dataflow_known``, ``dataflow_masks``, ``dataflow_torch``) share: reading a call's argument,
an axis counted from the front, torch's broadcast of two shapes, a shape's item count. Each
was written out in several of those modules before (session 18's review of
``dataflow_axes``); one definition keeps torch's rules the same everywhere."""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import is_int


def pure_chain(e: Any) -> bool:
    """``e`` is a name or an attribute chain on a name (``self.fc.weight``): reading it again
    runs no code of the program the pass would not run anyway."""
    while isinstance(e, ast.Attribute):
        e = e.value
    return isinstance(e, ast.Name)


def walk_own(body: list) -> Any:
    """The nodes of ``body`` outside nested functions (each function is walked on its own;
    session 38: one copy, was ``dataflow_fix35._walk_own`` and ``dataflow_fix36._walk_own``)."""
    todo = list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        yield n
        todo.extend(ast.iter_child_nodes(n))


def spread(e: ast.Call) -> bool:
    """The call ``e`` passes ``*args`` or ``**kwargs``: its arguments cannot be read one by
    one against the callee's signature."""
    return any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords)


def receiver(run: Any, e: Any, fr: Any) -> Any:
    """Session 37 (fixreview37a): the value of the receiver ``r`` of a call ``r.m(...)``,
    without evaluating ``r`` a second time (``self.pick().apply(x)`` runs ``pick`` once, as
    Python does): the value ``Calls.call_expr`` holds while that call's hooks run
    (``Runner.receivers``), else the pass's value of a pure name / attribute chain
    (``pure_chain``); None when neither is at hand (an expression with effects, read after its
    call ended). Every rule that reads a call's receiver again goes through here."""
    func = getattr(e, "func", None)
    if not isinstance(func, ast.Attribute):
        return None
    for node, value in reversed(getattr(run, "receivers", ())):
        if node is e:
            return value
    if not pure_chain(func.value):
        return None
    try:
        return run.eval(func.value, fr)
    except Exception:  # noqa: BLE001 - a chain the pass cannot read: no value
        return None


def arg(args: list, kwargs: dict, i: int, name: str, default: Any = None) -> Any:
    """Argument ``i`` of a call, given by position or as ``name=``."""
    return args[i] if len(args) > i else kwargs.get(name, default)


def axis(d: Any, rank: int) -> int | None:
    """Axis ``d`` counted from the front; None when ``d`` is not an int or lies outside
    ``[-rank, rank)`` (where torch raises IndexError)."""
    if not is_int(d) or not -rank <= d < rank:
        return None
    return d % rank


def broadcast(a: tuple, b: tuple) -> tuple | None:
    """torch's broadcast of two known shapes (aligned from the right, a 1 stretches to the
    other size, a 0 included: ``(0,)`` with ``(1,)`` is ``(0,)``), or None when they do not
    broadcast."""
    n = max(len(a), len(b))
    a2, b2 = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a2, b2):
        if x != y and 1 not in (x, y):
            return None
        out.append(y if x == 1 else x)
    return tuple(out)


def numel(shape: tuple) -> int:
    """The number of items of a tensor of ``shape`` (1 for a 0-D one)."""
    n = 1
    for s in shape:
        n *= s
    return n


# torch's Python-level callables (``torch/_tensor.py``, ``torch/functional.py``): Python checks
# their keywords, so numpy's ``axis=`` / ``keepdims=`` is a TypeError there. Every other Tensor
# method and ``torch.`` / ``torch.linalg.`` / ``torch.special.`` / ``torch.fft.`` function is
# bound by torch's C++ argument parser, which takes ``axis`` for a parameter named ``dim`` and
# ``keepdims`` for ``keepdim`` (``x.mean(axis=1)``, ``torch.cat(xs, axis=1)``);
# tests/test_crash20c.py checks both lists against the installed torch.
PY_TENSOR_METHODS = frozenset(
    {"istft", "lu", "norm", "split", "stft", "unflatten", "unique", "unique_consecutive"}
)
PY_TORCH_FNS = frozenset(
    {
        "atleast_1d", "atleast_2d", "atleast_3d", "block_diag", "broadcast_shapes",
        "broadcast_tensors", "cartesian_prod", "cdist", "chain_matmul", "einsum", "lu",
        "meshgrid", "norm", "split", "stft", "tensordot", "unique", "unique_consecutive",
    }
)  # fmt: skip
# ``torch.nn.functional`` is Python but for these (C++ bound, like ``torch.<name>``)
NATIVE_FUNCTIONAL = frozenset({"cosine_similarity", "pairwise_distance", "pdist", "one_hot"})
_NUMPY_ALIASES = (("axis", "dim"), ("keepdims", "keepdim"))


def takes_numpy_aliases(q: str | None, method: str | None = None) -> bool:
    """Whether torch's C++ argument parser binds the call (``q`` a ``torch.``-qualified name, or
    ``method`` a Tensor method's name), so it reads ``axis=`` as ``dim=`` and ``keepdims=`` as
    ``keepdim=``."""
    if method is not None:
        return method not in PY_TENSOR_METHODS
    if q is None or not q.startswith("torch."):
        return False
    mod, _, name = q.rpartition(".")
    if mod == "torch.nn.functional":
        return name in NATIVE_FUNCTIONAL
    if mod == "torch":
        return name not in PY_TORCH_FNS
    return mod in ("torch.linalg", "torch.special", "torch.fft")


def numpy_aliases(kwargs: dict, q: str | None = None, method: str | None = None) -> dict:
    """``kwargs`` with numpy's ``axis`` / ``keepdims`` renamed to torch's ``dim`` / ``keepdim``
    where torch itself accepts them (``takes_numpy_aliases``); unchanged otherwise, or when both
    spellings are given (torch raises then; the rules that read ``dim`` do not guess)."""
    if not kwargs or not takes_numpy_aliases(q, method):
        return kwargs
    if not any(a in kwargs for a, _ in _NUMPY_ALIASES):
        return kwargs
    out = dict(kwargs)
    for alias, name in _NUMPY_ALIASES:
        if alias in out and name not in out:
            out[name] = out.pop(alias)
    return out


def numpy_keyword_error(
    kwargs: dict, q: str | None = None, method: str | None = None
) -> str | None:
    """torch's TypeError for numpy's ``axis=`` / ``keepdims=`` given to a Python-level torch
    callable (``F.softmax(x, axis=-1)``, ``F.normalize(x, axis=1)``, ``x.split(2, axis=1)``):
    none of them has such a parameter, nor ``**kwargs`` that would take it (the
    ``max_pool`` dispatchers hand theirs to functions that lack it too); None otherwise."""
    given = [a for a, _ in _NUMPY_ALIASES if a in kwargs]
    if not given:
        return None
    if method is not None:
        if method not in PY_TENSOR_METHODS:
            return None
        where = f"Tensor.{method}()"
    else:
        if q is None:
            return None
        mod, _, name = q.rpartition(".")
        python_level = (mod == "torch.nn.functional" and name not in NATIVE_FUNCTIONAL) or (
            mod == "torch" and name in PY_TORCH_FNS
        )
        if not python_level or not name[:1].islower():
            return None
        where = f"{name}()"
    return f"TypeError: {where} got an unexpected keyword argument '{given[0]}'"


# native ops whose first parameter after the tensor is a ``dim`` with no default
# (``x.softmax()``, ``torch.cumsum(x)`` raise TypeError; ``F.softmax(x)`` picks one, warning)
DIM_REQUIRED = frozenset(
    {"softmax", "log_softmax", "cumsum", "cumprod", "logcumsumexp", "cummax", "cummin",
     "logsumexp", "unsqueeze"}
)  # fmt: skip


def missing_dim_error(
    n_pos: int, kwargs: dict, at: Any, q: str | None = None, method: str | None = None
) -> str | None:
    """torch's TypeError for a native op of ``DIM_REQUIRED`` given no ``dim`` (``n_pos``: the
    positional arguments after the tensor; ``at`` the call, whose ``**kw`` of a value not
    followed may hold the dim); None otherwise."""
    name = method if method is not None else (q or "").rpartition(".")[2]
    if name not in DIM_REQUIRED or n_pos > 0 or "dim" in kwargs:
        return None
    if any(k.arg is None for k in getattr(at, "keywords", None) or ()):
        return None
    if not takes_numpy_aliases(q, method):  # ``F.softmax(x)``: Python's, dim optional
        return None
    return f'TypeError: {name}() missing 1 required positional arguments: "dim"'
