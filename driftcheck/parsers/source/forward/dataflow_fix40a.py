"""Session 40 (crashfix40a): a checkpoint's state followed through values, not spellings.

The crash batches fresh25..31 spell one defect many ways: a module's ``state_dict()`` bound to
a name, averaged, re-keyed, put in a checkpoint dict, written with ``torch.save`` into an
``io.BytesIO`` and read back (with or without ``seek(0)``), then ``load_state_dict``. Earlier
rules read only the spelling ``dst.load_state_dict(src.state_dict())``. Here the values flow:

- ``m.state_dict()`` (no arguments) of a module tree whose state the pass knows
  (``dataflow_fix35.state_keys``: every module torch's or a plain class of the code's own, no
  state-dict hook, no shared module) is a ``dict`` of key -> tensor of the known shape, in
  torch's order (parameters then buffers as ``state_keys`` lists them). ``dataflow_fix35``'s
  ``state_loaded`` then judges ``load_state_dict`` of it (size mismatch either way, unexpected
  keys under ``strict``) wherever it went: a name, a comprehension re-keying it, a checkpoint
  dict, a torch.save / torch.load round trip.
- ``io.BytesIO()`` (no arguments) is a ``Buf``: the pass follows ``torch.save(obj, buf)`` (the
  position at the end), ``buf.seek(0)`` (back at the start) and ``torch.load(buf, ...)``.
  ``torch.load`` of a buffer at its end (saved, never rewound) is torch's ``EOFError`` (its
  zip check fails on no bytes, the legacy unpickler reads none); from the start it returns a
  copy of what was saved where that is plain data, dicts, lists and tensors of known shape.
  Any other use of the buffer (passed to another call, read, written, seek elsewhere, code
  that may not run) makes it unknown: nothing is claimed of it after.

Each verdict is checked in torch with a clean twin (``tests/test_crash40a.py``).
``DRIFTCHECK_NO_FIX40A=1`` turns the module off.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import arg, receiver
from driftcheck.parsers.source.forward.dataflow_fix38a_jit import FreshModule
from driftcheck.parsers.source.values.dataflow_values import UNK, CfgV, Mod, Tens, Unk

OFF = "DRIFTCHECK_NO_FIX40A"
# opt-in since the end of session 40: review40 found false blockers this module makes reachable
# (a state dict changed by ``update`` / item stores / state-dict hooks, a module built in forward
# changed after it is built or built from globals forward changed, TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD
# set by the code: /work notes, docs/parser.md "Session 40 (lead)"); on only where asked
ON = "DRIFTCHECK_FIX40A"


def _off(f: Any) -> bool:
    return f.switches.get(ON) != "1" or f.switches.get(OFF) == "1"


class Buf(Unk):
    """What ``io.BytesIO()`` returns in ``forward``: an unknown value (as ``UNK`` is) that is
    an empty in-memory stream for certain, followed while every use of it is one of the few
    below. ``saves``: how many ``torch.save`` calls wrote to it; ``at_end``: the position is at
    the end of what was written; ``content``: what the first save wrote (a value the pass
    holds) or None; ``lost``: a use not followed (nothing is claimed after)."""

    __slots__ = ("saves", "at_end", "content", "lost", "doubts")

    def __init__(self, doubts: int = 0) -> None:
        super().__init__()
        self.saves, self.at_end, self.content, self.lost = 0, False, None, False
        self.doubts = doubts  # ``Flow.doubts`` when made: anything unknown since loses it

    def __repr__(self) -> str:
        return f"UNK(BytesIO, {self.saves} saved, at_end={self.at_end}, lost={self.lost})"


_SAVE = ("torch.save", "torch.serialization.save")
_LOAD = ("torch.load", "torch.serialization.load")
_BYTESIO = ("io.BytesIO", "_io.BytesIO")


def _qual(fv: Any) -> Any:
    q = getattr(fv, "qual", None)
    return q if isinstance(q, str) else None


def _bufs(v: Any, depth: int = 0) -> list[Buf]:
    """The ``Buf`` values in ``v`` (one level of list / tuple / dict / set as well)."""
    if isinstance(v, Buf):
        return [v]
    if depth > 1:
        return []
    if isinstance(v, dict):
        return [b for x in v.values() for b in _bufs(x, depth + 1)]
    if isinstance(v, (list, tuple, set, frozenset)):
        return [b for x in v for b in _bufs(x, depth + 1)]
    return []


def _copy(v: Any, depth: int = 0) -> Any:
    """What ``torch.load`` gives back of a saved value the pass holds: a fresh copy (tensors of
    the same known shape), or None where any part is not plain data or a known tensor."""
    if depth > 8:
        return None
    if v is None or v.__class__ in (bool, int, float, str, bytes):
        return v
    if isinstance(v, Tens):
        return Tens(None, v.shape) if v.shape is not None else None
    if v.__class__ is dict:
        out: dict = {}
        for k, x in v.items():
            if k.__class__ not in (str, int):
                return None
            c = _copy(x, depth + 1)
            if c is None and x is not None:
                return None
            out[k] = c
        return out
    if v.__class__ in (list, tuple):
        items = [_copy(x, depth + 1) for x in v]
        if any(c is None and x is not None for c, x in zip(items, v)):
            return None
        return items if v.__class__ is list else tuple(items)
    return None


_PICKLE_HOOKS = ("__reduce__", "__reduce_ex__", "__getstate__", "__setstate__", "__getattr__",
                 "__getattribute__", "__class__")  # fmt: skip


def _plain_pickle(run: Any, v: Any, depth: int = 0) -> bool:
    """Pickling ``v`` runs no code of the program's: a module whose classes are torch's layers
    or plain classes of the code's own (``dataflow_fix30b._tree_plain`` with the pickling
    methods), or a dict / list / tuple of such and of plain data."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _tree_plain

    if depth > 3:
        return False
    if isinstance(v, (Mod, Built)):
        try:
            return _tree_plain_pickle(run.f, v.obj) and _tree_plain(run.f, v.obj)
        except Exception:  # noqa: BLE001
            return False
    if v.__class__ is dict:
        return all(
            k.__class__ in (str, int) and _plain_pickle(run, x, depth + 1) for k, x in v.items()
        )
    if v.__class__ in (list, tuple):
        return all(_plain_pickle(run, x, depth + 1) for x in v)
    return _copy(v) is not None or v is None


def _tree_plain_pickle(f: Any, m: Any, depth: int = 0) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix30b import _plain_class
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    m = f.resolve(m)
    if isinstance(m, Leaf):
        return isinstance(m.torch, str) and m.torch.startswith("torch.nn.")
    if depth > 16 or not isinstance(m, Obj):
        return False
    if m.kind is None and not _plain_class(m, _PICKLE_HOOKS):
        return False
    return all(_tree_plain_pickle(f, c, depth + 1) for c in m.children.values() if c is not None)


# ---------------------------------------------------------------- state_dict() as a value
def state_made(run: Any, e: Any, out: Any, fr: Any) -> Any:
    """``m.state_dict()``: the state as a dict of known tensors where the pass knows it whole."""
    from driftcheck.parsers.source.forward.dataflow_fix35 import state_keys

    if not (isinstance(e.func, ast.Attribute) and e.func.attr == "state_dict"):
        return None
    if e.args or e.keywords or out is not UNK:
        return None
    m = receiver(run, e, fr)
    if not isinstance(m, (Mod, Built)):
        return None
    keys = state_keys(run, m.obj)
    if not keys:
        return None
    return {k: Tens(None, shape) for k, shape in keys.items()}


# ---------------------------------------------------------------- io.BytesIO round trip
def buf_method(run: Any, e: Any, b: Buf, args: list, kwargs: dict) -> None:
    """``buf.seek(0)`` rewinds; ``tell`` / ``getvalue`` change nothing; anything else (or any
    call in code that may not run) loses the buffer."""
    f = run.f
    name = e.func.attr
    if name in ("tell", "getvalue", "getbuffer", "readable", "seekable", "writable"):
        return
    if f.speculative or name != "seek" or kwargs or len(args) not in (1, 2):
        b.lost = True
        return
    whence = args[1] if len(args) > 1 else 0
    if args[0].__class__ is int and args[0] == 0 and whence.__class__ is int and whence == 0:
        b.at_end = False
        return
    b.lost = True


def saved(run: Any, e: Any, args: list, kwargs: dict) -> None:
    """``torch.save(obj, buf)`` into a ``Buf``: the first save's value kept, position at end."""
    f = run.f
    target = arg(args, kwargs, 1, "f", None)
    others = [*args[:1], *args[2:], *(v for k, v in kwargs.items() if k != "f")]
    for b in (x for v in others for x in _bufs(v)):
        b.lost = True
    if not isinstance(target, Buf) or target.lost:
        return
    if f.speculative or len(args) > 2 or set(kwargs) - {"obj", "f"}:
        target.lost = True
        return
    if target.saves == 0 and not target.at_end:
        target.content = arg(args, kwargs, 0, "obj", None)
    elif not target.at_end:
        target.lost = True  # written over inside earlier bytes: not followed
        return
    target.saves += 1
    target.at_end = True


_LOAD_KEYS = {"f", "map_location", "weights_only", "mmap"}


# rule: ``torch.load(buf)`` of a buffer saved into and never rewound
def loaded(run: Any, e: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    b = arg(args, kwargs, 0, "f", None)
    others = [*args[1:], *(v for k, v in kwargs.items() if k != "f")]
    for x in (x for v in others for x in _bufs(v)):
        x.lost = True
    if not isinstance(b, Buf) or b.lost:
        return
    if f.speculative or len(args) > 2 or set(kwargs) - _LOAD_KEYS or fr is None:
        b.lost = True
        return
    mmap = kwargs.get("mmap", False)
    if mmap.__class__ is not bool and mmap is not None:
        b.lost = True
        return
    if f.doubts != b.doubts:
        b.lost = True  # something unknown ran since the buffer was made: it may have moved
        return
    if b.saves >= 1 and b.at_end and not mmap:
        f.crash(fr.loc(e), "EOFError: Ran out of input (torch.load of an io.BytesIO whose "
                "position is at the end of what torch.save wrote: no seek(0) between them)")  # fmt: skip
        b.lost = True
        return
    if b.saves >= 1 and not b.at_end and mmap:
        f.crash(fr.loc(e), "ValueError: f must be a file path in order to use the mmap argument")
        b.lost = True
        return
    wo = kwargs.get("weights_only", True) if "weights_only" in kwargs else True
    if b.saves == 1 and not b.at_end and wo is True and _holds_module(run, b.content):
        f.crash(fr.loc(e), "UnpicklingError: Weights only load failed (torch.load's default "
                "weights_only=True refuses the module or namespace object torch.save wrote)")  # fmt: skip
        b.lost = True


def _holds_module(run: Any, v: Any, depth: int = 0) -> bool:
    """``v`` (what ``torch.save`` wrote) is or holds (in a dict / list / tuple) a module
    object or a namespace object (``_NOT_ALLOWED``): torch's weights-only unpickler has none
    of those classes in its allow-list, and only ``torch.serialization.add_safe_globals``
    (never named in the code) adds one."""
    if depth > 3:
        return False
    if isinstance(v, (Mod, Built)):
        return not _safe_globals_named(run)
    if isinstance(v, CfgV) and getattr(v.cfg, "made_by", None) in _NOT_ALLOWED:
        return not _safe_globals_named(run)  # ``argparse.Namespace(...)``: not allow-listed
    if v.__class__ is dict:
        return any(_holds_module(run, x, depth + 1) for x in v.values())
    if v.__class__ in (list, tuple):
        return any(_holds_module(run, x, depth + 1) for x in v)
    return False


# classes whose instances torch's weights-only unpickler refuses (asked of torch 2.13)
_NOT_ALLOWED = frozenset({"argparse.Namespace", "types.SimpleNamespace"})


def _safe_globals_named(run: Any) -> bool:
    """Some code of the run names ``add_safe_globals`` / ``safe_globals`` (or has no tree)."""
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    f = run.f
    got = f.run_state.get("fix40a_safe_globals")
    if got is None:
        trees = own_trees(f.interp)
        got = trees is None or any(
            (isinstance(n, ast.Attribute) and n.attr in ("add_safe_globals", "safe_globals"))
            or (isinstance(n, ast.Name) and n.id in ("add_safe_globals", "safe_globals"))
            or (isinstance(n, ast.alias) and n.name in ("add_safe_globals", "safe_globals"))
            for t in trees
            for n in ast.walk(t)
        )
        f.run_state["fix40a_safe_globals"] = got
    return got


def load_result(run: Any, args: list, kwargs: dict) -> Any:
    """``torch.load(buf)`` from the start of what one ``torch.save`` wrote: a copy of it
    (``MISS`` where it is not a value the pass holds whole)."""
    b = arg(args, kwargs, 0, "f", None)
    if not isinstance(b, Buf) or b.lost or run.f.speculative:
        return MISS
    if b.saves != 1 or b.at_end:
        b.lost = True
        return MISS
    b.at_end = True
    if kwargs.get("mmap") or b.content is None:
        return MISS
    got = _copy(b.content)
    return MISS if got is None else got


MISS = object()  # ``pure``: not a call of this module's (the pass goes on as before)


def pure(run: Any, fv: Any, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    """The value of a call this module follows, which runs no code of the program's and
    changes no value the pass holds (so it is no "unknown call": the pass stays exact):
    ``io.BytesIO()`` -> ``Buf``; ``torch.save(obj, buf)`` -> None; ``buf.seek(0)`` -> 0;
    ``torch.load(buf)`` -> a copy of what was saved; ``m.state_dict()`` -> a dict of known
    tensors. ``MISS`` for every other call (and whatever this module cannot answer)."""
    f = run.f
    if f.input_shape is None or _off(f) or not isinstance(at, ast.Call) or fr is None:
        return MISS
    if any(isinstance(a, ast.Starred) for a in at.args) or any(k.arg is None for k in at.keywords):
        return MISS
    q = _qual(fv)
    if q in _BYTESIO:
        return Buf(f.doubts) if not args and not kwargs else MISS
    if q in _SAVE:
        b = arg(args, kwargs, 1, "f", None)
        if not isinstance(b, Buf) or b.lost or b.saves != 1 or not b.at_end:
            return MISS
        obj = arg(args, kwargs, 0, "obj", None)
        if obj is not b.content:
            return MISS
        return None if _copy(obj) is not None or _plain_pickle(run, obj) else MISS
    if q in _LOAD:
        return load_result(run, args, kwargs)
    if q in ("dataclasses.replace",):
        return replaced(run, args, kwargs, at)
    if not isinstance(at.func, ast.Attribute):
        return MISS
    if at.func.attr == "seek":
        r = receiver(run, at, fr)
        return 0 if isinstance(r, Buf) and not r.lost and not r.at_end else MISS
    if at.func.attr == "state_dict" and isinstance(fv, Unk):
        got = state_made(run, at, UNK, fr)
        return MISS if got is None else got
    return MISS


# ---------------------------------------------------------------- modules built in forward
_BUILT_MAX = 64  # modules built in forward per pass (each runs the class's ``__init__``)


def _plain_arg(v: Any, depth: int = 0) -> bool:
    """An argument the ``__init__`` interpreter reads as Python would: a number, a string, a
    bool, None, a tuple / list of them, a config object of the interpreter's (not a module),
    a module (the graph's or one built in forward)."""
    from driftcheck.parsers.source.values.abstract import Obj

    if v is None or v.__class__ in (bool, int, float, str):
        return True
    if v.__class__ in (tuple, list) and depth < 2 and len(v) <= 64:
        return all(_plain_arg(x, depth + 1) for x in v)
    if isinstance(v, Obj) and not v.module:
        return True
    return isinstance(v, (Mod, Built))


def _interp_arg(v: Any) -> Any:
    if isinstance(v, Mod):
        return v.obj
    if isinstance(v, Built):
        return v.obj
    if v.__class__ in (tuple, list):
        return v.__class__(_interp_arg(x) for x in v)
    return v


def built(run: Any, cls: Any, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    """``Encoder(8)`` (a module class of the code's own) built in ``forward`` with plain
    arguments: the class's ``__init__`` run by the interpreter as for the root, kept in a
    ``Built`` (a ``FreshModule``, unknown to every other rule) whose state ``state_dict()`` /
    ``load_state_dict`` read. None where it cannot (the pass calls it unknown, as before)."""
    from driftcheck.parsers.source.forward.dataflow_fix38a_jit import _names_mode, _stores_training
    from driftcheck.parsers.source.values.abstract import Obj

    f = run.f
    if f.input_shape is None or _off(f) or f.speculative or not isinstance(at, ast.Call):
        return None
    if any(isinstance(a, ast.Starred) for a in at.args) or any(k.arg is None for k in at.keywords):
        return None
    if f.switches.get("DRIFTCHECK_NO_FIX38A") == "1":
        return None  # (a ``FreshModule``'s mode rules are off: keep the unknown)
    if not all(_plain_arg(v) for v in (*args, *kwargs.values())):
        return None
    n = f.run_state.get("fix40a_built", 0)
    if n >= _BUILT_MAX:
        return None
    f.run_state["fix40a_built"] = n + 1
    ip = f.interp
    try:
        make = ip.memo.instantiate if getattr(ip, "memo", None) is not None else None
        if make is None:
            return None
        loc = (str(cls.mod.path), getattr(at, "lineno", 0))
        obj = make(cls, [_interp_arg(v) for v in args],
                   {k: _interp_arg(v) for k, v in kwargs.items()}, loc)  # fmt: skip
    except Exception:  # noqa: BLE001 - an __init__ the interpreter cannot run: unknown
        return None
    if not isinstance(obj, Obj) or not obj.module or obj.cls is not cls:
        return None
    try:
        training = None if _names_mode(cls) or _stores_training(f) else True
    except Exception:  # noqa: BLE001
        training = None
    return Built(training, obj)


class Built(FreshModule):
    """A module of the code's own class built in ``forward`` whose ``__init__`` the
    interpreter ran (``obj``): a ``FreshModule`` to every other rule."""

    __slots__ = ("obj",)

    def __init__(self, training: bool | None, obj: Any) -> None:
        super().__init__(training)
        self.obj = obj

    def __repr__(self) -> str:
        return f"UNK(module built in forward: {getattr(self.obj.cls, 'name', '?')})"


# rule: ``m.load_state_dict(sd)`` of a module built in forward
def built_loaded(run: Any, e: Any, dst: Any, args: list, kwargs: dict, fr: Any) -> None:
    """As ``dataflow_fix35.state_loaded`` for a ``Built`` receiver: a dict the pass holds
    (str keys) with a tensor of known shape under a key of ``dst``'s state of another shape
    (either way), or a key ``dst``'s state lacks under ``strict``."""
    from driftcheck.parsers.source.forward.dataflow_fix35 import state_keys
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    f = run.f
    if f.speculative or f.doubts or fr is None:
        return
    if len(args) > 3 or set(kwargs) - {"state_dict", "strict", "assign"}:
        return
    sd = args[0] if args else kwargs.get("state_dict")
    strict = args[1] if len(args) > 1 else kwargs.get("strict", True)
    if sd.__class__ is not dict or strict.__class__ is not bool or not sd:
        return
    if not all(k.__class__ is str for k in sd):
        return
    mine = state_keys(run, dst.obj)
    if mine is None:
        return
    name = getattr(dst.obj.cls, "name", "module")
    for k, v in sd.items():
        other = known_shape(v) if isinstance(v, Tens) else None
        if k in mine and other is not None and other != mine[k]:
            f.crash(fr.loc(e), f"RuntimeError: Error(s) in loading state_dict for {name}: size "
                    f"mismatch for {k}: copying a param with shape {other}, the shape in "
                    f"current model is {mine[k]}")  # fmt: skip
            return
    unexpected = [k for k in sd if k not in mine]
    if strict and unexpected:
        f.crash(fr.loc(e), f"RuntimeError: Error(s) in loading state_dict for {name}: "
                f"unexpected key(s) {unexpected[:3]}")  # fmt: skip


# ---------------------------------------------------------------- random_split lengths
_SPLIT = ("torch.utils.data.random_split", "torch.utils.data.dataset.random_split")


def _data_len(run: Any, ds: Any) -> int | None:
    """The length of a dataset ``dataflow_fix36b_data`` knows (``TensorDataset`` of known
    first sizes, a ``Subset`` of known indices)."""
    from driftcheck.parsers.source.forward.dataflow_fix36b_data import _get

    got = _get(run, ds)
    if got is None:
        return None
    if got[0] == "map" and got[1].__class__ is int:
        return got[1]
    if got[0] == "subset" and got[2].__class__ is list:
        return len(got[2])
    return None


# rule: ``random_split(TensorDataset(x), [7, 2])`` of a dataset whose length is not the sum
def split_lengths(run: Any, e: Any, args: list, kwargs: dict, fr: Any) -> None:
    """torch's ``random_split``: lengths that are fractions (summing to 1, at most 1) are
    turned into counts; otherwise ``sum(lengths) != len(dataset)`` is its ValueError. Judged
    for a dataset of known length (``_data_len``) and a list / tuple of known numbers (the
    constant case ``dataflow_fix33b`` already judges for a tensor or list dataset)."""
    import math

    f = run.f
    if f.speculative or fr is None or len(args) + len(kwargs) > 3:
        return
    ds = arg(args, kwargs, 0, "dataset", None)
    lengths = arg(args, kwargs, 1, "lengths", None)
    if lengths.__class__ not in (list, tuple) or not lengths:
        return
    if not all(v.__class__ in (int, float) for v in lengths):
        return
    total = sum(lengths)
    if math.isclose(total, 1) and total <= 1:
        return  # fractions (their own range check is fix33b's)
    n = _data_len(run, ds)
    if n is None or total == n:
        return
    f.crash(fr.loc(e), "ValueError: Sum of input lengths does not equal the length of the input "
            f"dataset! (lengths sum to {total}, the dataset has {n} items)")  # fmt: skip


def replaced(run: Any, args: list, kwargs: dict, at: Any) -> Any:
    """``dataclasses.replace(cfg, hidden=64)`` in ``forward`` of a config object of the
    interpreter's (a dataclass instance made in ``__init__``) with plain changes: a new
    instance made as the interpreter makes one (``library/stdlib.py``'s ``replace``), so a
    module built from it in ``forward`` (``built``) has a known state. ``MISS`` otherwise."""
    from driftcheck.parsers.source.library.stdlib import _fields_of
    from driftcheck.parsers.source.values.abstract import Obj

    f = run.f
    if f.speculative or len(args) != 1 or not kwargs:
        return MISS
    v = args[0].obj if isinstance(args[0], Mod) else args[0]  # (the pass holds it as a Mod)
    if not isinstance(v, Obj) or v.module or v.cls is None:
        return MISS
    if not all(x is None or x.__class__ in (bool, int, float, str) for x in kwargs.values()):
        return MISS
    try:
        fields = _fields_of(v)
        if fields is None:
            return MISS
        loc = (str(v.cls.mod.path), getattr(at, "lineno", 0))
        got = f.interp.memo.instantiate(v.cls, [], {**fields, **kwargs}, loc)
    except Exception:  # noqa: BLE001 - a replace the interpreter cannot make: unknown
        return MISS
    return Mod(got) if isinstance(got, Obj) and got.cls is v.cls else MISS


def dict_of(run: Any, src: Any, kwargs: dict, at: Any) -> dict | None:
    """``dict(d)`` / ``dict(pairs)`` (``dict((k, v) for ...)``) of a dict or a list / tuple of
    two-item tuples / lists the pass holds, keys plain: the dict Python makes (the keywords
    after). None otherwise (the pass's ``dict(...)`` keeps the keywords only, as before)."""
    f = run.f
    if _off(f) or f.speculative or _splat(at):
        return None
    if src.__class__ is dict:
        pairs = list(src.items())
    elif src.__class__ in (list, tuple) and len(src) <= 4096:
        pairs = []
        for p in src:
            if p.__class__ not in (tuple, list) or len(p) != 2:
                return None
            pairs.append((p[0], p[1]))
    else:
        return None
    if not all(k.__class__ in (str, int, bool) for k, _ in pairs):
        return None
    out = dict(pairs)
    out.update(kwargs)
    return out


def _splat(at: Any) -> bool:
    return isinstance(at, ast.Call) and (
        any(isinstance(a, ast.Starred) for a in at.args) or any(k.arg is None for k in at.keywords)
    )


def item_deleted(run: Any, st: ast.Delete, fr: Any) -> None:
    """``del sd["x"]`` of a dict the pass holds (a name or attribute chain): the key is removed
    where it is a known key of the dict, on the path that surely runs; otherwise the dict may
    have changed in a way not followed (``run.taint``: nothing is certain of it after). Before
    session 40 the statement was not followed at all, and a dict the pass held kept the key."""
    from driftcheck.parsers.source.forward.dataflow_common import pure_chain

    f = run.f
    if f.input_shape is None or _off(f):
        return
    for t in st.targets:
        if not isinstance(t, ast.Subscript) or not pure_chain(t.value):
            continue
        try:
            d = run.eval(t.value, fr)
        except Exception:  # noqa: BLE001 - a read the pass cannot make: nothing held
            continue
        if d.__class__ is not dict:
            continue
        try:
            k = run.eval(t.slice, fr)
            known = k.__class__ in (str, int, bool) and k in d
        except Exception:  # noqa: BLE001
            known = False
        if known and not f.speculative:
            del d[k]
        else:
            run.taint(f"line {st.lineno}: del of a dict item not followed")


@hooks.before(187)  # session 40 (crashfix40a): BytesIO uses, torch.save / torch.load
def before_call(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or _off(f) or not isinstance(e, ast.Call):
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        for b in (x for v in [*args, *kwargs.values()] for x in _bufs(v)):
            b.lost = True
        return
    q = _qual(fv)
    if q in _SPLIT:
        split_lengths(run, e, args, kwargs, fr)
    if q in _SAVE:
        saved(run, e, args, kwargs)
        return
    if q in _LOAD:
        loaded(run, e, args, kwargs, fr)
        return
    if isinstance(e.func, ast.Attribute):
        r = receiver(run, e, fr)
        if isinstance(r, Buf):
            buf_method(run, e, r, args, kwargs)
        elif isinstance(r, Built) and e.func.attr == "load_state_dict":
            built_loaded(run, e, r, args, kwargs, fr)
    # a buffer handed to any other call: its position / content no longer followed
    for b in (x for v in [*args, *kwargs.values()] for x in _bufs(v)):
        b.lost = True
