"""Interpret a layer class once per distinct construction and reuse the result.

A 32-layer decoder builds ``Layer(config, layer_idx=i)`` 32 times; interpreting each took most
of an analysis. ``Memo.instantiate`` keys a module construction on its class, call site,
the conditions it runs under and a fingerprint of its arguments, records the first
interpretation as a *template* and hands out structural copies of it.

Whether a layer's body depends on a per-instance value is *detected*, not assumed:

- Plain ``int`` arguments (a layer index) are passed in as ``Probe`` wrappers. Storing,
  passing or returning one is fine; reading its value anywhere (arithmetic, indexing,
  comparison, formatting: every read goes through ``plain``/``unwrap``) raises ``ProbeUsed``,
  the recording is abandoned before anything else happens, and the class is reinterpreted with
  that int as part of the key (so ``Expert(config, 512)`` x 512 is still one interpretation).
- Other arguments are fingerprinted by value (constants, tuples, lists, dicts, ``Sourced``
  config values with their key and line) or identity (classes, functions, configs and plain
  config objects, plus the identity of each of their field values). A module or tensor
  argument is not fingerprinted: such a construction is always interpreted.
- A key is recorded only when it comes back (most modules are built once), and copies share
  only what is immutable and holds no probe.
- A construction that writes into its arguments (a config field) or into a class attribute is
  never reused. The lists / dicts / sets it reads from module globals and mutable defaults
  are watched (``deftime.watch``): one it changed stops reuse, and a template is reused only
  while they hold what the recording saw (a shallow comparison). ``DRIFTCHECK_MEMO=0`` turns reuse off; ``benchmarks/bench_source_corpus.py
  --audit-memo`` checks that graphs with and without reuse are identical.
"""

from __future__ import annotations

import ast
import io
import pickle
from dataclasses import is_dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck.parsers.source.interp import deftime
from driftcheck.parsers.source.interp.attrs import ModRef
from driftcheck.parsers.source.loader import ModInfo
from driftcheck.parsers.source.speed.symbolic import HoleFloat, HoleInt, SymVal
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Config,
    Ext,
    Func,
    Obj,
    Probe,
    ProbeUsed,
    Sourced,
    Unknown,
    unwrap,
)
from driftcheck.parsers.source.values.torchsize import TorchSize

if TYPE_CHECKING:
    from driftcheck.parsers.source.library.machine import Interp

_ATOMS = frozenset((bool, int, float, str, bytes, complex, type(None)))
_SHARED = (Unknown, Ext, Cls, ModRef, ModInfo, ast.AST, Path, range, slice, type, SymVal, HoleInt)
_SHARED += (HoleFloat,)
MAX_VARIANTS = 8  # templates kept per key (one per distinct guarded item)
MAX_FP_ITEMS = 256  # a longer list argument is not fingerprinted (the construction just runs)


_SHARED_TYPES: dict[type, bool] = {}


def _is_shared(t: type) -> bool:
    """``isinstance(v, _SHARED)`` by the value's type, remembered per type (asked per object
    of every template)."""
    hit = _SHARED_TYPES.get(t)
    if hit is None:
        # a library value (library/) may declare itself immutable: ``memo_shared``
        hit = _SHARED_TYPES[t] = issubclass(t, _SHARED) or getattr(t, "memo_shared", False)
    return hit


class NoKey(Exception):
    """An argument the fingerprint cannot stand for."""


class Recording:
    """One template being recorded; its probes are live while ``active``.

    ``guards`` are the reads of a probe that the template may still be reused across:
    ``config.layer_types[layer_idx]`` on a list the arguments hold records (list, slot,
    fingerprint of the item), and a later construction reuses the template only when its own
    index picks an equal item.
    """

    def __init__(self, ext: set[int]) -> None:
        self.active = True
        self.ext = ext
        self.guards: list[tuple[Any, int, Any]] = []


class _Uncopyable(Exception):
    pass


class Template:
    """A recorded result; ``static`` marks what copies may share (immutable, probe-free)."""

    def __init__(self, result: Any, rec: Recording | None, external: set[int]) -> None:
        self.result = result
        self.rec = rec
        self.reads: list[tuple[Any, Any]] = []  # shared state read, with its snapshot
        self.static: set[int] = set()
        self._seen: dict[int, bool] = {}
        self._scan(result, external)
        del self._seen

    def _scan(self, v: Any, ext: set[int]) -> bool:
        """True when ``v`` can be shared by every copy; raises ``_Uncopyable``."""
        t = v.__class__
        if t in _ATOMS:
            return True
        k = id(v)
        if k in self._seen:
            return self._seen[k]
        if t is Probe:
            ok = v.rec is not self.rec
        elif k in ext or _is_shared(t):
            ok = True
        else:
            self._seen[k] = False  # cycles go through mutable objects, which are copied
            if t is tuple or t is frozenset or t is TorchSize:
                ok = all([self._scan(x, ext) for x in v])
            elif t is Sourced:
                ok = self._scan(v.value, ext)
            elif t is list or t is set:
                ok = False
                for x in v:
                    self._scan(x, ext)
            elif t is dict:
                ok = False
                for a, b in v.items():
                    self._scan(a, ext)
                    self._scan(b, ext)
            elif getattr(t, "memo_copy", False):  # a library container (library/): as its base
                ok = False
                for x in v.values() if isinstance(v, dict) else v:
                    self._scan(x, ext)
            elif t in _FIELDS or (is_dataclass(v) and not isinstance(v, type)):
                _FIELDS.setdefault(t, True)
                ok = False
                for x in v.__dict__.values():
                    self._scan(x, ext)
            else:
                raise _Uncopyable(t.__name__)
        self._seen[k] = ok
        if ok:
            self.static.add(k)
        return ok

    def copy(self, slots: list[Any]) -> Any:
        """A structural copy of the result with this call's values in the probes' places.

        The template is pickled once, with every shared object (and each probe) written as a
        reference into ``shared`` (``persistent_id``); a copy is one C-level unpickling of those
        bytes. Pickling keeps aliasing and cycles as they are, like a deep copy, and copies
        exactly what ``_scan`` found mutable. Copying object by object in Python cost ~90
        calls per copy (368k for the 10% corpus sample)."""
        data = self.__dict__.get("_data")
        if data is None:
            buf = io.BytesIO()
            p = _Pickler(buf, self)
            p.dump(self.result)
            data = self._data = buf.getvalue()
            self._shared = p.shared
        u = _Unpickler(io.BytesIO(data))
        u.shared, u.slots = self._shared, slots
        return u.load()


_FIELDS: dict[type, bool] = {}  # dataclasses seen (copied through their __dict__)


class _Pickler(pickle.Pickler):
    """Writes a template; what copies share (and the probes) become references."""

    def __init__(self, buf: io.BytesIO, tpl: Template) -> None:
        super().__init__(buf, protocol=pickle.HIGHEST_PROTOCOL)
        self.static = tpl.static
        self.rec = tpl.rec
        self.shared: list[Any] = []
        self.index: dict[int, int] = {}

    def persistent_id(self, v: Any) -> int | None:
        t = v.__class__
        if t in _ATOMS:
            return None
        if t is Probe and v.rec is self.rec:
            return -1 - v.slot  # this call's value for the probe
        if id(v) in self.static or t is type:  # classes too: no name lookup per copy
            k = id(v)
            i = self.index.get(k)
            if i is None:
                i = self.index[k] = len(self.shared)
                self.shared.append(v)
            return i
        if t not in _COPYABLE and t not in _FIELDS and not getattr(t, "memo_copy", False):
            raise _Uncopyable(t.__name__)
        return None


_COPYABLE = frozenset((list, dict, tuple, set, frozenset, Sourced))


class _Unpickler(pickle.Unpickler):
    shared: list[Any]
    slots: list[Any]

    def persistent_load(self, pid: Any) -> Any:
        return self.shared[pid] if pid >= 0 else self.slots[-1 - pid]


class Memo:
    """``instantiate`` with reuse, in front of ``Calls.instantiate`` (the interpreter's
    ``instantiate`` is this one)."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.classes = ip.classes  # is_module_cls
        self.calls = ip.calls  # find_init, instantiate
        self.items = ip.items  # getitem

    def _memo_init(self) -> None:
        if not hasattr(self, "_templates"):
            self._templates: dict[tuple, list[Template]] = {}
            self._modes: dict[tuple, str] = {}
            self._once: set[tuple] = set()
            self.memo_hits = 0

    def instantiate(self, cls: Cls, args: list[Any], kwargs: dict[str, Any], loc: tuple) -> Any:
        base = self.calls.instantiate
        if not self.ip.memo_on or not self._memo_candidate(cls):
            return base(cls, args, kwargs, loc)
        self._memo_init()
        try:
            head = (id(cls), str(loc[0]), loc[1], tuple(self.ip.uncertain), self.ip.class_writes)  # type: ignore[attr-defined]
            fp, slots = self._fp_args(args, kwargs, True)
            akey = (head, *fp)
            mode = self._modes.get(akey, "probe")
            if mode == "never":
                return base(cls, args, kwargs, loc)
            if mode == "value":
                key, slots = (head, *self._fp_args(args, kwargs, False)[0], "v"), []
            else:
                key = akey
        except NoKey:
            return base(cls, args, kwargs, loc)
        for tpl in self._templates.get(key, ()):
            if self._guards_hold(tpl, slots):
                self.memo_hits += 1
                if self.ip.default_reads is not None:  # an outer recording reads them too
                    self.ip.default_reads.extend(tpl.reads)
                return tpl.copy(slots)
        if key not in self._once:
            # most modules are built once: record (scan + copy) only when a key comes back
            self._once.add(key)
            if mode == "probe":
                # also mark the key by value: when the recording of the second construction
                # finds that the body reads an int, the value-keyed retry records at once
                # instead of running a third plain interpretation (levit: 3 -> 2 runs of
                # each attention layer's offset loops)
                try:
                    vfp = self._fp_args(args, kwargs, False, touch=False)[0]
                    self._once.add((head, *vfp, "v"))
                except NoKey:
                    pass
            return base(cls, args, kwargs, loc)
        return self._record(cls, args, kwargs, loc, akey, key, slots, mode == "probe")

    def _record(self, cls, args, kwargs, loc, akey, key, slots, probe) -> Any:  # noqa: ANN001
        """Interpret once (ints as probes when ``probe``); keep the result as a template."""
        base = self.calls.instantiate
        ext = _reachable([*args, *kwargs.values()])
        rec = Recording(ext) if probe else None
        run_args, run_kwargs = args, kwargs
        if rec is not None:
            n = iter(range(len(slots)))
            run_args = [Probe(a, rec, next(n)) if _slot(a) else a for a in args]
            run_kwargs = {k: Probe(a, rec, next(n)) if _slot(a) else a for k, a in kwargs.items()}
        before = self._fp_args(run_args, run_kwargs, False, touch=False)
        writes = self.ip.class_writes
        # a construction that leaves a ``raise`` out under an undecided condition marks the
        # handlers of the ``try`` blocks it runs inside (statements.py): a reused copy would
        # not, so it is never kept
        left = self.ip.left_raises  # type: ignore[attr-defined]
        n_ranges = len(self.ip.ranges)  # type: ignore[attr-defined]
        outer, self.ip.default_reads = self.ip.default_reads, []  # interp/deftime.py ``once``
        try:
            result = base(cls, run_args, run_kwargs, loc)
        except ProbeUsed as e:
            if e.rec is not rec:
                raise
            # the body reads the int: forget what the partial run added, key on the value
            rec.active = False
            del self.ip.ranges[n_ranges:]  # type: ignore[attr-defined]
            deftime.restore(self.ip.default_reads)  # the mutable defaults it changed
            self._modes[akey] = "value"
            return self.instantiate(cls, args, kwargs, loc)
        finally:
            if rec is not None:
                rec.active = False
            reads, self.ip.default_reads = self.ip.default_reads, outer
            if outer is not None:
                outer.extend(reads)
        clean = writes == self.ip.class_writes and left == self.ip.left_raises  # type: ignore[attr-defined]
        # a mutable default it changed (``def __init__(self, d, acc=[])``: ``acc.append(d)``)
        # is shared with the next call: a copy of this one would not see the change
        clean = clean and not deftime.changed(reads)
        clean = clean and self._fp_args(run_args, run_kwargs, False, touch=False) == before
        try:  # a value neither shared nor copied (a numpy array of library/arrays.py) may
            # already stop the template's scan: then as when the copy fails
            tpl = Template(result, rec, ext)
            out = tpl.copy(slots)
        except _Uncopyable:
            if rec is None:
                self._modes[akey] = "never"
                return result
            # a value we cannot copy may hold a probe: interpret again with the ints as they are
            self._modes[akey] = "value"
            return self.instantiate(cls, args, kwargs, loc)
        # the shared state it read (mutable defaults, module globals' containers): a copy is
        # handed out only while they hold what this construction saw (``_guards_hold``)
        tpl.reads = reads
        variants = self._templates.setdefault(key, [])
        if clean and len(variants) < MAX_VARIANTS:
            variants.append(tpl)
        elif not clean:
            self._modes[akey] = "never"
        return out

    def probe_index(self, obj: Any, key: Probe) -> Any:
        """``obj[probe]``: a guard when ``obj`` is a list or tuple the arguments hold."""
        raw = unwrap(obj)
        rec = key.rec
        if (raw.__class__ is list or raw.__class__ is tuple) and id(raw) in rec.ext:
            v = self.items.getitem(obj, key.value)  # type: ignore[attr-defined]
            try:
                fp = _fp(v, False)
            except NoKey:
                key.touch()
            rec.guards.append((obj, key.slot, fp))
            return v
        key.touch()
        return None

    def _guards_hold(self, tpl: Template, slots: list[Any]) -> bool:
        if tpl.reads and deftime.changed(tpl.reads):
            return False
        if tpl.rec is None:
            return True
        for obj, slot, fp in tpl.rec.guards:
            i = slots[slot]
            v = self.probe_index(obj, i) if i.__class__ is Probe else self.items.getitem(obj, i)  # type: ignore[attr-defined]
            try:
                if _fp(v, False) != fp:
                    return False
            except NoKey:
                return False
        return True

    def _memo_candidate(self, cls: Cls) -> bool:
        if not self.classes.is_module_cls(cls):  # type: ignore[attr-defined]
            return False
        init, _ = self.calls.find_init(cls)  # type: ignore[attr-defined]
        return isinstance(init, Func)

    # ------------------------------------------------------------------ fingerprints
    def _fp_args(
        self, args: list[Any], kwargs: dict[str, Any], probe: bool, touch: bool = True
    ) -> tuple[tuple, list[Any]]:
        slots: list[Any] = []
        out = []
        for a in args:
            if probe and _slot(a):
                slots.append(a)
                out.append("#")
            else:
                out.append(_fp(a, touch))
        kw = []
        for k, a in kwargs.items():
            if probe and _slot(a):
                slots.append(a)
                kw.append((k, "#"))
            else:
                kw.append((k, _fp(a, touch)))
        return (tuple(out), tuple(kw)), slots


def _slot(a: Any) -> bool:
    return (a.__class__ is int) or a.__class__ is Probe


def _fp(v: Any, touch: bool) -> Any:
    t = v.__class__
    if t in _ATOMS:
        return (t.__name__, v)
    if t is Probe:
        if touch:
            v.touch()
            return ("i", v.value)
        return ("P", id(v))
    if t is Sourced:
        return ("S", _fp(v.value, touch), v.key, v.file, v.line)
    if t is SymVal:  # keyed by its expression: equal for every config (no pin)
        return ("Y", v.expr, v.key, v.file, v.line, v.bare)
    if t is HoleInt or t is HoleFloat:
        return ("H", v.expr)
    if t is tuple or t is list or t is TorchSize:  # a read shape keyed apart from a tuple
        if len(v) > MAX_FP_ITEMS:
            raise NoKey()
        return (t.__name__, tuple(_fp(x, touch) for x in v))
    if t is dict:
        if len(v) > MAX_FP_ITEMS:
            raise NoKey()
        return ("d", tuple((_fp(a, touch), _fp(b, touch)) for a, b in v.items()))
    if t is Config:
        # identity, plus the identity of every field value: a field assigned anew changes it
        subs = tuple(
            (id(x), tuple(x.fields), tuple(map(id, x.fields.values())))
            for x in v.fields.values()
            if x.__class__ is Config
        )
        return ("C", id(v), tuple(v.fields), tuple(map(id, v.fields.values())), subs)
    if t is Obj and not v.module:  # a plain config object (attribute bag, dataclass)
        return ("o", id(v), tuple(v.attrs), tuple(map(id, v.attrs.values())))
    if t is Cls or t is Ext:
        return ("c", id(v))
    if isinstance(v, Unknown):
        return ("U", t.__name__, v.why)
    if t is Func and v.closure is None and v.bound is None:
        return ("f", id(v.node), v.is_static, v.is_classmethod)
    raise NoKey()


def _reachable(values: list[Any]) -> set[int]:
    """ids of the containers and configs reachable from the arguments (shared, not copied)."""
    seen: set[int] = set()
    todo = list(values)
    while todo:
        v = todo.pop()
        if v.__class__ in _ATOMS:
            continue
        if isinstance(v, Sourced):
            if v.__class__ is not SymVal:
                todo.append(v.value)
            continue
        if isinstance(v, (list, tuple, set, frozenset, dict, Config, Obj)) and id(v) not in seen:
            seen.add(id(v))
            if isinstance(v, dict):
                todo.extend(v.keys())
                todo.extend(v.values())
            elif isinstance(v, Config):
                todo.extend(v.fields.values())
            elif isinstance(v, Obj):
                todo.extend(v.attrs.values())
            else:
                todo.extend(v)
    return seen
