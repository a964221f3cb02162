"""Session 39 (crashgen39): values that flow through plain Python objects (crash recall by
mechanism, not by spelling; checked in torch by ``tests/test_crash39a.py`` with clean twins).

A crash rule keyed to one spelling (``self.scaler.step(self.opt)`` of a module made in
``__init__``) stayed silent where the same objects were held otherwise: by a plain ``Trainer``
object, a local, a helper function's parameter. Here the objects themselves carry what the
rules need, so any route they take reaches the rule:

- **Plain objects built in forward** (``PlainInst``): ``Trainer(self.model)`` of a class of the
  analyzed code that is no module, whose MRO holds only classes of the analyzed code and
  ``object`` (or torch's ``IterableDataset``), with no class decorator, metaclass, property or
  other descriptor, ``__new__`` / ``__getattr__`` / ``__setattr__`` / ``__getattribute__``,
  ``setattr`` / ``vars`` / ``__dict__`` use: ``Calls.construct`` made a dict of the arguments
  (the attributes unknown, the methods unknown calls). Its own ``__init__`` now runs on an
  instance keeping the attributes its code stores (as ``dataflow_fix37c.Inst`` does for
  map-style datasets), and ``inst.m(...)`` runs the method ``m`` read from source
  (``InstMethod``). An attribute store the pass cannot place (``a[0].x = v``, ``f().x = v``)
  and an instance handed to an unknown call make every such instance's attributes unknown.
- **GradScaler values** (``Scaler``): ``torch.amp.GradScaler("cpu")`` made in forward, and a
  module's or a plain object's attribute that ``__init__`` set to one once (read again from
  source: ``dataflow_fix34c._init_assign``), are one value per object, so
  ``dataflow_fix34c.scaler_call``'s order checks key the scaler and the optimizer by value
  (``scaler_key`` / ``optim_of``), wherever the two are held.
- **Optimizers held by plain objects**: a plain object's attribute that ``__init__`` set to
  ``torch.optim.<Opt>(...)`` once (and nothing else stores) reads as one
  ``dataflow_fix33b.Optim`` per object (its groups unknown), as ``dataflow_fix38a.init_attr``
  has it for a module's, so it reaches a helper function or a scheduler as an optimizer.
- **IterableDataset in a DataLoader**: ``DataLoader(ds, shuffle=True | sampler=.. |
  batch_sampler=..)`` with ``ds`` a ``PlainInst`` of an ``IterableDataset`` subclass: torch's
  ValueError "DataLoader with IterableDataset: expected unspecified <option> option, but got
  <option>=<value>" (``DataLoader.__init__``, checked in that order).

- **Generators**: ``torch.Generator()`` / ``torch.Generator("cpu")`` made in forward is one
  value per call (``Gen``), so ``gen.manual_seed(v)`` is judged wherever the generator is held:
  torch 2.13 takes a Python int only (RuntimeError "manual_seed expected a long, but got
  Tensor / float / str / bool"; ValueError "Overflow when unpacking long long" outside
  ``[-2**63, 2**64 - 1]``). ``torch.manual_seed(v)`` converts with ``int(v)``: not this rule.
- ``torch.autograd.graph.register_multi_grad_hook(ts, fn, mode=m)`` with a known string ``m``
  other than "all" / "any": ValueError (its first check).

- **Schedulers keep their optimizer**: a torch LR scheduler built in forward on an ``Optim``
  value is one value per call (``SchedV``, or the value an earlier rule made: ``Sched``) with
  that optimizer, so ``ChainedScheduler(scheds[, optimizer])`` / ``SequentialLR(opt, scheds,
  ..)`` of a certain list see torch's ValueError for an item on another optimizer (identity,
  as torch's ``!=`` of optimizers is) or a ``ReduceLROnPlateau`` item. Optimizer values are
  one object per optimizer: made in forward, ``dataflow_fix38a.init_attr``'s for a module's
  attribute, ``held_attr``'s for a plain object's.

- ``einops.parse_shape(t, pattern)`` of a tensor of known rank and a pattern of plain names,
  ``_`` and at most one ``...``: einops 0.8's RuntimeError when the number of axes differs
  ("Can't parse shape with different number of dimensions") or the rank is below the named
  axes around the ``...``.

``DRIFTCHECK_NO_FIX39A=1`` turns the module off.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import spread
from driftcheck.parsers.source.forward.dataflow_fix37c import Inst
from driftcheck.parsers.source.values.dataflow_values import Unk

_INSTS = "fix39a_insts"  # id(PlainInst) -> (PlainInst, class)
_HELD = "fix39a_held"  # (id(obj), attr) -> the Scaler / Optim value of that attribute
_PLAIN_CLS = "fix39a_plain_cls"  # id(class) -> whether it is plain (``_plain_class``)
_OBJECT = frozenset({"builtins.object", "object"})
_ITER_BASES = frozenset(
    {"torch.utils.data.IterableDataset", "torch.utils.data.dataset.IterableDataset"}
)
_LOADER_Q = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})
_SCALER_Q = frozenset({"torch.amp.GradScaler", "torch.amp.grad_scaler.GradScaler"})
_SCALER_KW = frozenset(
    {"device", "init_scale", "growth_factor", "backoff_factor", "growth_interval", "enabled"}
)
_DUNDERS = frozenset({"__new__", "__getattr__", "__getattribute__", "__setattr__", "__delattr__",
                      "__set_name__", "__class_getitem__"})  # fmt: skip
_REFLECT = frozenset({"setattr", "delattr", "vars", "getattr", "object"})


def _off(f: Any) -> bool:
    return f.switches.get("DRIFTCHECK_NO_FIX39A") == "1"


def _on(f: Any) -> bool:
    return f.input_shape is not None and not _off(f)


# ---------------------------------------------------------------- plain objects
class PlainInst(Inst):
    """An object of a plain class of the analyzed code built in ``forward``: the attributes
    its code stored; ``poisoned`` once something the pass cannot follow may have changed it
    (every attribute then unknown). Methods are read from source (``InstMethod``)."""

    __slots__ = ("poisoned", "lookup")

    def __init__(self, lookup: Any) -> None:
        super().__init__()
        self.poisoned = False
        self.lookup = lookup  # name -> the class's plain method ``name`` (or None)

    def get(self, name: str) -> Any:
        from driftcheck.parsers.source.values.dataflow_values import UNK

        if not self.poisoned and name in self.attrs:
            return self.attrs[name]
        fn = self.lookup(name)
        if fn is not None:
            return InstMethod(self, fn)
        return UNK

    def __repr__(self) -> str:
        return "UNK(plain object)"


class InstMethod(Unk):
    """``inst.m`` of a ``PlainInst``: the function ``m`` of its class, bound to it."""

    __slots__ = ("inst", "fn")

    def __init__(self, inst: PlainInst, fn: Any) -> None:
        self.inst, self.fn = inst, fn

    def __repr__(self) -> str:
        return f"UNK(method {getattr(self.fn, 'name', '?')})"


def _class_nodes(cls: Any) -> list[ast.ClassDef] | None:
    """The class statements of ``cls``'s MRO (all of the analyzed code), or None where a base
    is something else than ``object`` / ``IterableDataset``."""
    from driftcheck.parsers.source.interp.dunders import own_code
    from driftcheck.parsers.source.values.abstract import Cls, Ext

    try:
        mro = cls.mro()
    except Exception:  # noqa: BLE001 - a class the interpreter cannot order
        return None
    nodes = []
    for c in mro:
        if isinstance(c, Cls):
            node = getattr(c, "node", None)
            if not own_code(c) or not isinstance(node, ast.ClassDef):
                return None
            nodes.append(node)
        elif isinstance(c, Ext):
            if c.qual not in _OBJECT and c.qual not in _ITER_BASES:
                return None
        else:
            return None
    return nodes


def _plain_node(node: ast.ClassDef) -> bool:
    if node.decorator_list or node.keywords:
        return False
    for st in node.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if st.name in _DUNDERS:
                return False
            for d in st.decorator_list:
                if not (isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")):
                    return False  # ``@property``, ``@functools.cached_property``, ...
        elif isinstance(st, (ast.Assign, ast.AnnAssign)):
            if st.value is not None and not isinstance(st.value, ast.Constant):
                return False  # a class attribute that may be a descriptor
        elif not isinstance(st, (ast.Expr, ast.Pass)):
            return False
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id in _REFLECT:
            return False
        if isinstance(n, ast.Name) and n.id == "super":
            return False  # a base's ``__init__`` through ``super()`` (review39 H1)
        if isinstance(n, ast.Attribute) and n.attr in ("__dict__", "__class__"):
            return False
        if isinstance(n, (ast.Global, ast.Nonlocal)):
            return False
    return True


_INTROSPECT = frozenset({"__dict__", "__setattr__", "__delattr__", "__class__"})


def _module_quiet(mod: Any) -> bool:
    """No code of the class's module reaches into an object's storage from outside the class
    (``tr.__dict__[k] = v``, ``tr.__dict__.update``, ``getattr(tr, "__dict__")``,
    ``tr.__setattr__(k, v)``, ``setattr`` / ``delattr`` / ``vars``, ``del tr.attr``): those
    writes are not followed, so the objects of such a module are not read (review39 H1: 7
    false blockers, an attribute read at its old value)."""
    tree = getattr(mod, "tree", None)
    if tree is None:
        return False
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and n.attr in _INTROSPECT:
            return False
        if isinstance(n, ast.Constant) and n.value in _INTROSPECT:
            return False
        if isinstance(n, ast.Name) and n.id in ("setattr", "delattr", "vars"):
            return False
        if isinstance(n, ast.Delete) and any(isinstance(t, ast.Attribute) for t in n.targets):
            return False
    return True


def _plain_class(f: Any, cls: Any) -> bool:
    memo = f.run_state.setdefault(_PLAIN_CLS, {})
    got = memo.get(id(cls))
    if got is None or got[0] is not cls:
        ok = False
        try:
            if not f.interp.classes.is_module_cls(cls):
                nodes = _class_nodes(cls)
                ok = nodes is not None and all(_plain_node(n) for n in nodes)
                ok = ok and _module_quiet(getattr(cls, "mod", None))
        except Exception:  # noqa: BLE001 - a class the interpreter cannot read: not plain
            ok = False
        got = memo[id(cls)] = (cls, ok)
    return got[1]


def _method(f: Any, cls: Any, name: str) -> Any:
    """The plain function ``name`` of ``cls`` (no decorator, not static / class method)."""
    from driftcheck.parsers.source.values.abstract import Func

    try:
        ok, fn, _ = f.interp.classes.mro_attr(cls, name)
    except Exception:  # noqa: BLE001
        return None
    if not ok or not isinstance(fn, Func) or not isinstance(fn.node, ast.FunctionDef):
        return None
    if fn.node.decorator_list or fn.is_static or fn.is_classmethod:
        return None
    return fn


def iterable_class(f: Any, inst: Any) -> bool:
    """``inst`` is a ``PlainInst`` of a subclass of torch's ``IterableDataset``."""
    from driftcheck.parsers.source.values.abstract import Ext

    got = f.run_state.get(_INSTS, {}).get(id(inst))
    if got is None or got[0] is not inst:
        return False
    try:
        return any(isinstance(c, Ext) and c.qual in _ITER_BASES for c in got[1].mro())
    except Exception:  # noqa: BLE001
        return False


@hooks.after(210)  # crashgen39: a plain object of the code's own class built in forward
def plain_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.abstract import Cls
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if not _on(f) or not isinstance(fv, Cls) or spread(e) or out.__class__ is not dict:
        return None
    if not _plain_class(f, fv):
        return None
    inst = PlainInst(lambda name, _f=f, _c=fv: _method(_f, _c, name))
    f.run_state.setdefault(_INSTS, {})[id(inst)] = (inst, fv)
    from driftcheck.parsers.source.forward.dataflow_fix36b_data import _DATA

    data = f.run_state.get(_DATA, {})
    rec = data.get(id(out))
    if rec is not None and rec[0] is out:  # ``dataflow_fix36b_data``'s record moves with it
        data[id(inst)] = (inst, rec[1])
    init = _method(f, fv, "__init__")
    if init is not None:
        run.calls.run_func(init, None, [inst, *args], kwargs, fr)
    elif args or kwargs:
        return UNK  # ``object.__init__`` takes no argument: not modelled
    return inst


def method_call(calls: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> Any:
    """``inst.m(*args, **kwargs)``: ``m`` run with ``inst`` as ``self``."""
    return calls.run_func(fv.fn, None, [fv.inst, *args], kwargs, fr)


def _insts_in(v: Any, depth: int = 0) -> list:
    if isinstance(v, PlainInst):
        return [v]
    if isinstance(v, InstMethod):
        return [v.inst]
    if depth > 2:
        return []
    if v.__class__ in (list, tuple, set):
        return [i for x in v for i in _insts_in(x, depth + 1)]
    if v.__class__ is dict:
        return [i for x in v.values() for i in _insts_in(x, depth + 1)]
    return []


def escaped(f: Any, args: list, kwargs: dict) -> None:
    """Values handed to an unknown call: the plain objects among them may change."""
    if not f.run_state or _INSTS not in f.run_state:
        return
    for v in [*args, *kwargs.values()]:
        for inst in _insts_in(v):
            inst.poisoned = True


def _target_base(run: Any, tgt: ast.Attribute, fr: Any) -> tuple[Any, bool]:
    """(the value of ``tgt.value``, whether it is a plain name) where it is a name or a pure
    attribute chain; UNK otherwise (an item's or a call's result the pass does not re-read)."""
    from driftcheck.parsers.source.forward.dataflow_common import pure_chain
    from driftcheck.parsers.source.values.dataflow_values import UNK

    if isinstance(tgt.value, ast.Name):
        return getattr(fr, "locals", {}).get(tgt.value.id, UNK), True
    if pure_chain(tgt.value):
        try:
            return run.eval(tgt.value, fr), False
        except Exception:  # noqa: BLE001 - a chain the pass cannot read again
            return UNK, False
    return UNK, False


def _poison_unless_known(insts: dict, base: Any) -> None:
    """A base that may be a plain object the pass does not see: every plain object's
    attributes become unknown (a value of a known kind, a tensor, a module, a dict, is none)."""
    from driftcheck.parsers.source.values.dataflow_values import UNK

    if base.__class__ is not Unk and base is not UNK:
        return
    for inst, _cls in insts.values():
        inst.poisoned = True


def attr_stored(run: Any, tgt: ast.Attribute, v: Any, fr: Any) -> None:
    """``<base>.<name> = v`` while plain objects are held: stored where ``base`` is a name or
    an attribute chain whose value is one (``self.x = v`` in a method: already stored by
    ``dataflow_fix34c.ctx_store``; ``self.tr.x = v``: stored here); where ``base`` may be one
    the pass does not see (an unknown value, a call's or an item's result), every plain object's
    attributes become unknown."""
    f = run.f
    insts = f.run_state.get(_INSTS) if f.run_state else None
    if not insts:
        return
    base, by_name = _target_base(run, tgt, fr)
    if isinstance(base, PlainInst):
        if not by_name:
            base.attrs[tgt.attr] = v
        return  # by name: ``dataflow_fix34c.ctx_store`` stored it
    _poison_unless_known(insts, base)


def aug_attr(run: Any, st: ast.AugAssign, rhs: Any, fr: Any) -> None:
    """``<base>.<name> op= v`` while plain objects are held (``self.n += k.shape[1]`` in a
    method of a plain cache): Python stores ``base.name op v`` back into the object (a tensor is
    written in place). Before this, the stored attribute kept its old value (a false blocker:
    a cache's fill count read as 0). A base the pass cannot read may be a plain object: every
    plain object's attributes become unknown."""
    from driftcheck.parsers.source.values.dataflow_values import UNK, Tens

    f = run.f
    insts = f.run_state.get(_INSTS) if f.run_state else None
    tgt = st.target
    if not insts or not isinstance(tgt, ast.Attribute):
        return
    base, _ = _target_base(run, tgt, fr)
    if isinstance(base, PlainInst):
        cur = base.attrs.get(tgt.attr, UNK) if not base.poisoned else UNK
        if isinstance(cur, Tens):
            return  # written in place: the same tensor
        new: Any = UNK
        if cur is not UNK:
            try:
                new = run.binop(st.op, cur, rhs, fr, st)
            except Exception:  # noqa: BLE001 - an operation not followed: unknown
                new = UNK
        base.attrs[tgt.attr] = new
        return
    _poison_unless_known(insts, base)


# ---------------------------------------------------------------- GradScaler / optimizer values
class Scaler(Unk):
    """A ``torch.amp.GradScaler`` on CPU, enabled (torch 2.13: the CPU scaler is real)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(GradScaler cpu)"


def _cpu_scaler_args(args: list, kwargs: dict) -> bool:
    if len(args) > 1 or set(kwargs) - _SCALER_KW or ("device" in kwargs and args):
        return False
    dev = args[0] if args else kwargs.get("device")
    return dev == "cpu" and kwargs.get("enabled", True) is True


@hooks.after(211)  # crashgen39: ``torch.amp.GradScaler("cpu")`` made in forward
def scaler_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if not _on(f) or not isinstance(fv, Ext) or fv.qual not in _SCALER_Q or spread(e):
        return None
    if not isinstance(out, Unk) or not _cpu_scaler_args(args, kwargs):
        return None
    return Scaler()


def held_attr(run: Any, m: Any, name: str) -> Any:
    """``m.<name>`` (``m`` a ``Mod``) where ``__init__`` of ``m``'s class set it once to a CPU
    GradScaler (any object) or a torch optimizer (a plain object; a module's is
    ``dataflow_fix38a.init_attr``'s): one value per object and attribute."""
    from driftcheck.parsers.source.forward.dataflow_fix33b import OPTIMIZERS, Optim
    from driftcheck.parsers.source.forward.dataflow_fix34c import (
        _SCALERS,
        _cpu_scaler,
        _init_assign,
    )
    from driftcheck.parsers.source.values.abstract import Obj, Unknown, called_of

    f = run.f
    if not _on(f):
        return None
    obj = f.resolve(m.obj)
    if not isinstance(obj, Obj) or obj.cls is None or getattr(obj, "unresolved", False):
        return None
    v = obj.attrs.get(name)
    if v.__class__ is not Unknown:
        return None
    held = f.run_state.setdefault(_HELD, {})
    got = held.get((id(obj), name))
    if got is not None and got[0] is obj:
        return got[1]
    made = None
    # the marker the interpreter sets on an unmodelled call's result (``called_of``), not the
    # note text (session 40, crashfix40a)
    q_made = called_of(v) or ""
    if q_made in _SCALERS:
        call = _init_assign(obj.cls, name)
        if call is not None and _cpu_scaler(call):
            made = Scaler()
    elif q_made.startswith("torch.optim.") and not obj.module:
        opt = q_made[len("torch.optim.") :]
        call = _init_assign(obj.cls, name)
        # only ``self.opt = torch.optim.Adam(...)`` itself makes a new optimizer: an existing
        # one reached through ``getattr(net, "opt")`` or a helper is the same object
        # (review39 H2: two optimizers read, a false ChainedScheduler blocker)
        if (
            opt in OPTIMIZERS
            and call is not None
            and isinstance(call.func, (ast.Attribute, ast.Name))
            and (call.func.attr if isinstance(call.func, ast.Attribute) else call.func.id) == opt
        ):
            made = Optim(opt, None, None)
    if made is not None:
        held[(id(obj), name)] = (obj, made)
    return made


def scaler_key(run: Any, at: Any, fr: Any) -> Any:
    """The state key of the scaler ``at``'s method is called on, where it is a ``Scaler``."""
    from driftcheck.parsers.source.forward.dataflow_common import receiver

    if _off(run.f):
        return None
    recv = receiver(run, at, fr)
    return ("scaler", id(recv)) if isinstance(recv, Scaler) else None


def optim_of(run: Any, args: list) -> Any:
    """(key, Optim) of ``scaler.step(opt)`` / ``unscale_(opt)`` where ``opt`` is an ``Optim``
    value the pass holds (one object per optimizer: made in forward, or ``held_attr``'s)."""
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim

    if _off(run.f) or len(args) != 1 or not isinstance(args[0], Optim):
        return None
    return ("optim", id(args[0])), args[0]


# ---------------------------------------------------------------- IterableDataset options
@hooks.after(212)  # crashgen39: ``DataLoader(iterable_ds, shuffle=True / sampler=..)``
def iterable_options(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if not _on(f) or not isinstance(fv, Ext) or fv.qual not in _LOADER_Q or spread(e):
        return None
    if fr is None or f.speculative:
        return None
    ds = arg(args, kwargs, 0, "dataset")
    if not iterable_class(f, ds):
        return None
    shuffle = arg(args, kwargs, 2, "shuffle", None)
    sampler = arg(args, kwargs, 3, "sampler", None)
    batch_sampler = arg(args, kwargs, 4, "batch_sampler", None)
    if shuffle is not None and shuffle is not False:
        if shuffle is True:
            return _fail(f, fr, e, "shuffle", "shuffle=True")
        return None
    for name, v in (("sampler", sampler), ("batch_sampler", batch_sampler)):
        if v is None:
            continue
        if not _not_none(v):
            return None  # it may be None
        return _fail(f, fr, e, name, f"{name}=...")
    return None


def _not_none(v: Any) -> bool:
    """``v`` is surely not None: a tensor, a plain value, or an object made for one call."""
    from driftcheck.parsers.source.forward.dataflow_fix36b_data import DataObj
    from driftcheck.parsers.source.values.dataflow_values import Tens

    plain = (int, float, str, bool, list, tuple, dict, range)
    return isinstance(v, (Tens, DataObj, PlainInst, Sampler)) or v.__class__ in plain


class Sampler(Unk):
    """What one of torch's samplers built in ``forward`` returns: an object, never None."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(torch sampler)"


_SAMPLERS = frozenset({"Sampler", "SequentialSampler", "RandomSampler", "SubsetRandomSampler",
                       "WeightedRandomSampler", "BatchSampler"})  # fmt: skip


@hooks.after(213)  # crashgen39: ``BatchSampler(...)`` made in forward is an object
def sampler_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import UNK

    if not _on(run.f) or out is not UNK or not isinstance(fv, Ext):
        return None
    mod, _, name = fv.qual.rpartition(".")
    if name in _SAMPLERS and mod in ("torch.utils.data", "torch.utils.data.sampler"):
        return Sampler()
    return None


def _fail(f: Any, fr: Any, e: Any, name: str, shown: str) -> Any:
    f.crash(
        fr.loc(e),
        f"ValueError: DataLoader with IterableDataset: expected unspecified {name} option, "
        f"but got {shown}",
    )
    return None


# ---------------------------------------------------------------- generators, multi-grad hooks
class Gen(Unk):
    """What ``torch.Generator()`` built in ``forward`` returns: a CPU generator, one per call."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(torch.Generator)"


_GEN_Q = frozenset({"torch.Generator", "torch._C.Generator"})
_MULTI_Q = frozenset(
    {"torch.autograd.graph.register_multi_grad_hook", "torch.autograd.register_multi_grad_hook"}
)


def _spread_whole(f: Any, e: ast.Call) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix38b import seen_whole

    return not spread(e) or seen_whole(f, e)


@hooks.after(214)  # crashgen39: ``torch.Generator()`` / ``torch.Generator("cpu")``
def generator_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import UNK

    if not _on(run.f) or out is not UNK or not isinstance(fv, Ext) or fv.qual not in _GEN_Q:
        return None
    if spread(e) or len(args) + len(kwargs) > 1 or set(kwargs) - {"device"}:
        return None
    dev = args[0] if args else kwargs.get("device", "cpu")
    return Gen() if dev == "cpu" else None


def _seed_error(v: Any) -> str | None:
    """torch's error for ``Generator.manual_seed(v)`` (torch 2.13: ``THPGenerator_manualSeed``
    takes a Python int only; out of the 64-bit range: ``Overflow when unpacking long long``)."""
    from driftcheck.parsers.source.values.dataflow_values import Tens

    kind = None
    if isinstance(v, Tens):
        kind = "Tensor"
    elif v.__class__ in (float, str, bool):
        kind = v.__class__.__name__
    elif v.__class__ is int and not -(2**63) <= v <= 2**64 - 1:
        return "ValueError: Overflow when unpacking long long"
    return None if kind is None else f"RuntimeError: manual_seed expected a long, but got {kind}"


@hooks.before(151)  # crashgen39: ``gen.manual_seed(seed)`` of a generator the pass holds
def seed_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward.dataflow_common import arg, receiver

    f = run.f
    if not _on(f) or fr is None or f.speculative or not isinstance(e.func, ast.Attribute):
        return
    if e.func.attr != "manual_seed" or not _spread_whole(f, e):
        return
    if len(args) + len(kwargs) != 1 or set(kwargs) - {"seed"}:
        return
    if not isinstance(receiver(run, e, fr), Gen):
        return
    err = _seed_error(arg(args, kwargs, 0, "seed"))
    if err is not None:
        f.crash(fr.loc(e), err)


@hooks.before(152)  # crashgen39: ``register_multi_grad_hook(ts, fn, mode=...)``
def multi_hook_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if not _on(f) or fr is None or f.speculative or not isinstance(fv, Ext):
        return
    if fv.qual not in _MULTI_Q or not _spread_whole(f, e):
        return
    if len(args) > 2 or set(kwargs) - {"tensors", "fn", "mode"} or "mode" not in kwargs:
        return
    mode = kwargs["mode"]
    if mode.__class__ is str and mode not in ("all", "any"):
        f.crash(fr.loc(e), f"ValueError: Expects mode to be one of ('all', 'any') but got {mode}")


# ---------------------------------------------------------------- schedulers and their optimizer
class SchedV(Unk):
    """What a torch LR scheduler built in ``forward`` returns where the pass had ``UNK``: one
    value per call, so the optimizer it was given (``_SCHEDS``) stays with it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(LR scheduler)"


_SCHEDS = "fix39a_scheds"  # id(scheduler value) -> (value, its Optim, class name)
_SCHED_MODS = ("torch.optim.lr_scheduler.", "torch.optim.swa_utils.")
_SCHED_NAMES = frozenset(
    {"LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR", "LinearLR",
     "ExponentialLR", "PolynomialLR", "CosineAnnealingLR", "CosineAnnealingWarmRestarts",
     "CyclicLR", "OneCycleLR", "ReduceLROnPlateau", "SWALR"}
)  # fmt: skip
_CHAIN_Q = "torch.optim.lr_scheduler.ChainedScheduler"
_SEQ_Q = "torch.optim.lr_scheduler.SequentialLR"


def _sched_name(fv: Any) -> str | None:
    from driftcheck.parsers.source.values.abstract import Ext

    if not isinstance(fv, Ext):
        return None
    for mod in _SCHED_MODS:
        if fv.qual.startswith(mod) and fv.qual[len(mod) :] in _SCHED_NAMES:
            return fv.qual[len(mod) :]
    return None


@hooks.after(215)  # crashgen39: a scheduler made in forward keeps the optimizer it was given
def sched_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    name = _sched_name(fv)
    if not _on(f) or name is None or not _spread_whole(f, e):
        return None
    opt = arg(args, kwargs, 0, "optimizer")
    if not isinstance(opt, Optim) or any(a is out for a in (*args, *kwargs.values())):
        return None
    if out is UNK:
        out = SchedV()
    elif not isinstance(out, Unk):
        return None
    f.run_state.setdefault(_SCHEDS, {})[id(out)] = (out, opt, name)
    return out


@hooks.before(153)  # crashgen39: ``ChainedScheduler([...])`` / ``SequentialLR(opt, [...], ..)``
def chain_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim
    from driftcheck.parsers.source.forward.dataflow_fix36b_data import _sure_list
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if not _on(f) or fr is None or f.speculative or not isinstance(fv, Ext):
        return
    if fv.qual not in (_CHAIN_Q, _SEQ_Q) or not _spread_whole(f, e):
        return
    known = f.run_state.get(_SCHEDS, {})
    if fv.qual == _CHAIN_Q:
        scheds, ref = arg(args, kwargs, 0, "schedulers"), arg(args, kwargs, 1, "optimizer")
    else:
        scheds, ref = arg(args, kwargs, 1, "schedulers"), arg(args, kwargs, 0, "optimizer")
    if not _sure_list(run, scheds) and scheds.__class__ is not tuple:
        return
    got = []
    for s in scheds:
        rec = known.get(id(s))
        got.append(rec if rec is not None and rec[0] is s else None)
    if fv.qual == _CHAIN_Q and ref is None and got and got[0] is not None:
        ref = got[0][1]  # ``optimizer or schedulers[0].optimizer``
    if not isinstance(ref, Optim):
        return
    cls = fv.qual.rsplit(".", 1)[-1]
    for i, rec in enumerate(got):
        if rec is None:
            continue
        if rec[2] == "ReduceLROnPlateau":
            msg = (f"ValueError: {cls} does not support `ReduceLROnPlateau` scheduler as it "
                   "requires additional kwargs to be specified when calling `step`, but got one "
                   f"at index {i} in the given schedulers sequence.")  # fmt: skip
        elif rec[1] is not ref:
            msg = (f"ValueError: {cls} expects all schedulers to belong to the same optimizer, "
                   f"but got scheduler {rec[2]} at index {i} has {rec[1].name} (another "
                   f"optimizer), which is different from {ref.name}.")  # fmt: skip
        else:
            continue
        f.crash(fr.loc(e), msg)
        return


# ---------------------------------------------------------------- einops.parse_shape
def _parse_shape_error(pattern: str, shape: tuple) -> str | None:
    """einops 0.8's ``parse_shape`` on a tensor of ``shape``'s rank: the number of axes of a
    pattern of plain names / ``_`` / one ``...`` must match (RuntimeError); other patterns are
    not judged."""
    import keyword

    names = pattern.split()
    if not names or any(n != "..." and not (n == "_" or n.isidentifier()) for n in names):
        return None
    if any(keyword.iskeyword(n) or (n.startswith("_") and n != "_") for n in names):
        return None  # (einops refuses some names itself: not judged)
    dots = names.count("...")
    if dots > 1:
        return None
    named = [n for n in names if n not in ("_", "...")]
    if len(named) != len(set(named)):
        return None
    rank = len(shape)
    dims = ", ".join(str(d) if isinstance(d, int) else "?" for d in shape)
    shown = f"({dims},)" if rank == 1 else f"({dims})"
    if dots == 0 and rank != len(names):
        return (f"RuntimeError: Can't parse shape with different number of dimensions: "
                f"{pattern} {shown}")  # fmt: skip
    if dots == 1 and rank < len(names) - 1:
        return f"RuntimeError: Can't parse shape with this number of dimensions: {pattern} {shown}"
    return None


@hooks.before(154)  # crashgen39: ``einops.parse_shape(t, pattern)`` of another rank
def parse_shape_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any):
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if not _on(f) or fr is None or f.speculative or not isinstance(fv, Ext):
        return
    if fv.qual != "einops.parse_shape" or not _spread_whole(f, e):
        return
    if len(args) + len(kwargs) != 2 or set(kwargs) - {"x", "pattern"}:
        return
    t, pattern = arg(args, kwargs, 0, "x"), arg(args, kwargs, 1, "pattern")
    if not isinstance(t, Tens) or not isinstance(t.shape, tuple) or pattern.__class__ is not str:
        return
    err = _parse_shape_error(pattern, t.shape)
    if err is not None:
        f.crash(fr.loc(e), err)
