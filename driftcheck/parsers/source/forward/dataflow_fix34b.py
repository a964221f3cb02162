"""Session 34 (crashfix34b) rules on real sizes: crash fresh26's dev misses and false blockers.

``from_attribute``: a comprehension over a container read from an object's attribute
(``[f.mean(1) for f in self.features.values()]``) is not a list the pass knows to be empty
when the container holds nothing at ``__init__``'s end: a forward hook, a method the pass does
not follow, or a write in ``forward`` itself (``self.features[i] = out``, which the pass does
not carry to later reads of the attribute) may have filled it, so ``torch.cat`` of it is no
certain crash (``dataflow_axes.made_empty``)."""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import receiver

# calls that keep a container's items (``d.values()``, ``list(xs)``, ``enumerate(xs)``)
_VIEW_METHODS = frozenset({"values", "keys", "items", "copy"})
_KEEP_BUILTINS = frozenset({"list", "tuple", "sorted", "reversed", "enumerate", "iter"})


def _root(e: ast.expr) -> ast.expr:
    for _ in range(8):
        if not isinstance(e, ast.Call):
            return e
        fn = e.func
        if isinstance(fn, ast.Attribute) and fn.attr in _VIEW_METHODS and not e.args:
            e = fn.value
        elif isinstance(fn, ast.Name) and fn.id in _KEEP_BUILTINS and len(e.args) == 1:
            e = e.args[0]
        else:
            return e
    return e


def from_attribute(ev: Any, it: ast.expr, fr: Any) -> bool:
    """Whether the comprehension's iterable ``it`` reads its items from a container that is an
    attribute (``self.features``, ``self.cache.values()``): its emptiness is not the pass's."""
    root = _root(it)
    if not isinstance(root, ast.Attribute):
        return False
    try:
        v = ev.eval(root, fr)
    except Exception:  # noqa: BLE001
        return True
    return isinstance(v, (dict, list, set, tuple))


_CONTAINERS = frozenset(
    {"Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict", "Container"}
)


def _pure(node: ast.expr) -> bool:
    """A name or a chain of attribute reads (evaluating it again runs no code of its own)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _torch_layer(q: str) -> str | None:
    """``torch.nn.Linear``: a torch layer class that is not iterable (not a container)."""
    from driftcheck.parsers.source.library.torchlib import _shipped_signatures

    if not isinstance(q, str) or not q.startswith("torch.nn.") or q.count(".") != 2:
        return None
    name = q.rsplit(".", 1)[-1]
    return name if q in _shipped_signatures() and name not in _CONTAINERS else None


def _plain_module_cls(run: Any, cls: Any) -> str | None:
    """A module class of the code's own that is no container and defines no ``__iter__``
    (torch's ``nn.Module`` is not iterable): its name, else None."""
    from driftcheck.parsers.source.interp import dunders
    from driftcheck.parsers.source.values.abstract import Cls, Ext

    interp = run.f.interp
    try:
        if not isinstance(cls, Cls) or not interp.classes.is_module_cls(cls):
            return None
        for c in cls.mro():
            if isinstance(c, Ext) and (
                c.qual.rsplit(".", 1)[-1] in _CONTAINERS or not c.qual.startswith("torch.nn.")
            ):
                if c.qual not in ("builtins.object",):
                    return None
            elif not isinstance(c, (Cls, Ext)):
                return None
        if dunders.source_method(interp, cls, "__iter__") is not None:
            return None
        if dunders.source_method(interp, cls, "__getitem__") is not None:
            return None  # old-style iteration: ``iter()`` of it works
    except Exception:  # noqa: BLE001
        return None
    return cls.name


def _one_module(run: Any, node: ast.expr, v: Any, fr: Any) -> str | None:
    """The class name when ``node`` (value ``v``) is surely one module that is not iterable:
    a torch layer or a plain module of the code's own, built right there or read."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if isinstance(v, Mod):
        obj = run.f.resolve(v.obj)
        if isinstance(obj, Leaf) and obj.torch:
            return _torch_layer(f"torch.nn.{obj.type}")
        if isinstance(obj, Obj) and obj.module and obj.kind is None and obj.cls is not None:
            return _plain_module_cls(run, obj.cls)
        return None
    if isinstance(node, ast.Call) and _pure(node.func):
        from driftcheck.parsers.source.values.abstract import Ext

        try:
            fv = run.eval(node.func, fr)
        except Exception:  # noqa: BLE001
            return None
        if isinstance(fv, Ext):
            return _torch_layer(fv.qual)
        return _plain_module_cls(run, fv)
    return None


def _container_kind(run: Any, node: ast.expr, fr: Any) -> str | None:
    """``self.blocks`` (a ModuleList ``__init__`` built) or ``nn.ModuleList()`` made right
    there: the container's kind, else None."""
    from driftcheck.parsers.source.values.abstract import Ext, Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if isinstance(node, ast.Call) and _pure(node.func):
        try:
            fv = run.eval(node.func, fr)
        except Exception:  # noqa: BLE001
            return None
        q = fv.qual if isinstance(fv, Ext) else ""
        kind = q.rsplit(".", 1)[-1]
        return kind if q == f"torch.nn.{kind}" and kind in ("ModuleList", "ModuleDict") else None
    if not _pure(node):
        return None
    try:
        v = run.eval(node, fr)
    except Exception:  # noqa: BLE001
        return None
    obj = run.f.resolve(v.obj) if isinstance(v, Mod) else None
    if isinstance(obj, Obj) and obj.cls is None and obj.kind in ("ModuleList", "ModuleDict"):
        return obj.kind
    return None


def _container_misuse(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``blocks.extend(Residual(d))`` / ``nn.ModuleList(Expert(d))`` (torch's
    ``ModuleList.extend`` takes an iterable: TypeError for one module) and
    ``heads.update([nn.Linear(..), ..])`` / ``nn.ModuleDict([nn.Linear(..)])`` (each item of a
    sequence must be a (key, module) pair: TypeError for a module)."""
    from driftcheck.parsers.source.values.abstract import Ext

    if len(e.args) != 1 or e.keywords or isinstance(e.args[0], ast.Starred) or len(args) != 1:
        return
    node, v = e.args[0], args[0]
    kind = None
    if isinstance(fv, Ext) and fv.qual in ("torch.nn.ModuleList", "torch.nn.ModuleDict"):
        kind, meth = fv.qual.rsplit(".", 1)[-1], "init"
    elif isinstance(e.func, ast.Attribute) and e.func.attr in ("extend", "update"):
        kind, meth = _container_kind(run, e.func.value, fr), e.func.attr
        if (kind, meth) not in (("ModuleList", "extend"), ("ModuleDict", "update")):
            return
    if kind is None:
        return
    if kind == "ModuleList":
        got = _one_module(run, node, v, fr)
        if got is not None:
            run.f.crash(
                fr.loc(e),
                f"TypeError: ModuleList.extend should be called with an iterable, but got {got}",
            )
        return
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts and isinstance(v, (list, tuple)):
        first = node.elts[0]
        if isinstance(first, ast.Starred) or not v:
            return
        got = _one_module(run, first, v[0], fr)
    elif isinstance(node, ast.ListComp) and len(node.generators) == 1:
        if not isinstance(v, list) or not v:
            return  # no item made: nothing is checked
        got = _one_module(run, node.elt, v[0], fr) if _pure_call(node.elt) else None
    else:
        got = _one_module(run, node, v, fr)
        if got is not None:
            run.f.crash(
                fr.loc(e),
                "TypeError: ModuleDict.update should be called with an iterable of key/value "
                f"pairs, but got {got}",
            )
        return
    if got is not None:
        run.f.crash(
            fr.loc(e),
            f"TypeError: ModuleDict update sequence element #0 should be Iterable; is{got}",
        )


def _pure_call(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and _pure(node.func)


# ---------------------------------------------------------------------- nn.init
_LINEAR_GAINS = frozenset(
    {"linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
     "conv_transpose3d", "sigmoid", "tanh", "relu", "leaky_relu", "selu"}
)  # fmt: skip
# what torch's init function first reads of its tensor (an AttributeError for None)
_NONE_ATTR = {
    "zeros_": "zero_", "ones_": "fill_", "constant_": "fill_", "normal_": "normal_",
    "uniform_": "uniform_", "eye_": "ndimension", "dirac_": "ndimension",
    "orthogonal_": "ndimension", "sparse_": "ndimension", "xavier_uniform_": "dim",
    "xavier_normal_": "dim", "kaiming_uniform_": "shape", "kaiming_normal_": "shape",
}  # fmt: skip
_POS = {
    "orthogonal_": ("tensor", "gain"),
    "xavier_uniform_": ("tensor", "gain"),
    "xavier_normal_": ("tensor", "gain"),
    "kaiming_uniform_": ("tensor", "a", "mode", "nonlinearity"),
    "kaiming_normal_": ("tensor", "a", "mode", "nonlinearity"),
    "calculate_gain": ("nonlinearity", "param"),
}
_ABSENT = object()


def _param(name: str, fn: str, args: list, kwargs: dict) -> Any:
    pos = _POS.get(fn, ("tensor",))
    if name in kwargs:
        return kwargs[name]
    i = pos.index(name) if name in pos else -1
    return args[i] if 0 <= i < len(args) else _ABSENT


def _rank(t: Any) -> int | None:
    from driftcheck.parsers.source.values.dataflow_values import Tens

    shape = t.shape if isinstance(t, Tens) else None
    return len(shape) if isinstance(shape, tuple) else None


def _gain_error(nl: Any) -> str | None:
    if isinstance(nl, str) and nl not in _LINEAR_GAINS:
        return f"ValueError: Unsupported nonlinearity {nl}"
    return None


def init_error(fn: str, args: list, kwargs: dict, none_ok: bool) -> str | None:
    """What ``torch.nn.init.<fn>(...)`` raises on these arguments (torch 2.x's
    ``torch/nn/init.py``), or None where it does not or the pass cannot tell. ``none_ok``:
    a None tensor argument is certain (read from a layer torch gives None)."""
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if fn == "calculate_gain":
        return _gain_error(_param("nonlinearity", fn, args, kwargs))
    t = _param("tensor", fn, args, kwargs)
    if t is None and none_ok and fn in _NONE_ATTR:
        return f"AttributeError: 'NoneType' object has no attribute '{_NONE_ATTR[fn]}'"
    nd = _rank(t)
    if nd is None:
        return None
    if fn in ("eye_", "sparse_") and nd != 2:
        return "ValueError: Only tensors with 2 dimensions are supported"
    if fn == "dirac_" and nd not in (3, 4, 5):
        return "ValueError: Only tensors with 3, 4, or 5 dimensions are supported"
    fans = (
        "ValueError: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions"
    )
    if fn == "orthogonal_":
        if nd < 2:
            return "ValueError: Only tensors with 2 or more dimensions are supported"
        gain = _param("gain", fn, args, kwargs)
        sizes = t.shape if isinstance(t, Tens) else None
        if isinstance(gain, str) and all(isinstance(d, int) and d > 0 for d in sizes):
            return "TypeError: mul_(): argument 'other' (position 1) must be Tensor, not str"
        return None
    if fn in ("xavier_uniform_", "xavier_normal_"):
        if nd < 2:
            return fans
        gain = _param("gain", fn, args, kwargs)
        if isinstance(gain, str):
            return "TypeError: can't multiply sequence by non-int of type 'float'"
        return None
    if fn in ("kaiming_uniform_", "kaiming_normal_"):
        if not all(isinstance(d, int) and d > 0 for d in t.shape):
            return None  # ``0 in tensor.shape``: a no-op
        mode = _param("mode", fn, args, kwargs)
        if isinstance(mode, str) and mode.lower() not in ("fan_in", "fan_out"):
            return (
                f"ValueError: Mode {mode.lower()} not supported, please use one of "
                "['fan_in', 'fan_out']"
            )
        if mode is not _ABSENT and not isinstance(mode, str):
            return None
        if nd < 2:
            return fans
        nl = _param("nonlinearity", fn, args, kwargs)
        return _gain_error("leaky_relu" if nl is _ABSENT else nl)
    return None


def _init_misuse(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    q = fv.qual if isinstance(fv, Ext) else ""
    if not q.startswith("torch.nn.init.") or q.count(".") != 3:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    fn = q.rsplit(".", 1)[-1]
    first = e.args[0] if e.args else next((k.value for k in e.keywords if k.arg == "tensor"), None)
    err = init_error(fn, args, kwargs, _none_layer_attr(run, first, fr))
    if err is not None:
        run.f.crash(fr.loc(e), err)


def _none_layer_attr(run: Any, node: Any, fr: Any) -> bool:
    """``m.bias`` / ``self.norm.weight``: an attribute a torch layer holds as None (the pass
    returns None for it only where the layer was built so), read right in the call."""
    return isinstance(node, ast.Attribute) and node.attr in ("weight", "bias") and _pure(node)


# ---------------------------------------------------------------------- Module.apply
def _apply_order(run: Any, obj: Any, out: list, depth: int) -> bool:
    """torch's ``Module.apply(fn)``: ``for m in self.children(): m.apply(fn)`` then
    ``fn(self)`` (each level's children without repeats). False where the tree is not
    fully known (an unresolved part, a child that is no module the pass read)."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    obj = run.f.resolve(obj)
    if depth > 32 or not isinstance(obj, (Obj, Leaf)) or getattr(obj, "unresolved", None):
        return False
    if isinstance(obj, Obj):
        if not obj.module:
            return False
        seen: set[int] = set()
        for c in obj.children.values():
            if c is None:
                continue
            c2 = run.f.resolve(c)
            if id(c2) in seen:
                continue
            seen.add(id(c2))
            if not _apply_order(run, c2, out, depth + 1):
                return False
    out.append(obj)
    return True


def _apply(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``self.apply(self._init)`` in forward (a lazy first-call init), not followed otherwise
    (``fv`` unknown): the function is run on every module of a tree ``__init__`` built, in
    torch's order, so what it raises (``nn.init.zeros_(m.bias)`` of a layer built without a
    bias) is seen. Off with ``DRIFTCHECK_NO_APPLY34=1``."""

    from driftcheck.parsers.source.values.abstract import Func, Unknown
    from driftcheck.parsers.source.values.dataflow_values import Mod, UserFunc

    if run.f.switches.get("DRIFTCHECK_NO_APPLY34"):
        return
    if not isinstance(e.func, ast.Attribute) or e.func.attr != "apply" or kwargs:
        return
    if len(args) != 1 or len(e.args) != 1 or not _pure(e.func.value):
        return
    if not isinstance(fv, Unknown) and fv.__class__.__name__ not in ("Unk",):
        return
    fn = args[0]
    if not (isinstance(fn, (UserFunc, Func)) or hasattr(fn, "local_def")):
        return
    try:
        recv = receiver(run, e, fr)
    except Exception:  # noqa: BLE001
        return
    if not isinstance(recv, Mod):
        return
    root = run.f.resolve(recv.obj)
    cls = getattr(root, "cls", None)
    if cls is not None:
        from driftcheck.parsers.source.interp import dunders

        try:
            if dunders.source_method(run.f.interp, cls, "apply") is not None:
                return  # the code's own ``apply``
        except Exception:  # noqa: BLE001
            return
    order: list = []
    if not _apply_order(run, root, order, 0) or len(order) > 256:
        return
    before = len(run.f.crashes)
    for m in order:
        run.calls.call_value(fn, [Mod(m)], {}, fr, e)
        if len(run.f.crashes) > before:
            return


def module_isinstance(run: Any, args: list, kwargs: dict) -> Any:
    """``isinstance(m, nn.Linear)`` in forward for a module ``__init__`` built (``Mod``) and a
    class or tuple of classes: the ``__init__`` interpreter's answer (``Items.isinstance``,
    which knows torch's layer classes and the code's own), None where it has none (the
    caller keeps its unknown). Off with ``DRIFTCHECK_NO_MODISINST34=1``."""

    from driftcheck.parsers.source.values.abstract import Cls, Ext
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if run.f.switches.get("DRIFTCHECK_NO_MODISINST34") or kwargs or len(args) != 2:
        return None
    x, t = args
    if not isinstance(x, Mod):
        return None
    ts = t if isinstance(t, tuple) else (t,)
    if not ts or not all(isinstance(c, (Ext, Cls)) for c in ts):
        return None
    items = getattr(run.f.interp, "items", None)
    if items is None:
        return None
    try:
        got = items.isinstance(run.f.resolve(x.obj), t)
    except Exception:  # noqa: BLE001
        return None
    return got if isinstance(got, bool) else None


# ---------------------------------------------------------------------- torch.nn.utils.prune
_PRUNE = "torch.nn.utils.prune."
_PRUNE_FNS = frozenset(
    {"random_unstructured", "l1_unstructured", "random_structured", "ln_structured"}
)
_STRUCTURED_DIM = {"random_structured": 3, "ln_structured": 4}


def amount_error(amount: Any) -> str | None:
    """torch's ``_validate_pruning_amount_init``: a float outside [0, 1] or a negative int is
    a ValueError (a bool is an int to it); None where the amount is fine or not a plain
    number the pass knows."""
    if amount.__class__ not in (int, float, bool):
        return None
    integral = amount.__class__ in (int, bool)
    if (integral and amount < 0) or (not integral and not 0.0 <= amount <= 1.0):
        return (
            f"ValueError: amount={amount} should either be a float in the range [0, 1] or a "
            "non-negative integer"
        )
    return None


def _prune_misuse(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``prune.l1_unstructured(fc, "weight", amount=50.0)`` (a percentage), a negative rate,
    ``global_unstructured(..., amount=1.2)``: torch validates the amount first; an int amount
    above the tensor's size (its size along ``dim`` for the structured methods) is a
    ValueError when the mask is computed."""
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Mod, Tens

    q = fv.qual if isinstance(fv, Ext) else ""
    if not q.startswith(_PRUNE) or q.count(".") != 4:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    fn = q[len(_PRUNE) :]
    if fn == "global_unstructured":
        err = amount_error(kwargs.get("amount"))
        if err is not None:
            run.f.crash(fr.loc(e), err)
        return
    if fn not in _PRUNE_FNS:
        return
    amount = args[2] if len(args) > 2 else kwargs.get("amount")
    err = amount_error(amount)
    if err is not None:
        run.f.crash(fr.loc(e), err)
        return
    if amount.__class__ is not int:
        return
    mod = args[0] if args else kwargs.get("module")
    name = args[1] if len(args) > 1 else kwargs.get("name")
    if not isinstance(mod, Mod) or not isinstance(name, str):
        return
    from driftcheck.parsers.source.values.abstract import Leaf

    if not isinstance(run.f.resolve(mod.obj), Leaf):
        return
    try:
        t = run.attr(mod, name, fr)
    except Exception:  # noqa: BLE001
        return
    shape = t.shape if isinstance(t, Tens) else None
    if not isinstance(shape, tuple) or not all(isinstance(d, int) for d in shape):
        return
    if fn in _STRUCTURED_DIM:
        k = _STRUCTURED_DIM[fn]
        dim = args[k] if len(args) > k else kwargs.get("dim")
        if dim.__class__ is not int or not -len(shape) <= dim < len(shape):
            return
        size = shape[dim]
    else:
        size = 1
        for d in shape:
            size *= d
    if amount > size:
        run.f.crash(
            fr.loc(e),
            f"ValueError: amount={amount} should be smaller than the number of parameters to "
            f"prune={size}",
        )


# ---------------------------------------------------------------------- clip / load_state_dict
_CLIPS = frozenset(
    {"torch.nn.utils.clip_grad_norm_", "torch.nn.utils.clip_grad.clip_grad_norm_",
     "torch.nn.utils.clip_grad_norm", "torch.nn.utils.clip_grad.clip_grad_norm",
     "torch.nn.utils.get_total_norm", "torch.nn.utils.clip_grad.get_total_norm"}
)  # fmt: skip


def _clip_norm_type(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``clip_grad_norm_(params, 1.0, norm_type="l2")``: torch reads ``float(norm_type)``
    whatever the gradients (ValueError for a name Python's float does not parse; ``"inf"``
    parses)."""
    from driftcheck.parsers.source.values.abstract import Ext

    q = fv.qual if isinstance(fv, Ext) else ""
    if q not in _CLIPS:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    k = 1 if q.endswith("get_total_norm") else 2
    nt = args[k] if len(args) > k else kwargs.get("norm_type")
    if nt.__class__ is not str:
        return
    try:
        float(nt)
    except ValueError:
        run.f.crash(fr.loc(e), f"ValueError: could not convert string to float: {nt!r}")


def _load_not_mapping(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``model.load_state_dict(other_model)`` / ``(list(sd.values()))``: torch's
    ``Module.load_state_dict`` first checks ``isinstance(state_dict, Mapping)`` (TypeError).
    Judged for a module the code does not give its own ``load_state_dict``."""
    from driftcheck.parsers.source.interp import dunders
    from driftcheck.parsers.source.values.abstract import Leaf, Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if not isinstance(e.func, ast.Attribute) or e.func.attr != "load_state_dict":
        return
    if not _pure(e.func.value) or len(e.args) + len(e.keywords) < 1:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    sd = args[0] if args else kwargs.get("state_dict", _ABSENT)
    if isinstance(sd, Mod):
        what = "a module"
    elif sd.__class__ in (list, tuple, str, int, float):
        what = sd.__class__.__name__
    else:
        what = _made_sequence(run, e.args[0] if e.args else None, fr)
        if what is None:
            return
    try:
        recv = receiver(run, e, fr)
    except Exception:  # noqa: BLE001
        return
    obj = run.f.resolve(recv.obj) if isinstance(recv, Mod) else None
    if isinstance(obj, Leaf):
        if not obj.torch:
            return
    elif isinstance(obj, Obj) and obj.module:
        try:
            if obj.cls is not None and dunders.source_method(
                run.f.interp, obj.cls, "load_state_dict"
            ):
                return
        except Exception:  # noqa: BLE001
            return
        if obj.cls is not None and not dunders.own_code(obj.cls):
            return
    else:
        return
    run.f.crash(fr.loc(e), f"TypeError: Expected state_dict to be dict-like, got {what}.")


def _made_sequence(run: Any, node: Any, fr: Any) -> str | None:
    """``[...]``, ``(...)``, a list comprehension, ``list(...)`` / ``tuple(...)`` /
    ``sorted(...)`` of the builtins: a list or tuple whatever its items."""
    from driftcheck.parsers.source.values.abstract import Ext

    if isinstance(node, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(node, ast.Tuple):
        return "tuple"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        try:
            fv = run.eval(node.func, fr)
        except Exception:  # noqa: BLE001
            return None
        q = fv.qual if isinstance(fv, Ext) else ""
        if q in ("builtins.list", "builtins.sorted"):
            return "list"
        if q == "builtins.tuple":
            return "tuple"
    return None


# ---------------------------------------------------------------------- old norm hooks twice
def _old_norm(q: str) -> str | None:
    """``weight_norm`` / ``spectral_norm`` (and their ``remove_``) of the old hook API
    (``torch.nn.utils.weight_norm``), not ``torch.nn.utils.parametrizations``'s."""
    if not q.startswith("torch.nn.utils.") or q.startswith("torch.nn.utils.parametrizations."):
        return None
    last = q.rsplit(".", 1)[-1]
    return last if last in ("weight_norm", "spectral_norm") else None


_LOST = "_driftcheck_reparam_lost"  # on the interpreter: a reparametrization of a module not read
_UNSURE = "_driftcheck_reparam_unsure"  # attribute on a Leaf / Obj: names reparametrized
# under a condition the ``__init__`` interpreter could not decide (or of unknown arguments)


def reparam_unsure(c: Any, got: Any, name: Any) -> None:
    """Called by ``library/torchfns._reparam`` for every ``weight_norm`` / ``spectral_norm``
    in ``__init__``: remember a tensor name whose hook may or may not be there."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj, plain

    lib = c.interp
    mod = plain(c.args[0]) if c.args else plain(c.kwargs.get("module"))
    if not isinstance(mod, (Leaf, Obj)):
        try:
            setattr(lib, _LOST, True)  # a module not read: which one holds a hook is not known
        except Exception:  # noqa: BLE001
            pass
        return
    if getattr(lib, "uncertain", None) or not isinstance(name, str):
        names = getattr(mod, _UNSURE, None)
        if names is None:
            names = set()
            setattr(mod, _UNSURE, names)
        names.add(name if isinstance(name, str) else "*")


def _none_lost(run: Any, done: dict) -> bool:
    """No ``weight_norm`` / ``spectral_norm`` was given a module the pass could not read, in
    ``__init__`` (``reparam_unsure``) or forward: a layer without a record surely has no hook."""
    return "lost" not in done and not getattr(run.f.interp, _LOST, False)


def _norm_twice(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``nn.utils.weight_norm(self.pre)`` in forward on a layer ``__init__`` (or forward
    before) already gave that old-API hook for the same name: torch's ``WeightNorm.apply`` /
    ``SpectralNorm.apply`` raise RuntimeError ("Cannot register two weight_norm hooks on the
    same parameter weight"). ``__init__``'s applications are read from the record
    ``library/torchsurgery.record`` keeps (removals drop it); forward's are counted here
    outside speculative code, and a removal in forward forgets them."""
    from driftcheck.parsers.source.library.torchsurgery import _RECORD
    from driftcheck.parsers.source.values.abstract import Ext, Leaf
    from driftcheck.parsers.source.values.dataflow_values import Mod

    q = fv.qual if isinstance(fv, Ext) else ""
    rm = q.rsplit(".", 1)[-1].startswith("remove_")
    kind = _old_norm(q.replace(".remove_", ".")) if rm else _old_norm(q)
    if kind is None:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    mod = args[0] if args else kwargs.get("module")
    name = args[1] if len(args) > 1 else kwargs.get("name", "weight")
    leaf = run.f.resolve(mod.obj) if isinstance(mod, Mod) else None
    done = run.f.run_state.setdefault("fix34b_norms", {})
    if not isinstance(leaf, Leaf) or not isinstance(name, str):
        if not isinstance(mod, Mod):
            # a module the pass cannot name: any layer may have got a hook (``lost``) or, for
            # a removal, lost one (``rm_lost``: a second application is no longer certain)
            done["rm_lost" if rm else "lost"] = -1
        return
    key = (id(leaf), name, kind)
    unsure = getattr(leaf, _UNSURE, None) or ()
    if name in unsure or "*" in unsure or leaf.unresolved:
        done[key] = -1
        return  # applied in ``__init__`` under an undecided condition: may or may not be
    kinds = getattr(leaf, _RECORD, {}).get(name) or []
    in_init = [k for k in kinds if _old_norm(k) == kind]
    had = done.get(key, 0)
    if rm:
        if not in_init and had == 0 and not run.f.speculative and _none_lost(run, done):
            run.f.crash(fr.loc(e), f"ValueError: {kind} of '{name}' not found in {leaf.type}")
        done[key] = -1  # removed (or a crash elsewhere): no longer counted
        return
    if had == -1:
        return
    if run.f.speculative:
        done[key] = -1  # applied or not: neither judged from now on
        return
    if (in_init or had > 0) and "rm_lost" not in done:
        run.f.crash(
            fr.loc(e),
            f"RuntimeError: Cannot register two {kind} hooks on the same parameter {name}",
        )
        return
    done[key] = had + 1


# ---------------------------------------------------------------------- hook arity
def hook_arity(run: Any, obj: Any, loc: Any) -> bool:
    """``m(x)`` of a module with hooks registered in ``__init__`` (``interp/fwdhooks``): torch
    calls a forward hook ``hook(module, args, output)`` (``hook(module, args, kwargs,
    output)`` with ``with_kwargs=True``) and a pre-hook ``hook(module, args)`` (``(module,
    args, kwargs)``), all positionally: a function of the code's own that cannot take that
    many positional arguments (or needs more) is CPython's TypeError. True when it crashed."""
    from driftcheck.parsers.source.interp.fwdhooks import hooks_of
    from driftcheck.parsers.source.values.abstract import Func

    for h in hooks_of(obj):
        fn = h.fn
        if h.conds or not isinstance(fn, Func) or fn.is_classmethod:
            continue
        a = fn.node.args
        if a.vararg is not None:
            continue
        pos = [*a.posonlyargs, *a.args]
        bound = fn.bound is not None and not fn.is_static
        take = len(pos) - (1 if bound else 0)
        need = take - len(a.defaults)
        kwonly_needed = any(d is None for d in a.kw_defaults)
        given = (2 if h.pre else 3) + (1 if h.with_kwargs else 0)
        if given > take or given < need or kwonly_needed:
            name = fn.name + "()"
            run.f.crash(
                loc,
                f"TypeError: {name} takes {len(pos)} positional arguments but "
                f"{given + (1 if bound else 0)} were given",
            )
            return True
    return False


@hooks.before(100)  # ``prune.remove(m, n)``
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Before a call in forward on real sizes (``Calls.call_expr``)."""
    if run.f.input_shape is None:
        return
    _container_misuse(run, e, fv, args, kwargs, fr)
    _init_misuse(run, e, fv, args, kwargs, fr)
    _apply(run, e, fv, args, kwargs, fr)
    _prune_misuse(run, e, fv, args, kwargs, fr)
    _clip_norm_type(run, e, fv, args, kwargs, fr)
    _load_not_mapping(run, e, fv, args, kwargs, fr)
    _norm_twice(run, e, fv, args, kwargs, fr)
