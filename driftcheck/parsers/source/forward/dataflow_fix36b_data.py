"""Session 36 (crashfix36b): ``torch.utils.data`` built and walked inside ``forward`` (torch
2.13, CPU; ``tests/test_crash36b.py`` runs every verdict in torch, with clean twins).

The pass does not run torch's data classes; this module keeps, beside the values the pass
returns for them (fresh objects only, never the shared ``UNK``), what torch would hold:

- ``TensorDataset(t, ...)`` of tensors of known, equal first sizes: a map-style dataset of
  ``n`` items (``len(ds)`` is ``n``: this module's after-hook answers the builtin's call);
- ``Subset(ds, indices)`` of such a dataset, ``indices`` a range or a list of ints whose
  length is certain (``dataflow_lists.certain``, or the pass exact so far): ``len`` is the
  number of indices;
- an instance of a class of the code's own deriving from ``IterableDataset``, and
  ``ChainDataset(...)``: an iterable-style dataset; its ``__iter__`` reading ``info.<attr>`` of
  ``info = get_worker_info()`` unguarded raises when it is walked in this process (directly,
  or by a ``DataLoader`` without workers): ``get_worker_info()`` is None outside a worker;
- ``WeightedRandomSampler(w, k, replacement=False)`` with ``k`` an int above ``len(w)`` (``w``
  a vector of known length, or a list of numbers): its ``__iter__`` calls
  ``torch.multinomial``, which raises "cannot sample n_sample > prob_dist.size(-1) samples
  without replacement" as soon as it is walked;
- ``DataLoader(ds, batch_size=B)`` (no shuffle, no batch sampler) over a ``Subset`` above: its
  sequential sampler fetches ``indices`` in order, ``B`` at a time; an index outside
  ``[-n, n)`` is the base tensor's IndexError when its batch is fetched. The first batch is
  fetched as soon as the loader is walked; the later ones when the walk is complete (a list
  comprehension, ``list(...)`` / ``tuple(...)`` / ``sorted(...)``, a ``for`` loop whose body
  has no ``break`` / ``return`` / ``yield``). A loader given a sampler above (``sampler=``)
  raises at its first batch. (Walking a ``Subset`` itself raises nothing: Python's old
  iteration protocol ends at the IndexError.)

Crashes claimed: walking such a loader or sampler (``Calls.iterate`` asks ``loop_error``), and
``ConcatDataset(datasets)`` with ``datasets`` a list of certain length that is empty ("datasets
should not be an empty iterable") or holds an iterable-style dataset above ("ConcatDataset does
not support IterableDataset"), both AssertionErrors of its constructor.

Switch: ``DRIFTCHECK_NO_FIX36B=1`` (with ``dataflow_fix36b``'s rules).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.forward.dataflow_fix36b import _off
from driftcheck.parsers.source.values.dataflow_values import Unk, known_shape

_DATA = "fix36b_data"  # id(value) -> (value, what torch holds: a tuple, its first item the kind)
_ITERABLE_BASES = frozenset(
    {"torch.utils.data.IterableDataset", "torch.utils.data.dataset.IterableDataset",
     "torch.utils.data.ChainDataset", "torch.utils.data.dataset.ChainDataset"}
)  # fmt: skip


def _q(fv: Any) -> str | None:
    from driftcheck.parsers.source.values.abstract import Ext

    q = fv.qual if isinstance(fv, Ext) else None
    if not isinstance(q, str):
        return None
    for pre in ("torch.utils.data.dataset.", "torch.utils.data.dataloader.",
                "torch.utils.data.sampler.", "torch.utils.data."):  # fmt: skip
        if q.startswith(pre) and q.count(".") == pre.count("."):
            return q[len(pre) :]
    return q if q.startswith("builtins.") else None


def _get(run: Any, v: Any) -> tuple | None:
    got = run.f.run_state.get(_DATA, {}).get(id(v))
    return got[1] if got is not None and got[0] is v else None


class DataObj(Unk):
    """What a torch data class called in ``forward`` returns where the pass had only the
    shared ``UNK``: an unknown value, one per call (so this module can key it)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(torch.utils.data object)"


def _put(run: Any, v: Any, info: tuple) -> Any:
    """Keep ``info`` for ``v``; returns the value that stands for it (a fresh ``DataObj`` in
    place of the shared ``UNK``), or None when none can."""
    from driftcheck.parsers.source.values.dataflow_values import UNK, Tens

    if v is UNK:
        v = DataObj()
    elif v is None or not isinstance(v, (Tens, dict, Unk)):
        # only a fresh object stands for one dataset / sampler / loader: a tensor, a dict, or
        # an unknown made for this call (``DataObj``, or ``dataflow_fix36_loader``'s
        # ``AnyLoader``, which an earlier after-hook put in place of the shared ``UNK``)
        return None
    run.f.run_state.setdefault(_DATA, {})[id(v)] = (v, info)
    return v


def _sure_list(run: Any, v: Any) -> bool:
    from driftcheck.parsers.source.forward import dataflow_lists

    if isinstance(v, range):
        return True
    if v.__class__ is not list or run.f.speculative:
        return False
    return not run.f.doubts or dataflow_lists.certain(run.f, v)


def _iterable_cls(fv: Any) -> bool:
    from driftcheck.parsers.source.values.abstract import Cls, Ext

    if not isinstance(fv, Cls):
        return False
    try:
        mro = fv.mro()
    except Exception:  # noqa: BLE001
        return False
    return any(isinstance(c, Ext) and c.qual in _ITERABLE_BASES for c in mro)


_WORKER_INFO = ("get_worker_info",)


def _worker_info_error(cls: Any) -> str | None:
    """``__iter__`` of an iterable dataset class of the code's own (its own method, a plain
    generator body) that binds ``info = get_worker_info()`` at its top level and then reads
    ``info.<attr>`` in a later top-level statement, unconditionally and before any statement
    that may leave: outside a DataLoader worker ``get_worker_info()`` is None, so the read is
    torch's (Python's) AttributeError as soon as the dataset is walked in this process."""
    node = getattr(cls, "node", None)
    if not isinstance(node, ast.ClassDef):
        return None
    fn = next((b for b in node.body if isinstance(b, ast.FunctionDef) and b.name == "__iter__"),
              None)  # fmt: skip
    if fn is None or fn.decorator_list:
        return None
    info = None
    for st in fn.body:
        if info is None:
            if (
                isinstance(st, ast.Assign)
                and len(st.targets) == 1
                and isinstance(st.targets[0], ast.Name)
                and isinstance(st.value, ast.Call)
                and not st.value.args
                and not st.value.keywords
                and _called_name(st.value.func) in _WORKER_INFO
            ):
                info = st.targets[0].id
            elif any(isinstance(n, (ast.Return, ast.Raise, ast.Yield, ast.YieldFrom))
                     for n in ast.walk(st)):  # fmt: skip
                return None
            continue
        got = _plain_read(st, info)
        if got is not None:
            return f"AttributeError: 'NoneType' object has no attribute '{got}'"
        if any(isinstance(n, ast.Name) and n.id == info for n in ast.walk(st)):
            return None  # ``info`` used otherwise (a guard, a rebinding): not judged
        if any(isinstance(n, (ast.Return, ast.Raise, ast.Break, ast.Yield, ast.YieldFrom))
               for n in ast.walk(st)):  # fmt: skip
            return None
    return None


def _called_name(f: ast.AST) -> str | None:
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Attribute):
        return f.attr if f.value.attr == "data" else None  # ``torch.utils.data.get_worker_info``
    return None


def _plain_read(st: ast.stmt, name: str) -> str | None:
    """``name.<attr>`` read unconditionally by a simple statement (an assignment / expression:
    outside a conditional expression, ``and`` / ``or``, a lambda or a comprehension)."""
    if not isinstance(st, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
        return None
    todo = [st.value] if st.value is not None else []
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.IfExp, ast.BoolOp, ast.Lambda, ast.ListComp, ast.SetComp,
                          ast.DictComp, ast.GeneratorExp)):  # fmt: skip
            continue
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name:
            return n.attr
        todo.extend(reversed(list(ast.iter_child_nodes(n))))  # (left to right: Python's order)
    return None


def _dataset(run: Any, args: list, kwargs: dict) -> tuple | None:
    """``("map", n)`` for ``TensorDataset(*tensors)`` of known equal first sizes."""
    if kwargs or not args:
        return None
    firsts = set()
    for t in args:
        sh = known_shape(t)
        if not sh:
            return None
        firsts.add(sh[0])
    return ("map", firsts.pop()) if len(firsts) == 1 else None


def _subset(run: Any, args: list, kwargs: dict) -> tuple | None:
    base = _get(run, arg(args, kwargs, 0, "dataset"))
    idx = arg(args, kwargs, 1, "indices")
    if base is None or base[0] != "map" or not _sure_list(run, idx):
        return None
    items = list(idx)
    if not all(i.__class__ is int for i in items):
        return None
    return ("subset", base[1], items)


def _sampler(run: Any, args: list, kwargs: dict) -> tuple | None:
    w = arg(args, kwargs, 0, "weights")
    k = arg(args, kwargs, 1, "num_samples")
    rep = arg(args, kwargs, 2, "replacement", True)
    if rep is not False or k.__class__ is not int or k <= 0:
        return None
    sh = known_shape(w)
    if sh is not None and len(sh) == 1:
        n = sh[0]
    elif w.__class__ in (list, tuple) and all(v.__class__ in (int, float) for v in w):
        n = len(w)
    else:
        return None
    if k <= n:
        return None
    err = "RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement"
    return ("sampler", err)


def _loader(run: Any, args: list, kwargs: dict) -> tuple | None:
    """``("loader", first-batch error, complete-walk error)`` (each None when there is none)."""
    if len(args) > 1:
        return None  # (batch_size, shuffle, sampler... by position: not judged)
    ds = _get(run, arg(args, kwargs, 0, "dataset"))
    if kwargs.get("batch_sampler") is not None or kwargs.get("shuffle") not in (None, False):
        return None
    if ds is not None and ds[0] == "iterable":
        workers = kwargs.get("num_workers", 0)
        if ds[1] is None or workers != 0 or workers.__class__ is not int:
            return None
        return ("loader", ds[1], ds[1])  # ``__iter__`` runs in this process at the first batch
    samp = kwargs.get("sampler")
    if samp is not None:
        got = _get(run, samp)
        if got is not None and got[0] == "sampler":
            return ("loader", got[1], got[1])
        return None
    b = kwargs.get("batch_size", 1)
    drop = kwargs.get("drop_last", False)
    if ds is None or ds[0] != "subset" or b.__class__ is not int or b <= 0:
        return None
    if drop not in (True, False):
        return None
    n, idx = ds[1], ds[2]
    if drop:
        idx = idx[: len(idx) // b * b]

    def bad(items: list) -> str | None:
        for i in items:
            if not -n <= i < n:
                return f"IndexError: index {i} is out of bounds for dimension 0 with size {n}"
        return None

    return ("loader", bad(idx[:b]), bad(idx))


def _ends_early(body: list) -> bool:
    """A ``break`` (of this loop), ``return`` or ``yield`` in a loop body."""
    todo = list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(n, ast.Break):
            return True
        if isinstance(n, (ast.For, ast.AsyncFor, ast.While)):
            todo.extend(n.orelse)  # (a break in a nested loop ends that loop only)
            todo.extend(
                x for x in ast.walk(ast.Module(body=n.body, type_ignores=[]))
                if isinstance(x, (ast.Return, ast.Yield, ast.YieldFrom))
            )  # fmt: skip
            continue
        todo.extend(ast.iter_child_nodes(n))
    return False


def _complete(node: Any) -> bool:
    """The walk at ``node`` takes every item (unless it raises first)."""
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp)):
        return True
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "sorted")
    if isinstance(node, ast.For):
        return not _ends_early(node.body)
    return False


def loop_error(run: Any, v: Any, node: Any) -> str | None:
    """torch's error for walking ``v`` (a loader or sampler above) at ``node``, else None."""
    if _off(run.f) or run.f.input_shape is None:
        return None
    got = _get(run, v)
    if got is None:
        return None
    if got[0] in ("sampler", "iterable"):
        return got[1]
    if got[0] != "loader":
        return None
    return got[1] or (got[2] if _complete(node) else None)


@hooks.before(191)  # ``ConcatDataset([])`` / of an IterableDataset
def data_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    if _q(fv) != "ConcatDataset" or any(isinstance(a, ast.Starred) for a in e.args):
        return
    ds = arg(args, kwargs, 0, "datasets")
    if not _sure_list(run, ds):
        return
    if not ds:
        f.crash(fr.loc(e), "AssertionError: datasets should not be an empty iterable")
    elif any((_get(run, d) or ("",))[0] == "iterable" for d in ds):
        f.crash(fr.loc(e), "AssertionError: ConcatDataset does not support IterableDataset")


# datasets, samplers, loaders made in forward; ``len`` of a dataset (order 79: below
# fix30b's result-replacing hook at 80, which stays last)
@hooks.after(79)
def data_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    f = run.f
    if _off(f) or f.input_shape is None or f.speculative:
        return None
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return None
    if _iterable_cls(fv):
        _put(run, out, ("iterable", _worker_info_error(fv)))
        return None  # (the pass's value for the instance is kept)
    q = _q(fv)
    if q is None:
        return None
    if q == "builtins.len" and len(args) == 1 and not kwargs:
        got = _get(run, args[0])
        if got is not None and got[0] == "map":
            return got[1]
        if got is not None and got[0] == "subset":
            return len(got[2])
        return None
    info = None
    if q == "TensorDataset":
        info = _dataset(run, args, kwargs)
    elif q == "Subset":
        info = _subset(run, args, kwargs)
    elif q == "ChainDataset":
        info = ("iterable", None)
    elif q == "WeightedRandomSampler":
        info = _sampler(run, args, kwargs)
    elif q == "DataLoader":
        info = _loader(run, args, kwargs)
    if info is not None and all(out is not a for a in (*args, *kwargs.values())):
        got = _put(run, out, info)
        return got if got is not out else None
    return None
