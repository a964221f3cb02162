"""Attributes, subscripts, operators and value conversion for the forward() interpreter.

Module attributes read the objects the ``__init__`` interpreter built (children, parameters,
constants), so ``self.n_head`` is the number the graph was built with. Tensor operators become
catalogue op nodes (``x + y`` -> ``Add``); operators with a plain number (``x * 0.5``) keep the
tensor's producer, as they keep its shape.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source.forward import (
    dataflow_argtypes,
    dataflow_grown,
    dataflow_keywords,
    dataflow_libvals,
    dataflow_modargs,
)
from driftcheck.parsers.source.forward import dataflow_torch as torchops
from driftcheck.parsers.source.forward.dataflow_common import (
    missing_dim_error,
    numpy_aliases,
    numpy_keyword_error,
)
from driftcheck.parsers.source.forward.dataflow_namedrow import NamedRow
from driftcheck.parsers.source.sizes import SIZE_LIMIT
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Config,
    Ext,
    Func,
    Leaf,
    Obj,
    Sourced,
    SymBase,
    Tensor,
    Unknown,
    WeightRef,
    container_values,
)
from driftcheck.parsers.source.values.dataflow_values import (
    UNK,
    Bound,
    CfgV,
    Mod,
    Multi,
    ShapeOf,
    Sym,
    Tens,
    UnkNum,
    UserFunc,
    is_int,
)

SEQUENCES = ("ModuleList", "Sequential")
# ``str`` methods ``forward`` may call on a known string (a child's name filtered by prefix):
# pure, their result a plain value
STR_METHODS = frozenset(
    {"startswith", "endswith", "split", "rsplit", "partition", "rpartition", "strip",
     "lstrip", "rstrip", "lower", "upper", "replace", "isdigit", "isalpha", "removeprefix",
     "removesuffix"}
)  # fmt: skip
# list methods that change the list in place (``append``/``extend`` have their own branch)
LIST_MUTATORS = ("pop", "reverse", "clear", "insert", "sort", "remove")
_TENSOR_BINOPS = {
    ast.Add: "Add",
    ast.Sub: "Sub",
    ast.Mult: "Mul",
    ast.Div: "Div",
    ast.MatMult: "MatMul",
}


@dataclass(eq=False)
class Local:
    """A function defined inside forward (a closure over the frame it was defined in)."""

    node: ast.FunctionDef
    frame: Any
    local_def: bool = True


@dataclass(eq=False)
class Pieces:
    """``x.split(n)`` / ``x.chunk(k)``: pieces of equal shape, all from one op node (on real
    sizes, how many and where: unpacking into another number of names raises)."""

    t: Tens
    count: int | None = None
    loc: Any = None
    last: tuple | None = None  # on real sizes, an uneven cut's last piece (else the op's)
    shapes: tuple | None = None  # on real sizes, every piece's shape (``tensor_split``)

    def items(self) -> list[Tens]:
        """The pieces, when their number is known: the last one of an uneven cut is shorter
        than the op's (``chunk(3)`` of 8 is 3, 3, 2), a shape-only tensor of its own size."""
        if self.shapes is not None:
            return [Tens(None, s) for s in self.shapes]
        n = self.count or 0
        out = [Tens(self.t.src, self.t.shape) for _ in range(n)]
        if out and self.last is not None:
            out[-1] = Tens(None, self.last)
        return out


# ---------------------------------------------------------------------- conversion
def convert(run: Any, v: Any, depth: int = 0) -> Any:
    """An ``__init__``-interpreter value as a dataflow value."""
    if isinstance(v, SymBase):
        return v.hole()  # a traced config number: a number that keeps its expression
    while isinstance(v, Sourced):
        v = v.value
    if isinstance(v, (int, float, str, bool, type(None))):
        return v
    if isinstance(v, (Leaf, Obj)):  # a plain object (a dataclass config) reads like a module
        return Mod(v)
    if hasattr(v, "nt") and depth < 4:  # a namedtuple (forward/dataflow_namedrow.py)
        from driftcheck.parsers.source.forward import dataflow_namedrow

        row = dataflow_namedrow.from_value(v, lambda x: convert(run, x, depth + 1))
        if row is not None:
            return row
    if isinstance(v, (tuple, list)) and depth < 4:
        items = [convert(run, x, depth + 1) for x in v[:4096]]
        return tuple(items) if isinstance(v, tuple) else items
    if isinstance(v, dict) and depth < 4:
        out = {k: convert(run, x, depth + 1) for k, x in list(v.items())[:4096]}
        if v.__class__ is not dict or len(v) > 4096:  # a ``defaultdict`` / ``Counter``: its
            run.f.run_state.setdefault("fix32b_not_plain", {})[id(out)] = out  # missing keys
        return out
    if isinstance(v, Config):
        return CfgV(v)
    if isinstance(v, (Ext, Cls)):
        return v
    if isinstance(v, Func):
        return UserFunc(v)
    if isinstance(v, Tensor):  # on real sizes a buffer's shape is known (a causal mask)
        if run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_args

            return dataflow_args.buffer_dtype(run.f, v, Tens.view_of(v, True))
        return Tens.view_of(v, False)
    if isinstance(v, WeightRef):
        return Tens(None)
    if isinstance(v, Unknown):
        return UNK
    if dataflow_libvals.is_library_value(v):  # ``cp["model"]`` (forward/dataflow_libvals.py)
        return dataflow_libvals.LibVal(v)
    return UNK


# ---------------------------------------------------------------------- attributes
# ``math.pi`` / ``np.pi`` / ``torch.pi`` and friends: plain floats
_PI_E_INF = {"pi": math.pi, "e": math.e, "inf": math.inf}
_MATH_CONSTANTS = {"math": {**_PI_E_INF, "tau": math.tau}, "numpy": _PI_E_INF, "torch": _PI_E_INF}


def attribute(run: Any, v: Any, name: str, fr: Any) -> Any:
    if isinstance(v, Mod):
        return module_attr(run, v, name)
    if isinstance(v, Tens):
        if run.f.input_shape is not None and name in DIST_PROPERTIES:
            from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens

            if isinstance(v, DistTens):  # ``d.mean``: a property of a distribution
                return Tens(None) if name in DIST_TENSORS else UNK
        if name == "shape":
            return ShapeOf(v)
        if name in ("ndim",):
            return len(v.shape) if v.shape is not None else UNK
        if name in ("itemsize", "nbytes") and run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix25

            return dataflow_fix25.tensor_attr(run.f, v, name)  # ints
        if name == "dtype" and run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix32

            return dataflow_fix32.dtype_attr(run.f, v)  # ``x.to(y.dtype)``: y's when certain
        if name == "grad" and run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix32

            return dataflow_fix32.grad_attr(run.f, v)  # a parameter's ``.grad``: None at first
        if name in ("dtype", "device", "is_cuda", "requires_grad", "data", "grad"):
            return UNK if name != "data" else Tens(v.src, v.shape)
        if name in ("T", "mT"):
            rank = len(v.shape) if isinstance(v.shape, tuple) else None
            if name == "T" and rank is not None and rank != 2:
                # ``x.T`` reverses every dim (torch: a 3-D ``x.T`` is ``permute(2, 1, 0)``, a
                # 1-D one itself); only a matrix's is its last two dims swapped
                how, args = "permute", [list(reversed(range(rank)))]
            else:
                how, args = "transpose", [-2, -1]
            out = torchops.method(run, v, how, args, {}, fr, None)
            if run.f.input_shape is not None:  # the dtype facts a transpose keeps
                from driftcheck.parsers.source.forward import dataflow_dtype_ops, dataflow_fix25

                dataflow_dtype_ops.after_method(run.f, v, how, args, {}, out, None)
                dataflow_fix25.width_method(run.f, v, how, args, {}, out)
            _transposed_table(run, v, out)
            return out
        return Bound(v, name)
    if isinstance(v, Ext):
        if name in _MATH_CONSTANTS.get(v.qual, {}):
            # ``p * f * math.pi``: a number (an Ext there made the product unknown on real
            # sizes: a Linear mismatch after a positional encoding went unseen)
            return _MATH_CONSTANTS[v.qual][name]
        return Ext(f"{v.qual}.{name}")
    if isinstance(v, CfgV):
        try:
            return convert(run, run.f.interp.configs.config_attr(v.cfg, name, None))
        except Exception:  # noqa: BLE001
            return UNK
    if isinstance(v, torchops.Super):
        return torchops.super_attr(run, v, name)
    if isinstance(v, dict):
        if name in ("get", "items", "keys", "values", "pop", "setdefault", "update"):
            return Bound(v, name)
        return v.get(name, UNK)
    if isinstance(v, dataflow_libvals.LibVal):
        got = dataflow_libvals.attribute(v, name, lambda x: convert(run, x))
        return UNK if got is None else got
    if isinstance(v, NamedRow) and name in v.fields:
        return v.field(name)[1]  # ``HP.window`` of a namedtuple (forward/dataflow_namedrow.py)
    if isinstance(v, tuple) and name in ("values", "indices"):
        from driftcheck.parsers.source.forward.dataflow_axes import NamedPair

        if isinstance(v, NamedPair):  # ``x.max(-1).values``: torch's named pair
            return v.field(name)
    if isinstance(v, (list, tuple)) and name in ("append", "extend", "index", "count"):
        return Bound(v, name)
    if v.__class__ is str and name in STR_METHODS:
        return Bound(v, name)
    if isinstance(v, list) and name in LIST_MUTATORS:
        return Bound(v, name)
    if isinstance(v, ShapeOf) and name in ("numel",):
        return Bound(v, name)
    if isinstance(v, Cls):
        try:
            ok, x, _ = run.f.interp.classes.mro_attr(v, name)
        except Exception:  # noqa: BLE001
            return UNK
        return convert(run, x) if ok else UNK
    return UNK


# properties of ``torch.distributions.Distribution`` (no method: ``d.mean`` is a tensor;
# asked of torch in tests/test_crash32c.py) and those that are tensors
DIST_PROPERTIES = frozenset(
    {"mean", "mode", "variance", "stddev", "batch_shape", "event_shape", "support",
     "arg_constraints"}
)  # fmt: skip
DIST_TENSORS = frozenset({"mean", "mode", "variance", "stddev"})


def _own(item: Any, obj: Obj) -> Obj:
    """The module object ``item`` is where ``obj`` is the graph's node for it (identical items
    of a ModuleList / Sequential are folded into the first): torch holds its own children and
    parameters per item. ``obj`` itself where ``item`` is no module object of the same shape."""
    if item is obj or not isinstance(item, Obj) or list(item.children) != list(obj.children):
        return obj
    return item if set(item.params) == set(obj.params) else obj


def module_attr(run: Any, m: Mod, name: str) -> Any:
    obj = run.f.resolve(m.obj)
    if isinstance(obj, Leaf):
        from driftcheck.parsers.source.forward import dataflow_fix31b

        if name in dataflow_fix31b.NONE_ATTRS and dataflow_fix31b.leaf_none(run, obj, name):
            return None  # ``nn.BatchNorm2d(c, track_running_stats=False).running_var``
        if name == "bias":
            from driftcheck.parsers.source.forward import dataflow_fix30b

            if dataflow_fix30b.bias_none(run, obj, name):
                return None  # ``nn.Conv2d(..., bias=False).bias``: torch holds None
        if name in obj.params:
            return convert(run, obj.params[name])
        if name in ("weight", "bias"):
            run.f.queries.mark_weights_read(obj)
            t = Tens(None)
            if run.f.input_shape is not None:  # on real sizes, the catalogue's shape
                from driftcheck.parsers.source.forward import dataflow_args

                t = Tens(None, dataflow_args.leaf_tensor_shape(run, obj, name))
            from driftcheck.parsers.source.forward import dataflow_fix30b

            dataflow_fix30b.lazy_weight(run, obj, name, t)  # ``lazy.weight`` before its call
            nid = run.f.nid(obj) if name == "weight" and obj.type == "Embedding" else None
            if nid is not None:  # a table's rows, which ``F.linear`` may use as a head
                run.f.table_weights[id(t)] = (nid, t)
            if run.f.input_shape is not None:
                from driftcheck.parsers.source.forward import dataflow_fix32

                # keyed by the item itself: a folded repeat item has its own Parameter
                dataflow_fix32.param_read(run.f, ("leaf", id(m.obj), name), t)  # a Parameter
            return t
        if name == "forward":
            return Mod(obj)
        if run.f.input_shape is not None and name in ("running_mean", "running_var"):
            from driftcheck.parsers.source.forward import dataflow_args

            shape = dataflow_args.leaf_tensor_shape(run, obj, name)
            return Tens(None, shape) if shape is not None else UNK
        if name == "generate_square_subsequent_mask" and obj.torch == "torch.nn.Transformer":
            return Bound(Mod(obj), name)  # see call_bound
        if run.f.input_shape is not None and name in _TENSOR_LISTS:
            return Bound(Mod(m.obj), name)  # ``self.fc.parameters()``: dataflow_params
        if run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_args

            got = dataflow_args.leaf_default(run, obj, name)
            return got if got is not None else UNK
        return UNK
    if not isinstance(obj, Obj):
        return UNK
    dataflow_grown.attr_read(run.f, obj, name)  # ``self.experts.update(...)`` follows
    if run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_fix28b

        hit, got = dataflow_fix28b.read(run.f, obj, name)  # ``forward`` wrote it earlier
        if hit:
            return got
    if run.f.input_shape is not None and obj.module and not obj.cls:
        if obj.kind == "ModuleDict" and name == "update":
            return Bound(Mod(m.obj), name)  # see call_bound: its names are checked
    if obj.kind == "ModuleDict" and obj.cls is None:
        # the graph's pass too: ``for layer in self.encoder.values()`` runs every layer, in
        # order, as a ``ModuleList`` loop does (a ModuleDict of layers keyed ``layers_{i}``)
        if name in ("values", "items", "keys") and name not in obj.children:
            return Bound(Mod(m.obj), name)  # see call_bound
    if name == "training":
        return False  # inference: the path shape checks and torch's eval() take
    if name in obj.children:
        c = _own(m.obj, obj).children.get(name, obj.children[name])
        return Mod(c) if c is not None else None
    if name in obj.params:
        t = param_tensor(run, obj, name)
        # (a module cast in ``__init__``, ``self.double()``, changed the dtype it was made with)
        cast = getattr(obj, "cast_ran", False) is True
        if run.f.input_shape is not None and t.src is not None and not cast:
            from driftcheck.parsers.source.forward import dataflow_args

            dataflow_args.param_dtype(run.f, obj.params[name], t)
            from driftcheck.parsers.source.forward import dataflow_fix25b

            dataflow_fix25b.param_exact(run.f, obj, obj.params[name], t)  # no module cast ran
        p = obj.params[name]
        if run.f.input_shape is not None and isinstance(p, Tensor) and p.param:
            from driftcheck.parsers.source.forward import dataflow_fix32

            own = _own(m.obj, obj).params.get(name, p)  # a folded repeat item's own
            dataflow_fix32.param_read(run.f, ("param", id(own)), t)  # requires grad
            dataflow_fix32.stored_values(run.f, obj, name, p, t)  # its values' min and max
        return t
    if name in obj.buffers:
        buf = obj.buffers[name]
        if run.f.input_shape is None:
            return Tens(None)
        if getattr(obj, "cast_ran", False) is True and isinstance(buf, Tensor):
            # a module cast (``self.double()``) ran after ``__init__`` made it: its dtype (and
            # so its values' type) is not the one it was made with
            return Tens.view_of(buf, True)
        from driftcheck.parsers.source.forward import dataflow_known

        t = dataflow_known.buffer(run.f, obj, name, convert(run, buf))
        from driftcheck.parsers.source.forward import dataflow_fix27

        dataflow_fix27.buffer_exact(run.f, obj, name, buf, t)  # ``h @ self.cw`` (float64)
        return t
    if name in obj.attrs:
        got = convert(run, obj.attrs[name])
        if got is UNK and run.f.input_shape is not None and obj.module:
            from driftcheck.parsers.source.forward import dataflow_fix38a

            got = dataflow_fix38a.init_attr(run, m, name, got)  # an optimizer ``__init__`` made
        return got
    if name == "forward":
        return Mod(obj)
    if not obj.module and obj.cls is not None:
        got = _plain_object_attr(run, obj, name)
        if got is not None:
            return got
    if obj.cls is not None:
        try:
            ok, v, base = run.f.interp.classes.mro_attr(obj.cls, name)
        except Exception:  # noqa: BLE001
            return UNK
        if ok and isinstance(v, Func):
            if isinstance(v.closure, dict) and v.closure.get("__property__"):
                return run.calls.run_func(v, m, [], {}, None)
            return UserFunc(v, None if v.is_static else Mod(obj))
        if not ok and name == "get_input_embeddings" and _transformers_model(base):
            return Bound(Mod(obj), name)  # the mixin's method, not overridden
        if ok:
            return convert(run, v)
    if name in ("named_children", "children"):
        return Bound(Mod(m.obj), name)  # torch's own method, not overridden: see call_bound
    if run.f.input_shape is not None and name in ("modules", "named_modules"):
        return Bound(Mod(m.obj), name)  # torch's own generator (dataflow_fix32b.Listing)
    if run.f.input_shape is not None and obj.module and name in dataflow_grown.REGISTERS:
        return Bound(Mod(m.obj), name)  # torch's own method: see call_bound
    if run.f.input_shape is not None and obj.module and name in _TENSOR_LISTS:
        return Bound(Mod(m.obj), name)  # torch's own method: see call_bound
    return UNK


def _plain_object_attr(run: Any, obj: Obj, name: str) -> Any:
    """An attribute of a plain object of the code's own (a settings object, not a layer)
    that its instance dict does not hold, read by ``forward`` as ``__init__`` reads it (the
    ``__init__`` interpreter's ``getattr``): an "AttrDict" item (``__getattr__ =
    dict.__getitem__``, ``cfg.rope_theta``), a descriptor's ``__get__``, a class's own
    ``__getattr__``. Methods and properties are left to ``module_attr`` (None), as is
    anything that read cannot give (an unknown)."""
    from driftcheck.parsers.source.interp.statements import Raised  # a cycle

    try:
        ok, v, _ = run.f.interp.classes.mro_attr(obj.cls, name)
        if ok and isinstance(v, Func):
            return None
        got = run.f.interp.attrs.getattr(obj, name)
    except (Raised, Exception):  # noqa: BLE001 - a read that raises: left unknown
        return None
    if isinstance(got, Unknown) or isinstance(got, Func):
        return None
    return convert(run, got)


def _plain_object_item(run: Any, obj: Obj, key: Any) -> Any:
    """An item of a settings mapping of the code's own (a ``dict`` / ``UserDict``
    subclass) read by ``forward``, as ``__init__`` reads it (its ``__getitem__``, its
    ``__missing__`` defaults); unknown where that read cannot give it."""
    from driftcheck.parsers.source.interp.statements import Raised  # a cycle

    if not isinstance(key, (int, str)) or isinstance(key, bool):
        return UNK
    try:
        got = run.f.interp.items.getitem(obj, key)
    except (Raised, Exception):  # noqa: BLE001 - a read that raises (KeyError): unknown
        return UNK
    return UNK if isinstance(got, Unknown) else convert(run, got)


def _transformers_model(base: Any) -> bool:
    """Whether an attribute lookup ended at transformers' ``PreTrainedModel`` (whose
    ``EmbeddingAccessMixin`` methods the analyzed class then inherits)."""
    return isinstance(base, Ext) and base.qual.rsplit(".", 1)[-1] == "PreTrainedModel"


def input_embeddings(run: Any, obj: Any, depth: int = 0) -> Mod | None:
    """``model.get_input_embeddings()`` as transformers' ``EmbeddingAccessMixin`` answers it,
    over the module tree the ``__init__`` interpreter built: ``self.<_input_embed_layer>``
    (``embed_tokens`` unless the class names another), else that name under
    ``self.embeddings`` or ``self.model``, else ``self.language_model``'s answer (its own
    override if it has one), else the base model's (``base_model_prefix``). Multimodal models
    embed their text this way (``self.get_input_embeddings()(input_ids)``); without it the
    call was unknown and the embedding looked unused."""
    obj = run.f.resolve(obj)
    if depth > 4 or not isinstance(obj, Obj) or obj.cls is None:
        return None
    interp = run.f.interp

    def cls_attr(o: Obj, attr: str) -> Any:
        try:
            ok, v, _ = interp.classes.mro_attr(o.cls, attr)
        except Exception:  # noqa: BLE001
            return None
        v = v.value if ok and isinstance(v, Sourced) else v
        return v if ok and isinstance(v, str) else None

    name = cls_attr(obj, "_input_embed_layer") or "embed_tokens"
    kids = obj.children
    if kids.get(name) is not None:
        return Mod(kids[name])
    for holder in ("embeddings", "model"):
        h = run.f.resolve(kids.get(holder))
        if isinstance(h, Obj) and h.children.get(name) is not None:
            return Mod(h.children[name])
    for sub in ("language_model", cls_attr(obj, "base_model_prefix")):
        inner = run.f.resolve(kids.get(sub)) if sub else None
        if not isinstance(inner, Obj) or inner is obj or inner.cls is None:
            continue
        try:
            ok, fn, base = interp.classes.mro_attr(inner.cls, "get_input_embeddings")
        except Exception:  # noqa: BLE001
            continue
        if ok and isinstance(fn, Func):  # the sub-model overrides it: run its own
            got = run.calls.run_func(fn, Mod(inner), [], {}, None)
            return got if isinstance(got, Mod) else None
        if not _transformers_model(base):
            continue
        got = input_embeddings(run, inner, depth + 1)
        if got is not None:
            return got
    return None


def param_tensor(run: Any, obj: Obj, name: str) -> Tens:
    """``self.cls_token``: the graph's Parameter node, with its shape when known."""
    return run.f.queries.param_tensor(obj, name)


# ---------------------------------------------------------------------- subscripts
def subscript(run: Any, v: Any, key: Any, fr: Any, at: Any) -> Any:
    if v.__class__.__name__ == "NpArr":  # a numpy array (session 38, dataflow_fix38a_numpy)
        from driftcheck.parsers.source.forward import dataflow_fix38a_numpy

        return dataflow_fix38a_numpy.getitem(run, v, key)
    if isinstance(v, Tens):
        got = torchops.index(run, v, key, fr, at)
        if run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_dtypes, dataflow_known

            dataflow_dtypes.carry_index(run.f, v, got)
            dataflow_known.index(run.f, v, key, got)
        return got
    if isinstance(v, ShapeOf):
        if isinstance(key, int) and not isinstance(key, bool):
            if run.f.input_shape is not None:
                from driftcheck.parsers.source.forward import dataflow_ranks

                if dataflow_ranks.shape_item(run.f, v.t, key, fr.loc(at)):
                    return UNK
            return v.t.dim(key)
        if isinstance(key, slice) and v.t.shape is not None:
            out = tuple(v.t.shape[key])
            if run.f.input_shape is not None:
                run.f.size_tuples[id(out)] = out  # a torch.Size (``+ [h, -1]`` raises)
            return out
        return UNK
    if isinstance(v, Mod) and isinstance(v.obj, Obj):
        if not v.obj.module and "__items__" in v.obj.attrs:
            return _plain_object_item(run, v.obj, key)  # ``H["n_head"]`` of a dict subclass
        if run.f.input_shape is not None and at is not None:
            from driftcheck.parsers.source.forward import dataflow_containers

            if dataflow_containers.item_error(run.f, v.obj, key, fr.loc(at)):
                return UNK
            from driftcheck.parsers.source.forward import dataflow_fix31b

            if dataflow_fix31b.container_item(run.f, v.obj, key, fr.loc(at)):
                return UNK  # ``self.heads[0]`` of a ModuleDict, a ParameterList past its end
        return module_item(run, v.obj, key)
    if isinstance(v, Multi):
        if run.f.input_shape is not None and isinstance(key, tuple) and v.rest is not None:
            from driftcheck.parsers.source.forward import dataflow_checks

            dataflow_checks.tuple_indexed(run, key, fr.loc(at))
            return Tens(None)
        if v.rest is not None and isinstance(key, int) and not isinstance(key, bool):
            items = (v.first, *v.rest)
            return items[key] if -len(items) <= key < len(items) else UNK
        return v.first if key == 0 else UNK
    if isinstance(v, Pieces):
        if v.count is not None and isinstance(key, int) and not isinstance(key, bool):
            items = v.items()
            if -len(items) <= key < len(items):
                from driftcheck.parsers.source.forward import dataflow_fix31

                dataflow_fix31.hand_pieces(run.f, v, [items[key]])  # ``h.unbind(2)[0]``
                return items[key]
            if at is not None:  # the count is known on real sizes only: torch's tuple
                run.f.crash(
                    fr.loc(at),
                    f"IndexError: tuple index out of range (piece {key} of {len(items)})",
                )
            return Tens(None)
        return Tens(v.t.src, v.t.shape) if isinstance(key, int) else UNK
    if isinstance(v, (tuple, list)):
        if isinstance(key, (int, slice)) and not isinstance(key, bool):
            try:
                return v[key]
            except IndexError:
                if isinstance(v, list):
                    from driftcheck.parsers.source.forward import dataflow_lists

                    dataflow_lists.item(run.f, v, key, fr.loc(at) if at is not None else None)
                return UNK
        return UNK
    if isinstance(v, dict):
        if isinstance(key, (int, str)) and key in v:
            return v[key]
        if isinstance(key, int):  # ModelOutput[0]: the first field that is set
            vals = [x for x in v.values() if x is not None]
            return vals[key] if -len(vals) <= key < len(vals) else UNK
        return UNK
    return UNK


def module_item(run: Any, obj: Obj, key: Any) -> Any:
    if dataflow_grown.grown(run.f, obj):
        return UNK  # ``self.heads[k]`` of a container ``forward`` filled: not known
    if obj.kind in ("ParameterList", "ParameterDict"):
        if obj.children:  # modules set in it too (torchlib.container_add): not followed
            return UNK
        names = list(obj.params)
        if isinstance(key, slice) and obj.kind == "ParameterList" and run.f.input_shape is not None:
            # ``self.ws[:-1]`` on real sizes (the structure pass keeps its graph)
            return [param_tensor(run, obj, k) for k in names[key]]
        if isinstance(key, int) and not isinstance(key, bool) and -len(names) <= key < len(names):
            key = names[key]
        return param_tensor(run, obj, key) if key in obj.params else UNK
    if obj.kind == "ModuleDict" or isinstance(key, str):
        if key in obj.none_keys:
            return None
        return Mod(obj.children[key]) if key in obj.children else UNK
    kids = container_values(obj)  # ``None`` items in their slots
    if isinstance(key, int) and not isinstance(key, bool):
        if not -len(kids) <= key < len(kids):
            return UNK
        return None if kids[key] is None else Mod(kids[key])
    if isinstance(key, slice):
        if not all(p is None or is_int(p) for p in (key.start, key.stop, key.step)):
            # ``self.blocks[:n]`` / ``[slice(0, n)]`` with ``n`` not known: how many blocks
            # is not known (never one block: a Sequential of several runs each)
            run.taint("a slice of a module list with bounds not known")
            return UNK
        return [None if c is None else Mod(c) for c in kids[key]]
    kids = [c for c in kids if c is not None]
    reps = {id(run.f.resolve(c)) for c in kids}
    if len(reps) == 1 and kids and isinstance(key, (UnkNum, Sym)):
        # an index known to be a number (``self.blocks[k - 1]``) into one repeated block:
        # whichever it is, that block; an unknown that may be a slice is not read so
        return Mod(kids[0])
    run.taint("an unknown index into a module list")
    return UNK


# ---------------------------------------------------------------------- operators
def _transposed_table(run: Any, v: Tens, out: Any) -> None:
    """``self.embed.weight.T``: the token table's transpose, which ``h @ ...`` makes the
    output head on the table's own rows (tied, as ``F.linear(h, self.embed.weight)`` is)."""
    table = run.f.table_weights.get(id(v))
    if table is not None and table[1] is v and isinstance(out, Tens):
        run.f.table_weights_t[id(out)] = (table[0], out)


def tensor_binop(run: Any, op: ast.operator, a: Any, b: Any, fr: Any, at: Any) -> Any:
    if isinstance(op, ast.MatMult) and isinstance(b, Tens) and not run.f.speculative:
        table = run.f.table_weights_t.get(id(b))
        if table is not None and table[1] is b:
            run.f.table_heads.add(table[0])  # ``h @ self.embed.weight.T``: a tied head
    both = isinstance(a, Tens) and isinstance(b, Tens)
    if both:
        kind = _TENSOR_BINOPS.get(type(op))
        if kind is None and run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_ranks

            return dataflow_ranks.bitwise(run.f, op, a, b, fr.loc(at))
        if kind is None:
            return Tens(None)
        lost_a, lost_b = run.f.lost(a), run.f.lost(b)
        known = b if lost_a else a
        lost = a if lost_a else b
        if run.f.input_shape is not None and lost_a != lost_b:
            # on real sizes an operand we could not follow is broadcast for real when its
            # shape is known (a buffer, a tensor made in forward): its crash is found, and a
            # result that grows is not the other operand's shape. Of unknown shape it may
            # broadcast the result past the other's (``F.linear(x, w) * rms(x)``, rms of
            # shape (..., 1)): that guess would be taken for a number, so the result is unknown
            if lost.shape is None:
                return Tens(None)
            out = run.f.add_op(kind, {}, [a, b], fr.parent, fr.loc(at))
            if out.shape is not None and out.shape == known.shape and kind != "MatMul":
                return Tens(known.src, known.shape) if lost.src is None else out
            return out
        if lost_a != lost_b and kind != "MatMul" and run.f.grounded(known.src):
            # one operand we could not follow (RoPE's cos/sin, a mask from a helper, positions
            # embedded from ``torch.arange(T)``): an elementwise op broadcasts it onto the
            # other (from the input), whose producer and shape we keep
            return Tens(known.src, known.shape)
        return run.f.add_op(kind, {}, [a, b], fr.parent, fr.loc(at))
    t = a if isinstance(a, Tens) else b
    other = b if t is a else a
    if isinstance(op, ast.MatMult) or isinstance(other, (Mod, tuple, list, dict)):
        return Tens(None)
    if run.f.input_shape is not None and not isinstance(other, (int, float, UnkNum)):
        return Tens(None)  # on real sizes a value we could not compute may be a tensor
    if other is UNK and t.shape is not None and not run.f.grounded(t.src):
        # a value we could not compute times a weight or buffer (effdet's fast-attention
        # fusion ``nodes[i] * edge_weights[i]``, the feature maps not followed): that value may
        # be a tensor of any shape, so the product is not the weight's shape (a scalar there
        # made the fused map rank 0 and the next conv a false rank-mismatch blocker)
        return Tens(None)
    # a number, a symbolic size or a value we could not compute (``1 / math.sqrt(d)``, a mask
    # from a helper): elementwise arithmetic keeps the tensor's shape and producer
    return Tens(t.src, t.shape)


# ---------------------------------------------------------------------- bound methods
def call_bound(run: Any, b: Bound, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    got = _call_bound(run, b, args, kwargs, fr, at)
    if run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_fix32b

        dataflow_fix32b.listing_made(run, b.target, b.name, got)  # generators, dict views
        got = dataflow_fix32b.listing_unknown(run, b.target, b.name, got)  # ``m.modules()``
    return got


def _call_bound(run: Any, b: Bound, args: list, kwargs: dict, fr: Any, at: Any) -> Any:
    t = b.target
    if isinstance(t, Tens):
        from driftcheck.parsers.source.forward import dataflow_fix27

        name, args = dataflow_fix27.alias(b.name, args, kwargs)  # ``x.type(torch.float64)``
        if name != b.name:
            b = Bound(t, name)
        kwargs = numpy_aliases(kwargs, method=b.name)  # ``x.mean(axis=1)``: torch's ``dim=``
        err = (
            numpy_keyword_error(kwargs, method=b.name)
            or missing_dim_error(len(args), kwargs, at, method=b.name)
            or dataflow_argtypes.method_error(run.f, t, b.name, args, kwargs, at)
            or dataflow_modargs.method_error(run.f, b.name, args, kwargs)  # ``h.mm(self.fc)``
            or dataflow_keywords.method_error(run.f, t, b.name, kwargs)  # ``flatten(start=1)``
            or dataflow_keywords.method_arity(run.f, t, b.name, args, kwargs, at)
        )
        if err is None and run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_floats

            err = dataflow_floats.int_arg_error(args, kwargs, method=b.name)  # ``view(n / 2)``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_misuse

                err = dataflow_misuse.numpy_method(t, b.name)  # ``x.astype(...)``
                err = err or dataflow_misuse.mode_error(f"Tensor.{b.name}", args, kwargs)
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix26b as fx

                err = fx.index_source(run.f, t, b.name, args, kwargs)  # ``out.index_add_``
                if err is None and b.name == "bincount":
                    err = fx.bincount_weights(run.f, [t, *args], kwargs)
                if err is None and b.name == "take" and args:
                    err = fx.take_range(run.f, t, args[0])
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix29b

                err = dataflow_fix29b.method_error(run.f, t, b.name, args, kwargs, at)  # ``gather``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix27b

                err = dataflow_fix27b.method_error(run.f, t, b.name, args, kwargs)  # ``copy_``
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix29

                err = dataflow_fix29.method_error(run.f, t, b.name, args, kwargs)
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix30

                err = dataflow_fix30.method_error(run.f, t, b.name, args, kwargs)  # dtypes
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_fix31

                err = dataflow_fix31.method_error(run.f, t, b.name, args, kwargs)  # repeats
            if err is None and not torchops._splat(at, run.f):
                from driftcheck.parsers.source.forward import dataflow_fix32b

                err = dataflow_fix32b.method_error(run.f, t, b.name, args, kwargs, at, fr)
            if err is None:
                from driftcheck.parsers.source.forward import dataflow_dtype_ops

                err = dataflow_dtype_ops.float_only_error(run.f, b.name, t, args, kwargs)
                err = err or dataflow_dtype_ops.scatter_error(run.f, b.name, t, args, kwargs)
                err = err or dataflow_dtype_ops.fill_overflow(run.f, t, b.name, args, kwargs)
                if err is None and b.name in dataflow_dtype_ops.MATMULS and args:
                    err = dataflow_dtype_ops.matmul_error(run.f, t, args[0])  # ``adj.mm(h)``
                if err is None:
                    from driftcheck.parsers.source.forward import dataflow_dtype_accept as acc

                    err = acc.method_call(run.f, t, b.name, args, kwargs)  # ``ids.var(1)``
        if err is not None and at is not None:
            run.f.crash(fr.loc(at), err)
            return Tens(None)
        if b.name == "stride" and run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_storage

            got = dataflow_storage.stride_of(run.f, t, args, kwargs)  # ``x.stride(0)``
            if got is not None:
                return got
        if b.name == "where" and run.f.input_shape is not None:
            # ``x.where(cond, y)`` is ``torch.where(cond, x, y)``: the condition is the first
            # argument, not ``x`` (read as the condition, a float ``x`` was a false crash)
            from driftcheck.parsers.source.forward import dataflow_fix27

            return dataflow_fix27.tensor_where(run, t, args, kwargs, fr, at)
        out = torchops.method(run, t, b.name, args, kwargs, fr, at)
        if run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix29

            out = dataflow_fix29.after_method(run.f, t, b.name, args, kwargs, out)  # sparse
            from driftcheck.parsers.source.forward import dataflow_fix31

            out = dataflow_fix31.self_shaped(run.f, t, b.name, args, kwargs, out)  # scatter
            from driftcheck.parsers.source.forward import dataflow_dtype_ops, dataflow_fix26

            dataflow_fix26.full_reduction(t, b.name, args, kwargs, out)  # ``cnt.sum()``: 0-D

            loc = fr.loc(at) if at is not None else None
            dataflow_dtype_ops.after_method(run.f, t, b.name, args, kwargs, out, loc)
            from driftcheck.parsers.source.forward import dataflow_fix30

            dataflow_fix30.after_method(run.f, t, b.name, out)  # ``index_fill`` keeps the dtype
            from driftcheck.parsers.source.forward import dataflow_dtype_accept

            dataflow_dtype_accept.after_method(run.f, t, b.name, args, kwargs, out)
            from driftcheck.parsers.source.forward import dataflow_fix25

            dataflow_fix25.width_method(
                run.f, t, b.name, args, kwargs, out
            )  # ``.to(torch.cdouble)``
            from driftcheck.parsers.source.forward import dataflow_fix31, dataflow_strides

            if not dataflow_fix31.after_method(run.f, t, b.name, args, kwargs, out):  # unbind
                dataflow_strides.after_method(run.f, t, b.name, args, kwargs, out, loc)
            from driftcheck.parsers.source.forward import dataflow_fix30

            dataflow_fix30.memory_format(run.f, b.name, args, kwargs, out)  # channels_last
        if b.name == "t" and not args and not kwargs:
            _transposed_table(run, t, out)  # ``self.embed.weight.t()``
        return out
    if t.__class__ is str and b.name in STR_METHODS:
        plain = (str, int, bool, type(None), tuple)
        if kwargs or not all(a.__class__ in plain for a in args):
            return UNK
        if not all(x.__class__ is str for a in args if isinstance(a, tuple) for x in a):
            return UNK
        try:
            return getattr(t, b.name)(*args)
        except (TypeError, ValueError):
            return UNK
    if isinstance(t, dict):
        if b.name == "get":
            k = args[0] if args else UNK
            return t.get(k, args[1] if len(args) > 1 else None) if isinstance(k, str) else UNK
        if b.name == "items":
            return list(t.items())
        if b.name == "keys":
            return list(t)
        if b.name == "values":
            return list(t.values())
        if b.name == "pop":
            k = args[0] if args else UNK
            return t.pop(k, args[1] if len(args) > 1 else None) if isinstance(k, str) else UNK
        return UNK
    if isinstance(t, list) and b.name in ("reverse", "clear"):
        # SegResNet's ``down_x.reverse()`` before ``down_x[i + 1]``: the order matters
        t.reverse() if b.name == "reverse" else t.clear()
        return None
    if isinstance(t, list) and b.name == "insert" and len(args) == 2:
        i = args[0]
        if isinstance(i, int) and not isinstance(i, bool):
            t.insert(i, args[1])
            return None
    if isinstance(t, list) and (b.name in LIST_MUTATORS or b.name in ("append", "extend")):
        from driftcheck.parsers.source.forward import dataflow_lists

        dataflow_lists.changed(run.f, t, b.name, args)
    if isinstance(t, list) and b.name in LIST_MUTATORS and b.name != "pop":
        # a change we do not follow (``sort``, ``remove``): no item is known any more
        t[:] = [Tens(None) if isinstance(x, Tens) else UNK for x in t]
        return None
    if isinstance(t, list) and b.name == "pop":
        # a U-Net's skip stack: ``h.append(x)`` going down, ``h.pop()`` coming up
        i = args[0] if args else -1
        if not isinstance(i, int) or isinstance(i, bool) or not -len(t) <= i < len(t):
            return UNK
        return t.pop(i)
    if isinstance(t, list) and b.name in ("append", "extend"):
        if b.name == "append" and args:
            t.append(args[0])
        elif args and isinstance(args[0], (list, tuple)):
            if len(t) + len(args[0]) > SIZE_LIMIT:  # the size bound (sizes.py)
                t.append(UNK)
                run.note(f"list.extend() past {SIZE_LIMIT:,} items: items unknown")
                return None
            t.extend(args[0])
        return None
    if isinstance(t, ShapeOf) and b.name == "numel":
        return UNK
    if isinstance(t, Mod) and (
        b.name in dataflow_grown.REGISTERS
        or (b.name == "update" and getattr(t.obj, "kind", None) == "ModuleDict")
    ):
        loc = fr.loc(at) if at is not None else None
        got = dataflow_grown.registered(run.f, run.f.resolve(t.obj), b.name, args, kwargs, loc)
        if b.name != "update":
            from driftcheck.parsers.source.forward import dataflow_fix28b

            dataflow_fix28b.registered(run, t.obj, b.name, args, kwargs, loc)  # ``self.x`` is it
        return got
    if isinstance(t, Mod) and b.name in _TENSOR_LISTS and run.f.input_shape is not None:
        from driftcheck.parsers.source.forward import dataflow_params

        got = dataflow_params.listed(run, t.obj, b.name, args, kwargs)
        from driftcheck.parsers.source.forward import dataflow_fix31b

        dataflow_fix31b.listed_tensors(run.f, got)  # shapes torch's own registry gives
        return got if got is not None else UNK
    if isinstance(t, Mod) and dataflow_grown.grown(run.f, t.obj):
        return UNK  # items ``forward`` added (``dataflow_grown``): not known
    if (
        isinstance(t, Mod)
        and b.name in ("values", "items", "keys")
        and isinstance(t.obj, Obj)
        and t.obj.kind == "ModuleDict"
        and (run.f.input_shape is not None or t.obj.cls is None)
    ):  # on real sizes ``for layer in self.layers.values()`` runs every layer, in order
        kids = list(t.obj.children.items())
        if b.name == "keys":
            return [k for k, _ in kids]
        if b.name == "values":
            return [Mod(c) for _, c in kids]
        return [(k, Mod(c)) for k, c in kids]
    if (
        isinstance(t, Mod)
        and isinstance(t.obj, Obj)
        and b.name in ("named_children", "children")
        and not args
        and not kwargs
    ):
        return _children(run, t.obj, b.name == "named_children")
    if isinstance(t, Mod) and b.name == "generate_square_subsequent_mask":
        from driftcheck.parsers.source.forward import dataflow_masks

        got = dataflow_masks.square_mask(run, args, kwargs)  # a static method: (sz, sz)
        if got is not None and getattr(t.obj, "torch", None) == "torch.nn.Transformer":
            return got
    if isinstance(t, Mod) and b.name == "get_input_embeddings":
        got = input_embeddings(run, t.obj)
        return got if got is not None else run.calls.unknown_call(args, kwargs, "input embeddings")
    return UNK


# torch's tensor listings of a module (``dataflow_params``)
_TENSOR_LISTS = frozenset({"named_parameters", "parameters", "named_buffers", "buffers"})


def _children(run: Any, obj: Obj, named: bool) -> list:
    """``m.named_children()`` / ``m.children()`` in ``forward``: the submodules in the order
    they were registered (``add_module`` under f-string names, then found again by prefix).
    A run of children that are one graph node (repeat=n) is one item, as ``iterate`` folds a
    ``ModuleList``: its body runs once. A ``None`` child is skipped, as torch does."""
    out: list = []
    last = None
    for k, c in obj.children.items():
        if c is None:
            continue
        r = run.f.resolve(c)
        if r is not None and r is last and run.f.input_shape is None:
            continue  # (on real sizes every child runs, as ``iterate`` has it)
        last = r
        out.append((k, Mod(c)) if named else Mod(c))
    return out
