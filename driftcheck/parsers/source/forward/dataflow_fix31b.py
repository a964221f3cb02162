"""Session 31 (crashfix31b): fresh23's dev misses, made general (each rule torch's or CPython's
own behaviour, measured by ``tests/test_crash31b.py``; judged on real sizes only, never in code
``forward`` may not run).

- ``NONE_WHEN``: the attributes a torch norm layer holds as None by its constructor flags
  (``BatchNorm2d(c, track_running_stats=False).running_var``, ``InstanceNorm*`` by default,
  ``affine=False`` / ``elementwise_affine=False`` weights): the pass reads them as None, so
  ``bn.running_var + bn.eps`` is Python's TypeError.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import receiver
from driftcheck.parsers.source.values.dataflow_values import UNK, Tens

_BN = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d")
_IN = ("InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d")


def _norm_flags(default: bool) -> dict[str, tuple[str, bool]]:
    """A BatchNorm's (``default`` True) or an InstanceNorm's (False) None-able attributes."""
    stats = ("track_running_stats", default)
    return {
        "running_mean": stats,
        "running_var": stats,
        "num_batches_tracked": stats,
        "weight": ("affine", default),
        "bias": ("affine", default),
    }


# layer type -> attribute -> (constructor flag, its default): the attribute is None when the flag
# is False (torch 2.13, measured in tests/test_crash31b.py)
NONE_WHEN: dict[str, dict[str, tuple[str, bool]]] = {
    **{t: _norm_flags(True) for t in _BN},
    **{t: _norm_flags(False) for t in _IN},
    "GroupNorm": {"weight": ("affine", True), "bias": ("affine", True)},
    "LayerNorm": {"weight": ("elementwise_affine", True), "bias": ("elementwise_affine", True)},
}
NONE_ATTRS = frozenset(a for d in NONE_WHEN.values() for a in d)


def leaf_none(run: Any, leaf: Any, name: str) -> bool:
    """``leaf.<name>`` is None in torch for certain: a norm layer of the catalogue built with
    the flag that drops it (given as a literal ``False``, or left at a ``False`` default)."""
    rule = NONE_WHEN.get(getattr(leaf, "type", None) or "", {}).get(name)
    if rule is None or run.f.input_shape is None:
        return False
    if leaf.unresolved or leaf.gone or leaf.wnorm or leaf.owned or name in leaf.written:
        return False
    if not (isinstance(leaf.torch, str) and leaf.torch == f"torch.nn.{leaf.type}"):
        return False
    if name in leaf.tied:
        return False
    flag, default = rule
    got = leaf.params.get(flag, default)
    return got is False


def sure_leaf_none(run: Any, node: Any, fr: Any) -> bool:
    """``node`` is ``<chain>.<attr>`` that ``leaf_none`` holds None (``self.bn.running_var``)."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _chain, _torch_leaf

    if not isinstance(node, ast.Attribute) or node.attr not in NONE_ATTRS:
        return False
    if not _chain(node.value):
        return False
    leaf = _torch_leaf(run.f, run.eval(node.value, fr))
    return leaf is not None and leaf_none(run, leaf, node.attr)


def none_attribute(run: Any, node: Any, name: str, fr: Any, loc: Any) -> None:
    """``self.bn.running_mean.clone()`` with that statistic None: an attribute None lacks."""
    f = run.f
    if f.input_shape is None or f.speculative or loc is None or hasattr(None, name):
        return
    if sure_leaf_none(run, node, fr):
        f.crash(loc, f"AttributeError: 'NoneType' object has no attribute '{name}'")


# ---------------------------------------------------------------- Python builtins' keywords
# builtin -> the keywords CPython (3.9+) takes; any other keyword is a TypeError at the call
# (``sum(h, dim=1)``: the builtin, not ``torch.sum``). Measured in tests/test_crash31b.py.
BUILTIN_KEYWORDS: dict[str, frozenset[str]] = {
    "sum": frozenset({"start"}),
    "min": frozenset({"key", "default"}),
    "max": frozenset({"key", "default"}),
    "sorted": frozenset({"key", "reverse"}),
    "round": frozenset({"number", "ndigits"}),
    "enumerate": frozenset({"iterable", "start"}),
    **{
        n: frozenset()
        for n in (
            "len",
            "abs",
            "any",
            "all",
            "range",
            "map",
            "list",
            "tuple",
            "isinstance",
            "divmod",
            "reversed",
            "filter",
            "float",
            "bool",
            "iter",
            "next",
            "hasattr",
            "getattr",
        )
    },  # fmt: skip
}


def builtin_keywords(run: Any, name: str, kwargs: dict, loc: Any) -> bool:
    """``sum(h, dim=1)``: a keyword the builtin does not take. True when it crashed."""
    f = run.f
    allowed = BUILTIN_KEYWORDS.get(name)
    if allowed is None or not kwargs or f.input_shape is None or f.speculative or loc is None:
        return False
    bad = next((k for k in kwargs if k not in allowed), None)
    if bad is None:
        return False
    msg = (
        f"TypeError: {name}() takes no keyword arguments"
        if not allowed
        else f"TypeError: '{bad}' is an invalid keyword argument for {name}()"
    )
    f.crash(loc, msg)
    return True


# ---------------------------------------------------------------- ``with torch.no_grad:``
# torch's context-manager classes (their instances are the managers: the class object itself,
# of type ``type``, has no ``__enter__``). Measured in tests/test_crash31b.py.
CONTEXT_CLASSES = frozenset(
    {
        "torch.no_grad", "torch.enable_grad", "torch.inference_mode", "torch.set_grad_enabled",
        "torch.autograd.grad_mode.no_grad", "torch.autograd.grad_mode.enable_grad",
        "torch.autograd.grad_mode.inference_mode", "torch.autograd.grad_mode.set_grad_enabled",
        "torch.autograd.no_grad", "torch.autograd.enable_grad", "torch.autograd.inference_mode",
        "torch.autograd.set_grad_enabled", "torch.autocast", "torch.amp.autocast",
        "torch.autograd.detect_anomaly", "torch.autograd.set_detect_anomaly",
    }
)  # fmt: skip


def with_item(run: Any, item: ast.withitem, v: Any, fr: Any) -> None:
    """``with torch.no_grad:`` (the class, not an instance): CPython's TypeError."""
    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    from driftcheck.parsers.source.values.abstract import Ext

    if isinstance(v, Ext) and v.qual in CONTEXT_CLASSES:
        f.crash(fr.loc(item.context_expr),
                "TypeError: 'type' object does not support the context manager protocol")  # fmt: skip


# ---------------------------------------------------------------- arithmetic on a torch.Size
_SIGN = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
         ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>",
         ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}  # fmt: skip


def size_number(f: Any, op: ast.operator, a: Any, b: Any, loc: Any) -> bool:
    """``x.shape[2:] * 1.5``, ``x.shape[2:] // 2``: a ``torch.Size`` (a tuple) and a Python
    number: CPython's TypeError for every operator but ``*`` by an int (repetition). True when
    reported."""
    from driftcheck.parsers.source.forward.dataflow_misuse import _size

    if f.input_shape is None or f.speculative or loc is None:
        return False
    plain = (int, float, bool)
    if _size(f, a) and b.__class__ in plain:
        size_left, num = True, b
    elif _size(f, b) and a.__class__ in plain:
        size_left, num = False, a
    else:
        return False
    sign = _SIGN.get(type(op))
    if sign is None:
        return False
    if isinstance(op, ast.Mult):
        if num.__class__ is not float:
            return False  # repetition
        f.crash(loc, "TypeError: can't multiply sequence by non-int of type 'float'")
        return True
    kinds = ("torch.Size", type(num).__name__)
    if not size_left:
        kinds = kinds[::-1]
    if isinstance(op, ast.Add):
        if size_left:
            msg = f'TypeError: can only concatenate tuple (not "{kinds[1]}") to tuple'
        else:
            msg = f"TypeError: unsupported operand type(s) for +: '{kinds[0]}' and 'torch.Size'"
        f.crash(loc, msg)
        return True
    f.crash(loc, f"TypeError: unsupported operand type(s) for {sign}: '{kinds[0]}' and "
            f"'{kinds[1]}'")  # fmt: skip
    return True


# ---------------------------------------------------------------- dtypes torch's ops refuse
# op -> (the index's position with ``self`` first (function and method forms alike), its
# keyword, the dtypes taken, the op's name in torch's message); measured in
# tests/test_crash31b.py on int64 / int32 / int16 / int8 / uint8 / bool / floating indices.
# ``take_along_dim`` with a ``dim`` takes int64 only (``TAKE_ALONG_DIM``), without one it is a
# ``gather`` of the flattened input (int32 taken there)
_LONG = frozenset({"int64"})
_INTS = frozenset({"int64", "int32"})
INDEX_DTYPES: dict[str, tuple[int, str, frozenset[str], str]] = {
    "take_along_dim": (1, "indices", _INTS, "gather"),
    "gather": (2, "index", _INTS, "gather"),
    "scatter": (2, "index", _INTS, "scatter"),
    "scatter_": (2, "index", _INTS, "scatter"),
    "scatter_add": (2, "index", _INTS, "scatter"),
    "scatter_add_": (2, "index", _INTS, "scatter"),
    "index_select": (2, "index", _INTS, "index_select"),
    "index_add": (2, "index", _INTS, "index_add_"),
    "index_add_": (2, "index", _INTS, "index_add_"),
    "index_copy": (2, "index", _LONG, "index_copy_"),
    "index_copy_": (2, "index", _LONG, "index_copy_"),
    "take": (1, "index", _LONG, "take"),
}
TAKE_ALONG_DIM = _LONG
_WORDS = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "bool": "Bool",
          "uint8": "Byte", "floating": "a floating type"}  # fmt: skip


def _dtype(f: Any, t: Any) -> str | None:
    """``t``'s dtype where the pass knows it for certain: an exact integer width
    (``.int()`` int32, ``.long()`` / ``argmax`` int64), ``bool``, ``uint8``, or ``floating``
    (any floating or complex dtype); None when unknown."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_fix25 import exact_dtype

    if not isinstance(t, Tens):
        return None
    d = dataflow_checks.fact(f, t, "dtype")
    if d in ("float", "float64", "complex"):
        return "floating"
    if d in ("bool", "uint8"):
        return d
    if d == dataflow_checks.INT:
        got = exact_dtype(f, None, t)
        return got if got in ("int64", "int32", "int16", "int8") else None
    return None


_PAD_MODES = ("reflect", "replicate", "circular")


@hooks.before(50)  # ``take_along_dim``
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Before a call: the op-level refusals above (torch function or tensor method form)."""
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    loc = fr.loc(e)
    func = e.func
    if isinstance(func, ast.Attribute) and func.attr in _MODULE_CALLS:
        _module_call(run, e, func, args, kwargs, fr)
    if isinstance(fv, Bound) and fv.name in _GRAD_METHODS:
        _grad_method(f, fv, args, kwargs, loc)  # ``h.numpy()`` of a tensor that needs grad
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        _op(f, fv.name, [fv.target, *args], kwargs, loc, method=True)
        return
    q = getattr(fv, "qual", None)
    if not isinstance(q, str):
        return
    if q in _GRAD_SETTERS:
        f.run_state["fix31b_grad_touched"] = True  # ``torch.set_grad_enabled(False)``
    if q in VEC_TO_PARAMS:
        _vector_to_parameters(f, args, kwargs, loc)
        return
    for pre in ("torch.nn.functional.", "torch."):
        if q.startswith(pre) and "." not in q[len(pre) :]:
            _op(f, q[len(pre) :], args, kwargs, loc, method=False)
            return


def _op(f: Any, name: str, args: list, kwargs: dict, loc: Any, method: bool) -> None:
    """``args[0]`` is the tensor ``self`` in both forms."""
    from driftcheck.parsers.source.forward.dataflow_common import arg

    if name == "multinomial" and args and _fact(f, args[0], "hasnan"):
        why = _fact(f, args[0], "hasnan")  # a str: its origin (dataflow_fix34d)
        why = why if isinstance(why, str) else "a NaN filled in by masked_fill"
        f.crash(loc, "RuntimeError: probability tensor contains either `inf`, `nan` or "
                f"element < 0 ({why})")  # fmt: skip
        return
    rule = INDEX_DTYPES.get(name)
    if rule is not None and args and isinstance(args[0], Tens):
        from driftcheck.parsers.source.values.dataflow_values import known_shape

        pos, kw, ok, op = rule
        idx = arg(args, kwargs, pos, kw)
        if name == "take_along_dim" and arg(args, kwargs, pos + 1, "dim") is not None:
            ok, op = TAKE_ALONG_DIM, "torch.take_along_dim"
        got = _dtype(f, idx)
        shape = known_shape(idx) if isinstance(idx, Tens) else None
        if got is None or got in ok or not shape or 0 in shape:
            return
        want = "Long" if ok == _LONG else "int32 or int64"
        f.crash(loc, f"RuntimeError: {op}(): dtype of indices should be {want} but got "
                f"{_WORDS[got]}")  # fmt: skip
        return
    if name == "gumbel_softmax" and not method and args:
        from driftcheck.parsers.source.forward import dataflow_checks

        t = arg(args, kwargs, 0, "logits")
        got = dataflow_checks.fact(f, t, "dtype") if isinstance(t, Tens) else None
        if got in (dataflow_checks.INT, "bool", "uint8"):  # any integer width: not floating
            f.crash(loc, "RuntimeError: Exponential distribution is a continuous probability "
                    "distribution. dtype must be a floating point")  # fmt: skip
        return
    if name == "pad" and not method and args and isinstance(args[0], Tens):
        mode = arg(args, kwargs, 2, "mode", "constant")
        value = arg(args, kwargs, 3, "value")
        if mode in _PAD_MODES and value.__class__ in (int, float) and value != 0:
            f.crash(loc, f'RuntimeError: Padding mode "{mode}" doesn\'t take in value argument')


def none_number(f: Any, op: ast.operator, a: Any, b: Any, loc: Any) -> bool:
    """``bn.running_var + 1e-5`` with that statistic surely None (the caller's ``sure_none``)
    and a Python number: neither defines the operation (CPython's TypeError)."""
    if f.input_shape is None or f.speculative or loc is None:
        return False
    plain = (int, float, bool)
    if a is None and b.__class__ in plain:
        kinds = ("NoneType", type(b).__name__)
    elif b is None and a.__class__ in plain:
        kinds = (type(a).__name__, "NoneType")
    else:
        return False
    sign = _SIGN.get(type(op))
    if sign is None:
        return False
    f.crash(loc, f"TypeError: unsupported operand type(s) for {sign}: '{kinds[0]}' and "
            f"'{kinds[1]}'")  # fmt: skip
    return True


# ---------------------------------------------------------------- torch containers' items
def container_item(f: Any, obj: Any, key: Any, loc: Any) -> bool:
    """``self.heads[0]`` of a ``ModuleDict`` (its keys are always str: KeyError), a
    ``ParameterList`` indexed past its certain items (IndexError), a ``ParameterDict`` read
    under a key it lacks (its ``__getitem__`` is ``getattr``: AttributeError). Only a torch
    container itself (not a subclass), whose items ``__init__`` knew exactly and ``forward``
    did not change. True when reported."""
    from driftcheck.parsers.source.forward import dataflow_grown
    from driftcheck.parsers.source.forward.dataflow_containers import _plain_torch_container

    if f.input_shape is None or f.speculative or loc is None:
        return False
    if key.__class__ in (int, bool) and _plain_torch_container(obj, frozenset({"ModuleDict"})):
        f.crash(loc, f"KeyError: {key!r} (a ModuleDict's keys are str)")
        return True
    if dataflow_grown.grown(f, obj):
        return False
    if obj.children or obj.none_keys:
        return False  # (a parameter container holds parameters only)
    if key.__class__ is int and _plain_torch_container(obj, frozenset({"ParameterList"})):
        n = len(obj.params)
        if not -n <= key < n:
            f.crash(loc, f"IndexError: index {key} is out of range (ParameterList of {n})")
            return True
        return False
    if key.__class__ is str and _plain_torch_container(obj, frozenset({"ParameterDict"})):
        if key not in obj.params:
            f.crash(loc, f"AttributeError: 'ParameterDict' object has no attribute '{key}'")
            return True
    return False


def params_len(obj: Any) -> int | None:
    """``len(self.prompts)`` of a torch ``ParameterList`` / ``ParameterDict`` whose items
    ``__init__`` knew exactly: its parameters' count (the module count is 0 there)."""
    from driftcheck.parsers.source.forward.dataflow_containers import _plain_torch_container

    kinds = frozenset({"ParameterList", "ParameterDict"})
    if obj.children or obj.none_keys or not _plain_torch_container(obj, kinds):
        return None
    return len(obj.params)


# ---------------------------------------------------------------- module registry in forward
_MODULE_CALLS = frozenset(
    {"register_parameter", "add_module", "register_module", "get_parameter", "get_buffer"}
)


def _module_call(run: Any, e: ast.Call, func: ast.Attribute, args: list, kwargs: dict, fr: Any):
    """``self.register_parameter("s", torch.ones(4))`` (a plain tensor, not a Parameter),
    ``self.add_module("act", F.gelu)`` (not a module), ``self.get_parameter("a.weight")`` with
    no submodule ``a``: torch's TypeError / AttributeError."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _chain, _plain_class
    from driftcheck.parsers.source.values.dataflow_values import Mod

    f = run.f
    if not _chain(func.value):
        return
    owner = receiver(run, e, fr)
    if not isinstance(owner, Mod):
        return
    obj = f.resolve(owner.obj)
    loc = fr.loc(e)
    how = func.attr
    key = args[0] if args else kwargs.get("name" if how != "get_parameter" else "target")
    if not isinstance(key, str):
        return
    if how in ("get_parameter", "get_buffer"):
        if "." in key and not kwargs and len(args) == 1:
            from driftcheck.parsers.source.forward.dataflow_fix28b import get_submodule

            get_submodule(run, owner.obj, key.rpartition(".")[0], loc)  # its module path
        return
    if not key or "." in key:
        return  # torch's KeyError on the name itself: not judged here
    if not _plain_class(obj, (how, "__getattr__", "__getattribute__", "__setattr__")):
        return
    slot = "param" if how == "register_parameter" else "module"
    v = args[1] if len(args) > 1 else kwargs.get(slot, UNK)
    if how == "register_parameter":
        what = _not_parameter(run, e.args[1] if len(e.args) > 1 else None, v, fr)
        if what is not None:
            f.crash(loc, f"TypeError: cannot assign '{what}' object to parameter '{key}' "
                    "(torch.nn.Parameter or None required)")  # fmt: skip
        return
    what = _not_module(v)
    if what is not None:
        f.crash(loc, f"TypeError: {what} is not a Module subclass")


def _not_parameter(run: Any, node: Any, v: Any, fr: Any) -> str | None:
    """The type name of ``v`` when it is surely neither a ``Parameter`` nor None: a Python
    value, or a tensor a torch factory made (``torch.ones(4)``), maybe through tensor methods
    (``.requires_grad_()``: no method makes a Parameter of a plain tensor)."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import ALLOC, _type_name

    t = _type_name(v)
    if t is None or v is None:
        return None
    if t != "Tensor":
        return t
    e = node
    while isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute):
        inner = e.func.value
        if not isinstance(inner, ast.Call):
            break
        if isinstance(inner.func, ast.Attribute) and _torch_fn(run, inner.func, fr) in ALLOC:
            return "torch.Tensor"
        e = inner
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute):
        if _torch_fn(run, e.func, fr) in ALLOC:
            return "torch.Tensor"
    return None


def _torch_fn(run: Any, func: ast.Attribute, fr: Any) -> str | None:
    """``torch.<name>`` that ``func`` names (its value read, not its spelling), else None."""
    if not isinstance(func.value, ast.Name):
        return None
    q = getattr(run.eval(func, fr), "qual", None)
    if isinstance(q, str) and q.startswith("torch.") and q.count(".") == 1:
        return q[6:]
    return None


def _not_module(v: Any) -> str | None:
    """A name for ``v`` when it is surely not a module instance (nor None): a Python function
    (a lambda, a plain ``def``), a function of ``torch.nn.functional``, a tensor, a number or
    str or container."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _type_name
    from driftcheck.parsers.source.values.abstract import Ext, ExtClass
    from driftcheck.parsers.source.values.dataflow_values import UserFunc

    if v is None:
        return None
    t = _type_name(v)
    if t is not None:
        return "torch.Tensor" if t == "Tensor" else t
    local = getattr(v, "local_def", False) is True  # a ``lambda`` / ``def`` inside forward
    if (isinstance(v, UserFunc) and v.self_mod is None) or local:
        node = getattr(v, "node", None) if local else getattr(v.func, "node", None)
        if isinstance(node, ast.Lambda):
            return "<lambda>"
        if isinstance(node, ast.FunctionDef) and not node.decorator_list:
            return node.name
        return None
    if isinstance(v, Ext) and not isinstance(v, ExtClass):
        pre = "torch.nn.functional."
        if v.qual.startswith(pre) and "." not in v.qual[len(pre) :]:
            name = v.qual[len(pre) :]
            return v.qual if name[:1].islower() and not name.startswith("_") else None
    return None


_REGISTRIES = {"_modules": "children", "_parameters": "params", "_buffers": "buffers"}


def registry_member(run: Any, e: ast.Compare, key: str, fr: Any) -> bool | None:
    """``"act" in self._modules`` (``_parameters`` / ``_buffers``) on a module of the code's own
    class seen whole, whose registries ``__init__`` knew exactly and whose name ``key``
    ``forward`` has not written: the answer; None when not judged."""
    from driftcheck.parsers.source.forward import dataflow_grown
    from driftcheck.parsers.source.forward.dataflow_fix30b import _chain, _plain_class
    from driftcheck.parsers.source.values.dataflow_values import Mod

    f = run.f
    op, rx = e.ops[0], e.comparators[0]
    if not isinstance(op, (ast.In, ast.NotIn)) or not isinstance(rx, ast.Attribute):
        return None
    part = _REGISTRIES.get(rx.attr)
    if part is None or not _chain(rx.value):
        return None
    owner = run.eval(rx.value, fr)
    obj = f.resolve(owner.obj) if isinstance(owner, Mod) else None
    names = ("__setattr__", "__getattr__", "__getattribute__", "__new__", rx.attr)
    if obj is None or not _plain_class(obj, names) or dataflow_grown.grown(f, obj):
        return None
    if (id(obj), key) in f.attr_set or any(i == id(obj) for i, _ in f.attr_set):
        return None  # ``forward`` wrote on the module: not followed here
    reg = getattr(obj, part)
    if key in getattr(obj, "none_keys", ()) and part == "children":
        return isinstance(op, ast.In)
    got = key in reg
    return got if isinstance(op, ast.In) else not got


# ---------------------------------------------------------------- vector_to_parameters
VEC_TO_PARAMS = frozenset(
    {
        "torch.nn.utils.vector_to_parameters",
        "torch.nn.utils.convert_parameters.vector_to_parameters",
    }
)


def _vector_to_parameters(f: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``vector_to_parameters(vec, m.parameters())`` with a 1-D ``vec`` shorter than the
    parameters' total count: torch slices ``vec`` per parameter and ``view_as`` of a short
    slice raises (a longer vector runs: its tail is not read)."""
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    vec = arg(args, kwargs, 0, "vec")
    params = arg(args, kwargs, 1, "parameters")
    shape = known_shape(vec) if isinstance(vec, Tens) else None
    if shape is None or len(shape) != 1 or not isinstance(params, list) or not params:
        return
    sizes = [known_shape(p) if isinstance(p, Tens) else None for p in params]
    if any(s is None for s in sizes):
        return
    total, n = 0, shape[0]
    for s in sizes:
        k = 1
        for d in s:
            k *= d
        if k and total + k > n:
            f.crash(loc, f"RuntimeError: shape '{list(s)}' is invalid for input of size "
                    f"{max(n - total, 0)} (vector_to_parameters: {n} values for more "
                    "parameters)")  # fmt: skip
            return
        total += k


# ---------------------------------------------------------------- a parameter unpacked
def listed_tensors(f: Any, got: Any) -> None:
    """Remember the tensors ``m.parameters()`` / ``named_parameters()`` / ``buffers()`` gave
    (``dataflow_params.listed``: every shape certain, or no list at all)."""
    if f.input_shape is None or not isinstance(got, list):
        return
    seen = f.run_state.setdefault("fix31b_listed", {})
    for item in got:
        t = item[1] if isinstance(item, tuple) and len(item) == 2 else item
        if isinstance(t, Tens):
            seen[id(t)] = t


def listed_unpacked(f: Any, t: Any, n: int, site: Any) -> bool:
    """``for name, p in self.parameters()``: each item is a tensor, and unpacking it iterates
    its first axis (a 0-d tensor is not iterable): Python's ValueError / torch's TypeError
    where that axis is not ``n`` long. True when reported."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if f.input_shape is None or f.speculative or site is None:
        return False
    if f.run_state.get("fix31b_listed", {}).get(id(t)) is not t:
        return False
    shape = known_shape(t)
    if shape is None:
        return False
    fr, tgt = site
    if not shape:
        f.crash(fr.loc(tgt), "TypeError: iteration over a 0-d tensor")
        return True
    if shape[0] == n:
        return False
    msg = (
        f"ValueError: too many values to unpack (expected {n})"
        if shape[0] > n
        else f"ValueError: not enough values to unpack (expected {n}, got {shape[0]})"
    )
    f.crash(fr.loc(tgt), msg + f" (a parameter of shape {list(shape)})")
    return True


# ---------------------------------------------------------------- tensors that need grad
# torch layers whose weights are parameters that require grad as built (torch makes every
# Parameter so); their output requires grad where grad mode is on (measured in
# tests/test_crash31b.py)
GRAD_LAYERS = frozenset(
    {
        "Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
        "ConvTranspose2d", "ConvTranspose3d", "Embedding",
    }
)  # fmt: skip
_GRAD_METHODS = frozenset({"requires_grad_", "numpy", "detach_"})
_GRAD_SETTERS = frozenset(
    {"torch.set_grad_enabled", "torch.autograd.set_grad_enabled", "torch._C._set_grad_enabled"}
)
_GRAD = "fix31b_grad"


def with_modes(f: Any, fr: Any, modes: list, step: int) -> None:
    """Entering (+1) / leaving (-1) a ``with``: the grad modes it set, and in which frame."""
    if f.input_shape is None or not modes:
        return
    stack = f.run_state.setdefault("fix31b_with", [])
    if step > 0:
        stack.append((id(fr), tuple(modes)))
    elif stack:
        stack.pop()


def _grad_on_here(f: Any, fr: Any) -> bool:
    """Grad mode is surely on in ``fr``: its innermost ``with`` is ``torch.enable_grad()``
    entered in this very frame (not a caller's: a helper may be decorated), no ``with`` of
    an unknown manager is open, and nothing may have changed a parameter's flag."""
    stack = f.run_state.get("fix31b_with") or []
    if not stack or any("unknown" in m for _, m in stack):
        return False
    frame, modes = stack[-1]
    if frame != id(fr) or any(m != "enable" for m in modes):
        return False
    if f.run_state.get("fix31b_grad_touched") or f.doubts:
        return False
    return _flags_untouched(f)


def own_trees(interp: Any) -> list[ast.AST] | None:
    """The syntax trees of every module of the code the run loaded (torch's own skipped),
    for the rules that must see that no code anywhere does something (stores a flag, calls
    ``backward``...); None when some loaded module has no tree (nothing can be ruled out)."""
    mods = getattr(interp, "mods", None)
    if not isinstance(mods, dict):
        return None
    trees = []
    for key, info in mods.items():
        if isinstance(key, str) and key.startswith("@torch:"):
            continue
        tree = getattr(info, "tree", None)
        if tree is None:
            return None
        trees.append(tree)
    return trees


def _flags_untouched(f: Any) -> bool:
    """No parameter's flag may have changed: ``__init__`` did nothing to any
    (``interp/gradflag.py``) and no loaded module of the code stores a ``.requires_grad``
    attribute (``p.requires_grad = False``) or names it to ``setattr``."""
    got = f.run_state.get("fix31b_flags_ok")
    if isinstance(got, bool):
        return got
    ip = f.interp
    ok = getattr(ip, "grad_lost", "unknown") is None
    trees = own_trees(ip) if ok else ()
    if trees is None:
        ok = False
    for tree in trees or ():
        for n in ast.walk(tree):
            if (
                isinstance(n, ast.Attribute)
                and n.attr == "requires_grad"
                and not isinstance(n.ctx, ast.Load)
            ):
                ok = False
            elif isinstance(n, ast.Constant) and n.value == "requires_grad":
                ok = False  # ``setattr(p, "requires_grad", False)``
        if not ok:
            break
    f.run_state["fix31b_flags_ok"] = ok
    return ok


def after_call(run: Any, fv: Any, out: Any, fr: Any, args: list, kwargs: dict) -> None:
    """``h = self.enc(x)`` inside ``with torch.enable_grad():``: ``h`` requires grad;
    ``masked_fill(mask, nan)`` / ``softmax`` of it: some value is NaN."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _torch_leaf
    from driftcheck.parsers.source.values.dataflow_values import Mod

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or not isinstance(out, Tens):
        return
    if not isinstance(fv, Mod):
        _nan_values(f, fv, args, kwargs, out)
        return
    leaf = _torch_leaf(f, fv)
    if leaf is None or leaf.type not in GRAD_LAYERS or leaf.tied or leaf.owned or leaf.wnorm:
        return
    if leaf.type != f"{leaf.torch}".rsplit(".", 1)[-1] or not _grad_on_here(f, fr):
        return
    f.run_state.setdefault(_GRAD, {})[id(out)] = out


def _grad_method(f: Any, fv: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``h.requires_grad_(False)`` / ``h.numpy()`` on a layer's output that requires grad (a
    non-leaf): torch's RuntimeError. ``requires_grad_`` on anything else may change a
    parameter's flag: no tensor is judged after it."""
    marked = f.run_state.get(_GRAD, {})
    t = fv.target
    sure = isinstance(t, Tens) and marked.get(id(t)) is t
    if fv.name == "requires_grad_":
        flag = args[0] if args else kwargs.get("requires_grad", True)
        if not sure:
            f.run_state["fix31b_grad_touched"] = True
        elif flag is False:
            f.crash(loc, "RuntimeError: you can only change requires_grad flags of leaf "
                    "variables (a layer's output computed under enable_grad)")  # fmt: skip
        return
    if not sure:
        return
    if fv.name == "detach_":
        marked.pop(id(t), None)
    elif fv.name == "numpy" and not args and kwargs.get("force") is not True and not kwargs:
        f.crash(loc, "RuntimeError: Can't call numpy() on Tensor that requires grad. Use "
                "tensor.detach().numpy() instead.")  # fmt: skip


# ---------------------------------------------------------------- NaN values
_NAN_KEEP = frozenset({"softmax", "log_softmax"})  # a row with a NaN is all NaN after them


def _fact(f: Any, t: Any, key: str) -> Any:
    from driftcheck.parsers.source.forward import dataflow_checks

    return dataflow_checks.fact(f, t, key) if isinstance(t, Tens) else None


def _nan_values(f: Any, fv: Any, args: list, kwargs: dict, out: Tens) -> None:
    """``t.masked_fill(mask, float("nan"))`` with the mask's values known and one of them
    true where it meets ``t`` (broadcast): some value is NaN; ``softmax`` / ``log_softmax``
    keep that (the NaN's whole slice becomes NaN)."""
    import math

    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_known
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.dataflow_values import Bound, known_shape

    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        name, full = fv.name, [fv.target, *args]
    else:
        q = getattr(fv, "qual", None)
        if not isinstance(q, str):
            return
        name = q.rsplit(".", 1)[-1]
        if q not in (f"torch.{name}", f"torch.nn.functional.{name}", f"torch.special.{name}"):
            return
        full = list(args)
    if not full or not isinstance(full[0], Tens):
        return
    t = full[0]
    if name in _NAN_KEEP:
        if _fact(f, t, "hasnan"):
            dataflow_checks.add_facts(f, out, hasnan=True)
        return
    if name != "masked_fill":
        return
    mask, value = arg(full, kwargs, 1, "mask"), arg(full, kwargs, 2, "value")
    if not (isinstance(value, float) and math.isnan(value)):
        return
    a, shape = dataflow_known.array(f, mask), known_shape(t)
    if a is None or shape is None or a.dtype.kind != "b":
        return
    try:
        hit = bool(dataflow_known.np().broadcast_to(a, shape).any())
    except ValueError:
        return
    if hit and known_shape(out) == shape:
        dataflow_checks.add_facts(f, out, hasnan=True)


@hooks.after(30)  # needs grad, NaN
def _after_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    after_call(run, fv, out, fr, args, kwargs)
