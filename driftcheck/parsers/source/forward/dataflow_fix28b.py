"""Module attributes that ``forward`` itself writes (on real sizes).

A cache filled lazily in ``forward`` (a rope table built ``(0, d)`` in ``__init__`` and
re-registered when too short, a KV cache set to None and filled on the first call, a mask
built once) is, after the write, the tensor ``forward`` wrote, not the one ``__init__`` left:
reading the ``__init__`` value there was a false crash (``x * self.cos_cached[:T]`` on a
``(0, 16)`` table). Python's rule: a later read of ``self.<name>`` sees the last write along
the path taken.

Every write to an attribute of a module the pass knows is followed here:
``self.x = v`` (``self.x.data = v``), ``self.x op= v`` on a number or a sequence,
``setattr(self, "x", v)`` / ``self.__setattr__("x", v)`` / ``object.__setattr__(self, ...)``,
``self.register_buffer("x", v)`` / ``register_parameter`` / ``add_module`` /
``register_module``, ``self._buffers["x"] = v`` (``_parameters``, ``_modules``,
``__dict__``), ``del self.x`` / ``delattr(self, "x")``, and the in-place methods that change a
tensor's shape (``self.x.resize_(...)``, ``unsqueeze_``, ``t_`` ...). Later reads of
``self.x`` return the value written. A write in code forward may not run (an undecided
branch, a loop run zero times or more, a ``try`` body: ``Flow.speculative``) leaves what
holds both with and without it (the dataflow's ``join``: a tensor of unknown shape where
the two differ), never one of them.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import receiver
from driftcheck.parsers.source.values.abstract import Obj
from driftcheck.parsers.source.values.dataflow_values import UNK, Mod, Tens

# ``self.<holder>[name] = v``: torch's own dicts of a module's parts (and the instance dict)
_HOLDERS = frozenset({"_buffers", "_parameters", "_modules", "__dict__"})
# torch's in-place tensor methods that change the tensor's shape (the tensor stays the
# attribute's value: its later reads have the new shape)
_RESHAPE_INPLACE = frozenset(
    {
        "resize_",
        "resize_as_",
        "set_",
        "unsqueeze_",
        "squeeze_",
        "t_",
        "transpose_",
        "swapdims_",
        "swapaxes_",
        "as_strided_",
    }
)
# ``nn.Module`` methods that may change its parameters' dtype
_MODULE_CASTS = frozenset(
    {"half", "bfloat16", "float", "double", "to", "type", "apply", "_apply", "to_empty"}
)
_DELETED = object()  # ``del self.x``: what a later read sees is not followed


def _table(f: Any) -> dict[tuple[int, str], tuple[Any, Any]]:
    return f.attr_set


def _owner(f: Any, v: Any) -> Any:
    """The module object ``v`` is (a ``Mod`` of one the pass built), or None."""
    if not isinstance(v, Mod):
        return None
    obj = f.resolve(v.obj)
    return obj if isinstance(obj, Obj) else None


def written(run: Any, owner: Any, name: Any, v: Any) -> None:
    """``owner.<name> = v`` ran in ``forward``: later reads see ``v`` (on the path taken) or
    what holds with and without the write (in code forward may not run)."""
    f = run.f
    if f.input_shape is None or not isinstance(name, str) or owner is None:
        return
    obj = f.resolve(owner)
    table = _table(f)
    k = (id(obj), name)
    if f.speculative:
        old = table[k][1] if k in table else _initial(run, obj, name)
        if old is _DELETED or v is _DELETED:
            v = UNK
        else:
            v = run.join({"v": old}, {"v": v})["v"]
    table[k] = (obj, v)  # (the object kept: its id stays its own for the pass)


def _initial(run: Any, obj: Any, name: str) -> Any:
    """The value a read of ``obj.<name>`` gave before any write (the ``__init__`` one)."""
    from driftcheck.parsers.source.forward.dataflow_ops import module_attr

    return module_attr(run, Mod(obj), name)


def read(f: Any, obj: Any, name: str) -> tuple[bool, Any]:
    """(True, the value) when ``forward`` wrote ``obj.<name>`` earlier in this pass."""
    table = f.attr_set
    if not table:
        return False, None
    got = table.get((id(obj), name))
    if got is None:
        return False, None
    v = got[1]
    return True, (UNK if v is _DELETED else v)


def _self_chain(e: ast.expr) -> bool:
    """``self`` / ``self.a.b``: names and attributes only (evaluating it again is pure)."""
    while isinstance(e, ast.Attribute):
        e = e.value
    return isinstance(e, ast.Name)


def assigned(run: Any, tgt: ast.expr, v: Any, fr: Any) -> None:
    """``<m>.x = v`` / ``<m>.x.data = v`` / ``<m>._buffers["x"] = v`` / ``del <m>.x``
    (``v`` is ``_DELETED`` for a ``del``)."""
    f = run.f
    if f.input_shape is None:
        return
    if isinstance(tgt, ast.Attribute) and _self_chain(tgt.value):
        if tgt.attr in ("weight", "bias", "data") and isinstance(
            tgt.value, (ast.Attribute, ast.Name)
        ):
            f.cast_in_forward = True  # ``lin.weight.data = w.half()``: its dtype is open
        if tgt.attr == "data" and isinstance(tgt.value, ast.Attribute):
            if _self_chain(tgt.value.value):
                owner = _owner(f, run.eval(tgt.value.value, fr))
                if owner is not None:  # ``self.x.data = v``: x now holds v's values and shape
                    written(run, owner, tgt.value.attr, v if isinstance(v, Tens) else Tens(None))
                    return
        owner = _owner(f, run.eval(tgt.value, fr))
        if owner is not None:
            from driftcheck.parsers.source.forward import dataflow_fix30b

            dataflow_fix30b.setattr_checked(run, owner, tgt.attr, v, fr.loc(tgt))  # a module
            written(run, owner, tgt.attr, v)
        return
    if (
        isinstance(tgt, ast.Subscript)
        and isinstance(tgt.value, ast.Attribute)
        and tgt.value.attr in _HOLDERS
        and _self_chain(tgt.value.value)
    ):
        owner = _owner(f, run.eval(tgt.value.value, fr))
        if owner is not None:
            key = run.eval(tgt.slice, fr)
            if isinstance(key, str):
                written(run, owner, key, v)
            else:  # a key we cannot read: any attribute of the module may have changed
                _forget_all(run, owner)


def _forget_all(run: Any, owner: Any) -> None:
    obj = run.f.resolve(owner)
    names = set()
    for part in ("children", "params", "buffers", "attrs"):
        names.update(getattr(obj, part, None) or ())
    for n in names:
        written(run, owner, n, _DELETED)


def deleted(run: Any, st: ast.Delete, fr: Any) -> None:
    """``del self.x`` / ``del self._buffers["x"]``: later reads are not followed."""
    for t in st.targets:
        assigned(run, t, _DELETED, fr)


def aug_assigned(run: Any, st: ast.AugAssign, rhs: Any, fr: Any) -> None:
    """``self.x op= v``: on a number or a sequence Python stores the result back (a tensor
    is written in place: its shape stays)."""
    tgt = st.target
    if run.f.input_shape is None or not isinstance(tgt, ast.Attribute):
        return
    if not _self_chain(tgt.value):
        return
    owner = _owner(run.f, run.eval(tgt.value, fr))
    if owner is None:
        return
    load = ast.copy_location(ast.Attribute(tgt.value, tgt.attr, ast.Load()), tgt)
    cur = run.eval(load, fr)
    if isinstance(cur, Tens):
        return
    if cur is UNK or isinstance(cur, (dict,)):
        written(run, owner, tgt.attr, UNK)
        return
    try:
        new = run.binop(st.op, cur, rhs, fr, st)
    except Exception:  # noqa: BLE001 - an operation not followed: the value is unknown
        new = UNK
    written(run, owner, tgt.attr, new)


# torch's ``register_buffer`` / ``register_parameter`` / ``add_module``: a name the module
# already has (``hasattr``) that is not one of this kind is refused with a KeyError; the
# ``Obj`` parts that hold the names of the other kinds (``attrs``: the instance dict)
_OTHER_PARTS = {
    "register_buffer": ("attrs", "children", "params"),
    "register_parameter": ("attrs", "children", "buffers"),
    "add_module": ("attrs", "params", "buffers"),
    "register_module": ("attrs", "params", "buffers"),
}


def _name_taken(run: Any, obj: Any, how: str, key: Any, loc: Any) -> None:
    """``self.register_buffer("cache", t)`` where ``__init__`` made ``self.cache`` a plain
    attribute (``self.cache = None`` / a plain tensor) or a layer: torch's KeyError
    "attribute 'cache' already exists". Judged for a module of the code's own on
    ``nn.Module`` alone, built with every condition decided, whose name ``forward`` has not
    written before."""
    from driftcheck.parsers.source.interp.objmodel import _NN_MODULE
    from driftcheck.parsers.source.values.abstract import Cls

    f = run.f
    if f.speculative or not isinstance(key, str) or not key or "." in key:
        return
    if not isinstance(obj, Obj) or not obj.module or obj.kind or obj.qual or obj.cls is None:
        return
    if obj.unresolved or (id(obj), key) in f.attr_set or any(at == loc for at, _ in f.crashes):
        return
    if not any(key in getattr(obj, part) for part in _OTHER_PARTS[how]):
        return
    try:
        mro = obj.cls.mro()
    except Exception:  # noqa: BLE001 - a class we cannot read: nothing is certain
        return
    if any(not isinstance(c, Cls) and getattr(c, "qual", None) not in _NN_MODULE for c in mro):
        return  # a base we do not see into (a library class)
    f.crash(loc, f"KeyError: \"attribute '{key}' already exists\"")


def registered(run: Any, obj: Any, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """``self.register_buffer("x", t)`` / ``register_parameter`` / ``add_module`` /
    ``register_module`` in ``forward``: torch's check that the name is not taken by another
    kind, then ``self.x`` is the value registered."""
    from driftcheck.parsers.source.forward import dataflow_fix30b

    key = args[0] if args else kwargs.get("name")
    dataflow_fix30b.buffer_registered(run, obj, name, args, kwargs, loc)  # ``(.., 1)``
    _name_taken(run, run.f.resolve(obj), name, key, loc)
    if len(args) > 1:
        v = args[1]
    else:
        v = next((kwargs[k] for k in ("tensor", "param", "module") if k in kwargs), UNK)
    written(run, obj, key, v)


def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    """After a call in ``forward``: ``setattr(self, "x", v)`` and its spellings,
    ``delattr(self, "x")``, and ``self.x.<reshaping in-place method>(...)``."""
    f = run.f
    if f.input_shape is None:
        return
    func = e.func
    if isinstance(func, ast.Attribute) and func.attr == "from_numpy":
        from_numpy(run, fv, args, kwargs, fr.loc(e))  # ``torch.from_numpy([1, 2])``
    pack_lengths(run, fv, args, kwargs, fr.loc(e))  # ``lengths`` of rank 2
    if kwargs and isinstance(fv, Mod):
        mask_dtype(run, fv, kwargs, fr.loc(e))  # ``key_padding_mask=pad.long()``
    if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and len(args) >= 2:
        owner = _owner(f, args[0])
        if owner is not None:
            if func.id == "delattr":
                written(run, owner, args[1], _DELETED)
            elif len(args) >= 3:
                written(run, owner, args[1], args[2])
        return
    if not isinstance(func, ast.Attribute):
        return
    if func.attr == "get_submodule" and len(args) == 1 and _self_chain(func.value):
        owner = receiver(run, e, fr)
        if isinstance(owner, Mod):
            get_submodule(run, owner.obj, args[0], fr.loc(e))
        return
    if func.attr in _MODULE_CASTS and _self_chain(func.value):
        recv = receiver(run, e, fr)
        if isinstance(recv, Mod):
            f.cast_in_forward = True  # ``self.head.half()``: the weights' dtype is open
            if func.attr == "to":
                module_to(run, e, recv, args, kwargs, fr)  # ``.to(torch.int64)``
    if func.attr == "__setattr__":
        if len(args) >= 3 and _owner(f, args[0]) is not None:
            written(run, _owner(f, args[0]), args[1], args[2])  # ``object.__setattr__(self, ..)``
        elif len(args) >= 2 and _self_chain(func.value):
            owner = _owner(f, receiver(run, e, fr))
            if owner is not None:
                written(run, owner, args[0], args[1])  # ``self.__setattr__("x", v)``
        return
    if func.attr == "__delattr__" and len(args) == 1 and _self_chain(func.value):
        owner = _owner(f, receiver(run, e, fr))
        if owner is not None:
            written(run, owner, args[0], _DELETED)
        return
    if func.attr in _RESHAPE_INPLACE and isinstance(func.value, ast.Attribute):
        if not _self_chain(func.value.value):
            return
        owner = _owner(f, run.eval(func.value.value, fr))
        if owner is not None:
            written(run, owner, func.value.attr, out if isinstance(out, Tens) else Tens(None))


# layers whose float32 weights torch refuses a float16 / bfloat16 input for (torch 2.13, CPU;
# ``tests/test_crash28b.py`` measures it again): the matrix product / convolution kernels do
# not mix floating dtypes, where the norms (LayerNorm, GroupNorm, BatchNorm) do
HALF_REFUSED = {
    "Linear": "mat1 and mat2 must have the same dtype, but got {w} and Float",
    "Conv1d": "Input type (c10::{w}) and bias type (float) should be the same",
    "Conv2d": "Input type (c10::{w}) and bias type (float) should be the same",
    "Conv3d": "Input type (c10::{w}) and bias type (float) should be the same",
}
_HALF_WORDS = {"float16": "Half", "bfloat16": "BFloat16"}


def half_layer_input(f: Any, type_: str, x: Any) -> str | None:
    """An uncast ``nn.Linear`` / ``nn.Conv{1,2,3}d`` (float32 weights) called on a tensor whose
    exact dtype is float16 or bfloat16 (``h.bfloat16()``, ``x.to(torch.half)``): torch's
    dtype error (message of the layer with a bias)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if f.cast_in_forward:
        return None  # a module cast or weight write ran in ``forward``
    msg = HALF_REFUSED.get(type_)
    word = _HALF_WORDS.get(exact(f, x) or "")
    if msg is None or word is None:
        return None
    return f"{type_}: RuntimeError: {msg.format(w=word)} (the weights are float32)"


# torch functions whose result is a tuple of a fixed length whatever the input (a named
# tuple: ``U, S, Vh = torch.linalg.svd(a)``; ``tests/test_crash28b.py`` measures each again);
# the tensor methods of the same name return the same
ARITY = {
    "torch.linalg.svd": 3, "torch.svd": 3, "torch.linalg.qr": 2, "torch.linalg.eigh": 2,
    "torch.linalg.eig": 2, "torch.linalg.slogdet": 2, "torch.slogdet": 2,
    "torch.linalg.lu_factor": 2, "torch.linalg.lu_factor_ex": 3, "torch.linalg.lu": 3,
    "torch.linalg.lstsq": 4, "torch.linalg.inv_ex": 2, "torch.linalg.cholesky_ex": 2,
    "torch.linalg.solve_ex": 2, "torch.linalg.ldl_factor": 2, "torch.frexp": 2,
    "torch.aminmax": 2, "torch.std_mean": 2, "torch.var_mean": 2, "torch.geqrf": 2,
    "torch.histogram": 2,
}  # fmt: skip
METHOD_ARITY = {"svd": 3, "slogdet": 2, "frexp": 2, "aminmax": 2, "geqrf": 2, "histogram": 2}


def _unpack_error(got: int, n: int) -> str:
    if got > n:
        return f"ValueError: too many values to unpack (expected {n})"
    return f"ValueError: not enough values to unpack (expected {n}, got {got})"


def unpack_call(run: Any, st: ast.Assign, fr: Any) -> None:
    """``U, S = torch.linalg.svd(a)`` / ``sign, logdet, x = h.slogdet()``: a fixed-length
    result unpacked into another number of names (Python's ValueError)."""
    f = run.f
    call = st.value
    if f.input_shape is None or f.speculative or not isinstance(call, ast.Call):
        return
    func = call.func
    if not isinstance(func, ast.Attribute) or not _self_chain(func):
        return
    fv = run.eval(func, fr)
    q = getattr(fv, "qual", None)
    got = ARITY.get(q) if isinstance(q, str) else None
    if got is None and func.attr in METHOD_ARITY and isinstance(receiver(run, call, fr), Tens):
        got = METHOD_ARITY[func.attr]
    if got is None:
        from driftcheck.parsers.source.forward import dataflow_fix29b

        got = dataflow_fix29b.unique_arity(run, call, fr)  # ``u, inv, c = x.unique(...)``
    if got is None:
        return
    for t in st.targets:
        if not isinstance(t, (ast.Tuple, ast.List)):
            continue
        if any(isinstance(e, ast.Starred) for e in t.elts) or len(t.elts) == got:
            continue
        f.crash(fr.loc(st), _unpack_error(got, len(t.elts)))
        return


def unpack_known(run: Any, v: Any, n: int, site: tuple | None) -> bool:
    """``ys, xs = torch.nonzero(mask4d, as_tuple=True)`` / ``v, i, j = x.max(-1)``: a tuple
    whose length the pass knows for certain (one index vector per axis; torch's value/index
    pair) unpacked into another number of names. True when the crash was noted."""
    from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple, NamedPair

    if site is None or run.f.input_shape is None or not isinstance(v, (IndexTuple, NamedPair)):
        return False
    if len(v) == n:
        return False
    fr, tgt = site
    if any(at == fr.loc(tgt) for at, _ in run.f.crashes):
        return False
    run.f.crash(fr.loc(tgt), _unpack_error(len(v), n))
    return True


# torch's attention layers and the mask keywords their ``forward`` passes through
# ``F._canonical_mask``: an integer or uint8 mask is refused ("only bool and floating types of
# <name> are supported", an AssertionError, train and eval alike; measured in
# ``tests/test_crash28b.py``)
MASK_KEYWORDS = {
    "MultiheadAttention": ("key_padding_mask", "attn_mask"),
    "TransformerEncoder": ("src_key_padding_mask", "mask"),
    "TransformerEncoderLayer": ("src_key_padding_mask", "src_mask"),
    "TransformerDecoderLayer": (
        "tgt_mask", "memory_mask", "tgt_key_padding_mask", "memory_key_padding_mask",
    ),
    "TransformerDecoder": (
        "tgt_mask", "memory_mask", "tgt_key_padding_mask", "memory_key_padding_mask",
    ),
}  # fmt: skip


def _layer_type(f: Any, v: Any) -> str | None:
    from driftcheck.parsers.source.values.abstract import Leaf

    if not isinstance(v, Mod):
        return None
    obj = f.resolve(v.obj)
    if isinstance(obj, Leaf):
        return obj.type
    q = getattr(obj, "qual", None) if isinstance(obj, Obj) else None
    return q.rsplit(".", 1)[-1] if isinstance(q, str) and q.startswith("torch.nn.") else None


def mask_dtype(run: Any, fv: Any, kwargs: dict, loc: Any) -> None:
    """``self.attn(q, k, v, key_padding_mask=pad.long())`` / ``self.enc(h,
    src_key_padding_mask=1 - attention_mask)``: an integer or uint8 mask (dtype known)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    f = run.f
    names = MASK_KEYWORDS.get(_layer_type(f, fv) or "")
    if not names or any(at == loc for at, _ in f.crashes):
        return
    for k in names:
        m = kwargs.get(k)
        dt = dataflow_checks.fact(f, m, "dtype") if isinstance(m, Tens) else None
        if dt in (dataflow_checks.INT, dataflow_checks.UINT8):
            f.crash(loc, f"AssertionError: only bool and floating types of {k} are supported")
            return


# the public methods torch's containers add to ``nn.Module``'s (``tests/test_crash28b.py``
# compares with torch): ``hasattr(seq, name)`` holds for them
CONTAINER_METHODS = frozenset(
    {"append", "clear", "extend", "insert", "items", "keys", "pop", "update", "values"}
)
_CONTAINERS = ("Sequential", "ModuleList", "ModuleDict")


def get_submodule(run: Any, owner: Any, target: Any, loc: Any) -> None:
    """``self.backbone.get_submodule("conv2")`` / ``("4")`` on modules whose parts the pass
    knows: torch walks ``target``'s dotted names with ``hasattr`` / ``getattr``; a name the
    module does not have is an AttributeError ("Sequential has no attribute `conv2`"), one
    that is a parameter or buffer is "`w` is not an nn.Module". Judged on containers
    ``__init__`` built (not grown in ``forward``) and on modules of the code's own through
    ``dataflow_attrs.missing_attr``'s certainty; anything else ends the walk, silent."""
    from driftcheck.parsers.source.forward import dataflow_attrs, dataflow_grown
    from driftcheck.parsers.source.interp.objmodel import NN_MODULE_MEMBERS

    f = run.f
    if f.speculative or not isinstance(target, str) or target == "":
        return
    obj = f.resolve(owner)
    from driftcheck.parsers.source.values.abstract import Leaf

    for item in target.split("."):
        if isinstance(obj, Leaf) and item in ("weight", "bias"):
            # a torch layer's ``weight`` / ``bias``: a Parameter, None or absent, never a module
            f.crash(loc, f"AttributeError: `{item}` is not an nn.Module")
            return
        if not isinstance(obj, Obj) or not obj.module or (id(obj), item) in f.attr_set:
            return
        if item in obj.children:
            obj = f.resolve(obj.children[item])
            continue
        if item in obj.params or item in obj.buffers:
            f.crash(loc, f"AttributeError: `{item}` is not an nn.Module")
            return
        if item in obj.attrs or item.startswith("_") or item in NN_MODULE_MEMBERS:
            return
        if obj.kind in _CONTAINERS and obj.cls is None:
            if dataflow_grown.grown(f, obj) or obj.unresolved or item in CONTAINER_METHODS:
                return
            f.crash(loc, f"AttributeError: {obj.kind} has no attribute `{item}`")
            return
        if obj.kind is None and obj.cls is not None:
            dataflow_attrs.missing_attr(run, Mod(obj), item, loc)  # its certainty, its words
        return


def from_numpy(run: Any, fv: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``torch.from_numpy(self.sizes)`` of a Python list or tuple the pass holds (numpy arrays
    are never one here): torch's TypeError "expected np.ndarray (got list)"."""
    if getattr(fv, "qual", None) != "torch.from_numpy" or len(args) != 1 or kwargs:
        return
    v = args[0]
    if type(v) in (list, tuple) and not run.f.speculative:
        run.f.crash(loc, f"TypeError: expected np.ndarray (got {type(v).__name__})")


_PACK = ("torch.nn.utils.rnn.pack_padded_sequence",)


def pack_lengths(run: Any, fv: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``pack_padded_sequence(x, lengths)`` with ``lengths`` a tensor of known rank other
    than 1 (``mask.sum(1, keepdim=True)``): torch refuses it ("'lengths' argument should be a
    1D CPU int64 tensor", or index_select's IndexError when ``enforce_sorted=False``)."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if getattr(fv, "qual", None) not in _PACK or run.f.speculative:
        return
    lengths = args[1] if len(args) > 1 else kwargs.get("lengths")
    shape = known_shape(lengths) if isinstance(lengths, Tens) else None
    if shape is not None and len(shape) != 1:
        run.f.crash(
            loc,
            "pack_padded_sequence: 'lengths' must be a 1-D tensor, got a "
            f"{len(shape)}-D one of shape {tuple(shape)}",
        )


# torch's integer and bool dtypes (``nn.Module.to`` takes floating or complex ones only)
_INT_DTYPES = frozenset(
    f"torch.{n}"
    for n in (
        "int64", "long", "int32", "int", "int16", "short", "int8", "uint8", "uint16",
        "uint32", "uint64", "bool",
    )
)  # fmt: skip


def _int_dtype_arg(run: Any, v: Any, node: ast.expr | None, fr: Any) -> str | None:
    """The integer / bool dtype ``v`` names (``torch.int64``; ``ids.dtype`` or ``ids`` itself of
    an integer tensor), or None."""
    from driftcheck.parsers.source.forward import dataflow_checks

    q = getattr(v, "qual", None)
    if isinstance(q, str) and q in _INT_DTYPES:
        return q
    t = v if isinstance(v, Tens) else None
    if t is None and isinstance(node, ast.Attribute) and node.attr == "dtype":
        if _self_chain(node.value):
            got = run.eval(node.value, fr)
            t = got if isinstance(got, Tens) else None
    if t is None:
        return None
    dt = dataflow_checks.fact(run.f, t, "dtype")
    if dt == dataflow_checks.INT:
        return (
            "torch.int64"
            if dataflow_checks.fact(run.f, t, "itype") in (None, "int64")
            else "an integer dtype"
        )
    if dt == dataflow_checks.UINT8:
        return "torch.uint8"
    return None


def module_to(run: Any, e: ast.Call, recv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``self.head.to(torch.int64)`` / ``.to(ids.dtype)`` / ``.to(ids)`` on a module: torch's
    TypeError "nn.Module.to only accepts floating point or complex dtypes"."""
    from driftcheck.parsers.source.values.abstract import Leaf

    f = run.f
    obj = f.resolve(recv.obj)
    if f.speculative or not (isinstance(obj, Leaf) or (isinstance(obj, Obj) and obj.module)):
        return
    cands = list(zip(args, e.args)) + [(kwargs.get("dtype"), None)]
    for v, node in cands:
        if isinstance(node, ast.Starred):
            return
        got = _int_dtype_arg(run, v, node, fr)
        if got is not None:
            f.crash(
                fr.loc(e),
                "TypeError: nn.Module.to only accepts floating point or complex dtypes, "
                f"but got desired dtype={got}",
            )
            return


@hooks.after(10)  # ``setattr(self, ..)``
def _after_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    called(run, e, fv, args, kwargs, out, fr)
