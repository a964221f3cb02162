"""Session 30 (crashfix30b): Python-level errors on modules, their containers and None, on
real sizes (each measured in CPython / torch 2.13 by ``tests/test_crash30b.py``).

- ``nn.Module.__setattr__``: a value that is not a module (a tensor, a list, a number) written
  over a child module's name (``self.norm = self.norm(h)``, ``self.feats = []``), a Python
  number over a buffer's name (``self.steps = 0``) or a parameter's, and
  ``register_buffer("steps", 1)`` of a non-tensor: torch's TypeError.
- unpacking: a module whose class defines no ``__iter__`` unpacked (``for i, blk in
  self.blocks``: "cannot unpack non-iterable Block object"); a ``str`` of known length unpacked
  into another number of names (``for name, head in self.heads`` over a ``ModuleDict``'s keys).
- subscripts: a list indexed by a ``str`` (``self.scales[name]``), a torch layer that
  defines no ``__getitem__`` subscripted (``self.emb[ids]``).
- calls: a ``str`` called, a layer's parameter called (``self.emb.weight(ids)``).
- ``layer.bias`` of a torch layer built with ``bias=False`` is None (``BIAS_NONE``); an
  attribute None does not have read on None: AttributeError.
- ``torch.stack`` / ``torch.cat`` (``TENSOR_SEQ``) given a generator expression: torch's
  argument parser takes a tuple or list of tensors only.

Each is judged only on what the pass knows for certain: a module of a class whose whole MRO is
seen (user classes on ``nn.Module`` alone, none defining the protocol method) or a torch layer
of the catalogue; never in code ``forward`` may not run (``Flow.crash``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import pure_chain as _chain
from driftcheck.parsers.source.forward.dataflow_common import receiver
from driftcheck.parsers.source.values.abstract import Leaf, Obj
from driftcheck.parsers.source.values.dataflow_values import Mod, Tens, UnkNum

# Python's own types the pass holds as themselves, with their names in CPython's messages
_PLAIN = {int: "int", float: "float", bool: "bool", str: "str", list: "list", tuple: "tuple",
          dict: "dict"}  # fmt: skip

# torch layers whose ``bias`` attribute is None when built with ``bias=False`` (torch 2.13,
# measured in tests/test_crash30b.py)
BIAS_NONE = frozenset(
    {
        "Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
        "ConvTranspose2d", "ConvTranspose3d", "LayerNorm",
    }
)  # fmt: skip

# torch functions whose first argument must be a tuple or list of tensors (a generator is
# refused by the argument parser: "must be tuple of Tensors, not generator")
TENSOR_SEQ = frozenset(
    {
        "torch.stack", "torch.cat", "torch.concat", "torch.concatenate", "torch.hstack",
        "torch.vstack", "torch.dstack", "torch.column_stack", "torch.row_stack",
    }
)  # fmt: skip


def _type_name(v: Any) -> str | None:
    """Python's name for ``v``'s type where the pass knows it for certain, else None; a plain
    number of unknown value (``NUM``: ``int(t) + 1``, ``t.item()``) is "number" (session 31:
    each caller refuses every Python number alike)."""
    if isinstance(v, Tens):
        return "Tensor"
    if v.__class__ is UnkNum:
        return "number"
    return _PLAIN.get(v.__class__)


def _plain_class(obj: Any, names: tuple[str, ...]) -> bool:
    """``obj`` is a module of a class seen whole: every class of its MRO is a class of the
    code's own (defining none of ``names``) or ``nn.Module`` itself."""
    from driftcheck.parsers.source.interp.objmodel import _NN_MODULE
    from driftcheck.parsers.source.values.abstract import Cls

    if not isinstance(obj, Obj) or not obj.module or obj.kind or obj.qual or obj.cls is None:
        return False
    if obj.unresolved:
        return False
    try:
        mro = obj.cls.mro()
    except Exception:  # noqa: BLE001 - a class we cannot read: nothing is certain
        return False
    for c in mro:
        if isinstance(c, Cls):
            for st in c.node.body:
                if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name in names:
                    return False
                if isinstance(st, (ast.Assign, ast.AnnAssign)):
                    tgts = st.targets if isinstance(st, ast.Assign) else [st.target]
                    if any(isinstance(t, ast.Name) and t.id in names for t in tgts):
                        return False
        elif getattr(c, "qual", None) not in _NN_MODULE:
            return False
    return True


def _torch_leaf(f: Any, v: Any) -> Leaf | None:
    """The torch catalogue layer ``v`` is (all its parameters known), or None."""
    if not isinstance(v, Mod):
        return None
    obj = f.resolve(v.obj)
    if not isinstance(obj, Leaf) or obj.unresolved or obj.written:
        return None
    if not (isinstance(obj.torch, str) and obj.torch.startswith("torch.nn.")):
        return None
    return obj


def _class_name(f: Any, v: Any) -> str | None:
    """The class name of a module ``v`` that defines no ``__iter__`` / ``__getitem__``."""
    leaf = _torch_leaf(f, v)
    if leaf is not None:
        return leaf.type if leaf.type in _NO_PROTOCOL_LEAVES else None
    obj = f.resolve(v.obj) if isinstance(v, Mod) else None
    names = ("__iter__", "__getitem__", "__getattr__", "__getattribute__", "__class__")
    if obj is not None and _plain_class(obj, names):
        return obj.cls.name
    return None


# torch layers (catalogue leaves) that define neither ``__iter__`` nor ``__getitem__``
# (measured in tests/test_crash30b.py); containers are never leaves
_NO_PROTOCOL_LEAVES = frozenset(
    {
        "Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
        "ConvTranspose2d", "ConvTranspose3d", "Embedding", "EmbeddingBag", "LayerNorm",
        "GroupNorm", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "Dropout", "ReLU", "GELU",
        "SiLU", "Tanh", "Sigmoid", "MultiheadAttention", "LSTM", "GRU", "RNN",
    }
)  # fmt: skip


def setattr_checked(run: Any, obj: Any, name: Any, v: Any, loc: Any) -> None:
    """``self.<name> = v`` in ``forward``: torch's ``Module.__setattr__`` refuses a non-module
    over a child module's name, a non-tensor over a buffer's, a plain value over a
    parameter's (None is taken for each)."""
    f = run.f
    if f.input_shape is None or f.speculative or loc is None or not isinstance(name, str):
        return
    obj = f.resolve(obj)
    if (id(obj), name) in f.attr_set:
        return  # ``forward`` wrote (or deleted) it before: not followed here
    if not _plain_class(obj, ("__setattr__", "__getattr__", "__getattribute__", "__class__")):
        return
    t = _type_name(v)
    if t is None:
        return
    if name in obj.params:
        if t != "Tensor":
            f.crash(loc, f"TypeError: cannot assign '{t}' as parameter '{name}' "
                    "(torch.nn.Parameter or None expected)")  # fmt: skip
    elif name in obj.children and obj.children[name] is not None:
        f.crash(loc, f"TypeError: cannot assign '{t}' as child module '{name}' "
                "(torch.nn.Module or None expected)")  # fmt: skip
    elif name in obj.buffers and t != "Tensor":
        f.crash(loc, f"TypeError: cannot assign '{t}' as buffer '{name}' "
                "(torch.nn.Buffer, torch.Tensor or None expected)")  # fmt: skip


def buffer_registered(run: Any, obj: Any, how: str, args: list, kwargs: dict, loc: Any) -> None:
    """``self.register_buffer("steps", 1)``: a value neither a tensor nor None."""
    f = run.f
    if how != "register_buffer" or f.input_shape is None or f.speculative or loc is None:
        return
    if not _plain_class(f.resolve(obj), ("register_buffer", "__getattr__", "__getattribute__")):
        return
    key = args[0] if args else kwargs.get("name")
    v = args[1] if len(args) > 1 else kwargs.get("tensor", Tens)
    t = _type_name(v)
    if not isinstance(key, str) or t is None or t == "Tensor":
        return
    f.crash(loc, f"TypeError: cannot assign '{t}' object to buffer '{key}' "
            "(torch Tensor or None required)")  # fmt: skip


def unpacked(run: Any, v: Any, n: int, site: tuple | None) -> list | None:
    """``a, b = v`` where Python surely raises (a module that is not iterable; a str of
    another length) or gives a str's characters. None: not decided here."""
    f = run.f
    if site is None or f.input_shape is None or f.speculative:
        return None
    fr, tgt = site
    if isinstance(v, str):
        if len(v) == n:
            return list(v)
        got = len(v)
        msg = (
            f"ValueError: too many values to unpack (expected {n})"
            if got > n
            else f"ValueError: not enough values to unpack (expected {n}, got {got})"
        )
        f.crash(fr.loc(tgt), msg)
        return None
    if isinstance(v, Mod):
        name = _class_name(f, v)
        if name is not None:
            f.crash(fr.loc(tgt), f"TypeError: cannot unpack non-iterable {name} object")
    return None


def subscripted(f: Any, v: Any, key: Any, loc: Any) -> str | None:
    """``xs["a"]`` on a list; ``layer[i]`` on a torch layer (or a module of the
    code's own class) that defines no ``__getitem__``: Python's TypeError."""
    if f.input_shape is None or loc is None:
        return None
    if isinstance(key, str) and v.__class__ is list:
        # (a list only: the pass may hold a library's output, which takes str keys, as a tuple)
        return "TypeError: list indices must be integers or slices, not str"
    if isinstance(v, Mod):
        name = _class_name(f, v)
        if name is not None:
            return f"TypeError: '{name}' object is not subscriptable"
    return None


def called(run: Any, e: ast.Call, fv: Any, fr: Any, args: list | None = None) -> None:
    """``"relu"(x)`` (a str called); ``self.emb.weight(ids)`` (a layer's parameter)."""
    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    if isinstance(fv, str):
        f.crash(fr.loc(e), "TypeError: 'str' object is not callable")
        return
    module_list_added(run, e, args or [], fr)  # ``self.feats.append(t)``
    function_instance_called(run, e, fr)  # ``RoundSTE()(z)``
    state_loaded(run, e, fr)  # ``self.teacher.load_state_dict(self.student.state_dict())``
    func = e.func
    if isinstance(fv, Tens) and isinstance(func, ast.Attribute) and _chain(func.value):
        owner = receiver(run, e, fr)
        leaf = _torch_leaf(f, owner)
        if (
            leaf is not None
            and func.attr in ("weight", "bias")
            and leaf.type in BIAS_NONE | {"Embedding"}
        ):
            f.crash(fr.loc(e), "TypeError: 'Parameter' object is not callable")
            return
        obj = f.resolve(owner.obj) if isinstance(owner, Mod) else None
        if (
            isinstance(obj, Obj)
            and func.attr in obj.params
            and (id(obj), func.attr) not in (f.attr_set)
        ):
            if _plain_class(obj, ("__getattr__", "__getattribute__", "__class__")):
                f.crash(fr.loc(e), "TypeError: 'Parameter' object is not callable")


def bias_none(run: Any, leaf: Any, name: str) -> bool:
    """``layer.bias`` of a torch layer built with ``bias=False``: torch holds None there."""
    if name != "bias" or run.f.input_shape is None or leaf.type not in BIAS_NONE:
        return False
    if leaf.unresolved or leaf.gone or leaf.wnorm or leaf.owned or "bias" in leaf.written:
        return False
    if not (isinstance(leaf.torch, str) and leaf.torch.startswith("torch.nn.")):
        return False
    if "bias" in leaf.tied:
        return False
    return leaf.params.get("bias") is False


def sure_bias_none(run: Any, node: Any, fr: Any) -> bool:
    """``node`` is ``<chain>.bias`` of a torch layer built with ``bias=False`` (the one None
    read from a module this file trusts: the pass may hold other Nones wrongly)."""
    if not isinstance(node, ast.Attribute) or node.attr != "bias" or not _chain(node.value):
        return False
    leaf = _torch_leaf(run.f, run.eval(node.value, fr))
    return leaf is not None and bias_none(run, leaf, "bias")


def none_attribute(run: Any, node: Any, name: str, fr: Any, loc: Any) -> None:
    """``self.conv.bias.view(...)`` with that bias None: an attribute None does not have."""
    f = run.f
    if f.input_shape is None or f.speculative or loc is None or hasattr(None, name):
        return
    sure = sure_bias_none(run, node, fr)
    if not sure and isinstance(node, ast.Name):
        # a name every store of which binds a certain None, or a parameter given a literal
        # ``None`` (``Function.forward(None, x)``: ``ctx.save_for_backward``; crashfix31)
        sure = run.sure_none(None, node, fr) is None
    if sure:
        f.crash(loc, f"AttributeError: 'NoneType' object has no attribute '{name}'")


def generator_arg(run: Any, e: ast.Call, fv: Any, fr: Any) -> None:
    """``torch.stack(h for h in hs)``: a generator where torch takes a sequence."""
    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    q = getattr(fv, "qual", None)
    if q in TENSOR_SEQ and e.args and isinstance(e.args[0], ast.GeneratorExp):
        fn = q.rsplit(".", 1)[-1]
        f.crash(fr.loc(e), f"TypeError: {fn}(): argument 'tensors' (position 1) must be tuple "
                "of Tensors, not generator")  # fmt: skip


# ---------------------------------------------------------------- autograd and inference state
# torch functions and tensor methods whose result is always a new tensor (never a view nor
# ``self``): made inside ``torch.inference_mode()`` it is an inference tensor (measured in
# tests/test_crash30b.py)
ALLOC = frozenset(
    {
        "zeros", "ones", "full", "empty", "rand", "randn", "randint", "arange", "linspace",
        "eye", "tensor", "zeros_like", "ones_like", "full_like", "empty_like", "rand_like",
        "randn_like", "triu", "tril", "mean", "sum", "prod", "std", "var", "exp", "log",
        "sqrt", "abs", "sigmoid", "tanh", "softmax", "log_softmax", "relu", "clone", "matmul",
        "mm", "bmm", "cumsum", "add", "sub", "mul", "div", "pow", "amax", "amin", "logsumexp",
        "outer", "cat", "stack", "where",
    }
)  # fmt: skip
# tensor methods that return a view of ``self`` (never a copy), measured in
# tests/test_crash30b.py: ``detach_()`` of their result raises
VIEWS = frozenset(
    {
        "view", "view_as", "transpose", "t", "permute", "narrow", "select", "squeeze",
        "unsqueeze", "expand", "expand_as", "diagonal", "unflatten", "as_strided", "movedim",
        "swapaxes", "swapdims", "unfold",
    }
)  # fmt: skip
# in-place tensor methods judged on an inference tensor (each measured)
INPLACE = frozenset(
    {
        "add_", "sub_", "mul_", "div_", "masked_fill_", "fill_", "zero_", "copy_", "clamp_",
        "clamp_min_", "clamp_max_", "index_fill_", "index_add_", "index_copy_", "scatter_",
        "scatter_add_", "masked_scatter_", "exp_", "log_", "sqrt_", "abs_", "neg_", "pow_",
        "sigmoid_", "tanh_", "relu_", "uniform_", "normal_", "bernoulli_", "fill_diagonal_",
        "addcmul_", "addcdiv_", "lerp_", "floor_", "ceil_", "round_", "triu_", "tril_",
        "unsqueeze_", "squeeze_", "t_", "transpose_",
    }
)  # fmt: skip
_INFER = "inference"  # fact: a tensor made inside ``torch.inference_mode()``
_VIEW = "isview"  # fact: a view of another tensor (basic indexing, a view method)
_MODES = {
    "torch.inference_mode": "inference",
    "torch.autograd.grad_mode.inference_mode": "inference",
    "torch.enable_grad": "enable",
    "torch.autograd.grad_mode.enable_grad": "enable",
    "torch.no_grad": "no",
    "torch.autograd.grad_mode.no_grad": "no",
}
GRADS = frozenset({"torch.func.grad", "torch.func.grad_and_value", "functorch.grad",
                   "functorch.grad_and_value"})  # fmt: skip


def _facts(f: Any, t: Any, **kw: Any) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks

    dataflow_checks.add_facts(f, t, **kw)


def _fact(f: Any, t: Any, key: str) -> Any:
    from driftcheck.parsers.source.forward import dataflow_checks

    return dataflow_checks.fact(f, t, key)


def _mode_of(run: Any, item: ast.withitem, fr: Any) -> str | None:
    """``torch.inference_mode()`` / ``torch.enable_grad()`` / ``torch.no_grad()`` (called
    with no argument; ``inference_mode(False)`` and the like are not judged)."""
    e = item.context_expr
    if not isinstance(e, ast.Call) or e.args or e.keywords:
        return None
    return _MODES.get(getattr(run.eval(e.func, fr), "qual", None) or "")


def _depth(f: Any) -> dict:
    return f.run_state.setdefault("fix30b_modes", {"inference": 0, "enable": 0, "no": 0,
                                                    "unknown": 0})  # fmt: skip


def with_enter(run: Any, st: Any, fr: Any) -> list:
    """Entering a ``with``: the grad / inference modes it sets (undone by ``with_leave``)."""
    f = run.f
    if f.input_shape is None:
        return []
    modes = []
    for item in st.items:
        m = _mode_of(run, item, fr)
        modes.append(m or "unknown")
    d = _depth(f)
    for m in modes:
        d[m] += 1
    return modes


def with_leave(run: Any, st: Any, fr: Any, modes: list) -> None:
    """Leaving a ``with``: tensors the body made inside ``inference_mode()`` (a name stored
    once in the body, by a top-level ``name = <a new tensor>``) are inference tensors."""
    f = run.f
    if not modes:
        return
    d = _depth(f)
    for m in modes:
        d[m] -= 1
    if "inference" not in modes or f.speculative or d["inference"] > 0:
        return
    for name, value in bound_once(st.body):
        if not _allocates(value):
            continue
        v = fr.locals.get(name)
        if isinstance(v, Tens):
            _facts(f, v, **{_INFER: True})


def bound_once(body: list) -> list[tuple[str, ast.expr]]:
    """(name, value) of each top-level ``name = value`` statement of ``body`` (a ``with``'s)
    whose name the body stores exactly once, anywhere in it (nested blocks included): the
    name holds that value when the block is left (also dataflow_fix32b.with_left)."""
    stores: dict[str, int] = {}
    for n in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            stores[n.id] = stores.get(n.id, 0) + 1
    return [
        (s.targets[0].id, s.value)
        for s in body
        if isinstance(s, ast.Assign)
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Name)
        and stores.get(s.targets[0].id) == 1
    ]


def _allocates(e: ast.expr) -> bool:
    if isinstance(e, ast.BinOp):
        return True
    if isinstance(e, ast.Call):
        func = e.func
        name = func.attr if isinstance(func, ast.Attribute) else None
        return name in ALLOC
    return False


def _inference_write(f: Any, t: Any, loc: Any) -> None:
    if _depth(f)["inference"] or _depth(f)["unknown"] or not _fact(f, t, _INFER):
        return
    f.crash(loc, "RuntimeError: Inplace update to inference tensor outside InferenceMode is "
            "not allowed.")  # fmt: skip


@hooks.before(30)  # ``m.add_(1)``
def bound_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Before ``t.<method>(...)``: an in-place write or ``requires_grad_(True)`` on an
    inference tensor outside ``inference_mode``; ``detach_()`` of a view; ``backward()`` of a
    tensor of more or fewer than one element."""
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    if not isinstance(fv, Bound) or not isinstance(fv.target, Tens):
        return
    t, name, loc = fv.target, fv.name, fr.loc(e)
    if name in INPLACE:
        _inference_write(f, t, loc)
    elif name == "requires_grad_":
        flag = args[0] if args else kwargs.get("requires_grad", True)
        if flag is True and _fact(f, t, _INFER) and not _depth(f)["inference"]:
            if not _depth(f)["unknown"]:
                f.crash(loc, "RuntimeError: Setting requires_grad=True on inference tensor "
                        "outside InferenceMode is not allowed.")  # fmt: skip
    elif name == "detach_" and not args and not kwargs and _fact(f, t, _VIEW):
        f.crash(loc, "RuntimeError: Can't detach views in-place. Use detach() instead.")
    elif name in ("isclose", "allclose") and args:
        _same_dtype_pair(f, t, args[0], loc)
    elif name in LAZY_METHODS:
        lazy_read(f, t, name, loc, method=True)  # ``w.numel()`` of a lazy layer's weight
    if name in NESTED_REDUCTIONS:
        nested_reduced(f, t, name, kwargs, loc)  # ``nt.sum(1)``
    elif name == "backward" and not args and "gradient" not in kwargs:
        _nonscalar(f, t, loc)


def _nonscalar(f: Any, t: Any, loc: Any) -> None:
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    shape = known_shape(t)
    if shape is None:
        return
    n = 1
    for d in shape:
        n *= d
    if n != 1:  # (requires grad: "implicitly created only for scalar outputs"; else no grad_fn)
        f.crash(loc, "RuntimeError: grad can be implicitly created only for scalar outputs")


@hooks.before(40)  # autograd.grad
def torch_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``torch.autograd.backward(t)`` / ``torch.autograd.grad(t, xs)`` with no gradient given
    of a tensor (or each of a list) not of one element."""
    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    q = getattr(fv, "qual", None)
    if q in ("torch.tril_indices", "torch.triu_indices"):
        _tri_float(f, q, args, kwargs, fr.loc(e))
        return
    if q == "torch.searchsorted":
        _sorter(f, kwargs.get("sorter"), fr.loc(e))
        return
    if isinstance(q, str) and q.startswith("torch.") and args and isinstance(args[0], Tens):
        nested_reduced(f, args[0], q.rsplit(".", 1)[-1], kwargs, fr.loc(e))  # torch.sum(nt, 1)
    if q in ("torch.isclose", "torch.allclose") and len(args) >= 2:
        _same_dtype_pair(f, args[0], args[1], fr.loc(e))
        return
    if q == "torch.autograd.backward":
        if len(args) > 1 or kwargs.get("grad_tensors") is not None:
            return
        outs = args[0] if args else kwargs.get("tensors")
    elif q == "torch.autograd.grad":
        if len(args) > 2 or kwargs.get("grad_outputs") is not None:
            return
        outs = args[0] if args else kwargs.get("outputs")
    else:
        return
    outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
    if outs and isinstance(outs[0], Tens):
        _nonscalar(f, outs[0], fr.loc(e))


def after_subscript(f: Any, v: Any, key: Any, got: Any) -> None:
    """``h[:, 0]``: basic indexing (ints, slices, None, ...) gives a view."""
    if f.input_shape is None or not isinstance(v, Tens) or not isinstance(got, Tens) or got is v:
        return
    keys = key if isinstance(key, tuple) else (key,)
    if all(k is None or k is Ellipsis or isinstance(k, slice) or k.__class__ is int
           for k in keys):  # fmt: skip
        if all(
            not isinstance(k, slice)
            or all(x is None or x.__class__ is int for x in (k.start, k.stop, k.step))
            for k in keys
        ):
            _facts(f, got, **{_VIEW: True})


# torch's true divisions: floating point whatever the operands' dtypes (no rounding mode)
TRUE_DIVS = frozenset({"torch.div", "torch.divide", "torch.true_divide"})


def after_call(run: Any, fv: Any, out: Any, args: list | None = None,
               kwargs: dict | None = None) -> None:  # fmt: skip
    """``h.transpose(0, 1)``: a view method's result is a view; ``torch.arange(0, T / 2)``
    (a float bound, no ``dtype=``) and ``torch.div(ids, 2)`` (no rounding mode) are
    floating point."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import Bound

    if run.f.input_shape is None or not isinstance(out, Tens):
        return
    args, kwargs = args or [], kwargs or {}
    q = getattr(fv, "qual", None)
    if q == "torch.arange" and "dtype" not in kwargs and "out" not in kwargs:
        bounds = [*args, *(kwargs.get(k) for k in ("start", "end", "step") if k in kwargs)]
        if any(a.__class__ is float for a in bounds):
            _facts(run.f, out, dtype=dataflow_checks.FLOAT)
        return
    if q in TRUE_DIVS and kwargs.get("rounding_mode") is None and "out" not in kwargs:
        if len(args) == 2 and (isinstance(args[0], Tens) or isinstance(args[1], Tens)):
            dataflow_checks.true_div(run.f, out, args[0], args[1])
        return
    if not isinstance(fv, Bound):
        return
    if isinstance(fv.target, Tens) and fv.name in VIEWS and out is not fv.target:
        _facts(run.f, out, **{_VIEW: True})


def setitem(run: Any, tgt: ast.Subscript, fr: Any) -> None:
    """``mask[:, 0] = 0.0`` on an inference tensor outside ``inference_mode``;
    ``self.k_cache[:, pos] = k`` with an int index past its axis (IndexError, as a read)."""
    f = run.f
    if f.input_shape is None or f.speculative or not _chain(tgt.value):
        return
    if isinstance(tgt.value, ast.Name):
        base = fr.locals.get(tgt.value.id)
        if isinstance(base, Tens):
            _inference_write(f, base, fr.loc(tgt))
    if any(isinstance(n, (ast.Call, ast.Lambda, ast.NamedExpr)) for n in ast.walk(tgt.slice)):
        return  # (evaluating it again must be pure)
    base = run.eval(tgt.value, fr)
    if isinstance(base, Tens):
        err = _index_past(base, run.eval(tgt.slice, fr))
        if err is not None:
            f.crash(fr.loc(tgt), err)


def _index_past(t: Any, key: Any) -> str | None:
    """Basic indexing (ints, slices, None, one ``...``) of a known shape with an int outside
    its axis: torch's IndexError."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    shape = known_shape(t)
    keys = key if key.__class__ is tuple else (key,)
    if shape is None or any(
        not (k is None or k is Ellipsis or k.__class__ in (int, slice)) for k in keys
    ):
        return None
    if sum(k is Ellipsis for k in keys) > 1:
        return None
    used = sum(k.__class__ in (int, slice) for k in keys)
    if used > len(shape):
        return None
    dim = 0
    for k in keys:
        if k is Ellipsis:
            dim += len(shape) - used
        elif k is None:
            continue
        else:
            if k.__class__ is int and not -shape[dim] <= k < shape[dim]:
                return (f"IndexError: index {k} is out of bounds for dimension {dim} with size "
                        f"{shape[dim]}")  # fmt: skip
            dim += 1
    return None


def func_grad(call: Any, e: ast.Call, args: list, kwargs: dict, fr: Any) -> Any:
    """``torch.func.grad(fn)(x)``: ``fn(x)`` must be a 0-d tensor ("Expected f(*args) to
    return a scalar Tensor"); the result is a tensor of ``x``'s shape. None: not judged."""
    from driftcheck.parsers.source.values.dataflow_values import UserFunc, known_shape

    run = call.run
    f = run.f
    inner = e.func
    if f.input_shape is None or f.speculative or kwargs or not isinstance(inner, ast.Call):
        return None
    if len(inner.args) != 1 or inner.keywords or not args or e.keywords:
        return None
    if any(isinstance(a, ast.Starred) for a in e.args):
        return None
    q = getattr(run.eval(inner.func, fr), "qual", None)
    if q not in GRADS:
        return None
    fn = run.eval(inner.args[0], fr)
    if not (isinstance(fn, UserFunc) or hasattr(fn, "local_def")):
        return None
    before = len(f.crashes)
    res = call.call_value(fn, list(args), {}, fr, e)
    if len(f.crashes) != before:
        return Tens(None)
    shape = known_shape(res)
    if isinstance(res, Tens) and shape is not None and len(shape) != 0:
        f.crash(fr.loc(e), f"RuntimeError: {q.rsplit('.', 1)[-1]}(f)(*args): Expected f(*args) "
                f"to return a scalar Tensor, got tensor with {len(shape)} dims")  # fmt: skip
        return Tens(None)
    if q.endswith("grad") and isinstance(res, Tens) and shape == ():
        return Tens(None, known_shape(args[0]))
    return None


_TRI_ARGS = ("row", "col", "offset")


def _tri_float(f: Any, q: str, args: list, kwargs: dict, loc: Any) -> None:
    """``torch.tril_indices(T, T, -T / T)``: torch's int arguments refuse a Python float."""
    for i, k in enumerate(_TRI_ARGS):
        v = args[i] if i < len(args) else kwargs.get(k)
        if v.__class__ is float:
            f.crash(loc, f"TypeError: {q.rsplit('.', 1)[-1]}(): argument '{k}' (position "
                    f"{i + 1}) must be int, not float")  # fmt: skip
            return


# torch's words for the integer dtypes the ``itype`` fact names (``dataflow_checks``)
_NOT_LONG = {"Int", "Short", "Char"}


def _sorter(f: Any, sorter: Any, loc: Any) -> None:
    """``torch.searchsorted(edges, x, sorter=order.int())``: the sorter must be int64."""
    if not isinstance(sorter, Tens):
        return
    word = _fact(f, sorter, "itype")
    if word in _NOT_LONG:
        f.crash(loc, "RuntimeError: torch.searchsorted(): sorter must be a tensor of long "
                f"dtype but got dtype {word}")  # fmt: skip
    elif word is None and _fact(f, sorter, "dtype") == "float":
        f.crash(loc, "RuntimeError: torch.searchsorted(): sorter must be a tensor of long "
                "dtype but got dtype Float")  # fmt: skip


# the ``dtype`` fact's families (``dataflow_checks``): two tensors of different families have
# different dtypes for certain
_FAMILIES = {"float": "Float", "int64": "Long", "uint8": "Byte", "bool": "Bool"}


def _same_dtype_pair(f: Any, a: Any, b: Any, loc: Any) -> None:
    """``torch.isclose(ids, scores)``: torch requires one dtype ("Long did not match Float")."""
    if not (isinstance(a, Tens) and isinstance(b, Tens)):
        return
    da, db = _fact(f, a, "dtype"), _fact(f, b, "dtype")
    if da in _FAMILIES and db in _FAMILIES and da != db:
        wa = _fact(f, a, "itype") or _FAMILIES[da]
        wb = _fact(f, b, "itype") or _FAMILIES[db]
        f.crash(loc, f"RuntimeError: {wa} did not match {wb}")


# tensor methods read as numbers by mistake (``x.flatten(2).float * 1.0``): bound methods
# (``builtin_function_or_method``) no arithmetic takes (measured in tests/test_crash30b.py);
# joins ``dataflow_misuse.NUMBER_METHODS``
MORE_METHODS = frozenset(
    {
        "float", "double", "half", "long", "int", "bool", "contiguous", "flatten", "detach",
        "clone", "exp", "transpose", "view", "reshape", "softmax", "relu",
    }
)  # fmt: skip
_FUNCTION = ("torch.autograd.Function", "torch.autograd.function.Function")


def module_list_added(run: Any, e: ast.Call, args: list, fr: Any) -> None:
    """``self.feats.append(x.mean(...))`` on an ``nn.ModuleList``: "is not a Module
    subclass" for a tensor or a Python value."""
    f = run.f
    func = e.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("append", "insert"):
        return
    if not _chain(func.value) or e.keywords or any(isinstance(a, ast.Starred) for a in e.args):
        return
    if len(args) != (1 if func.attr == "append" else 2):
        return
    held = receiver(run, e, fr)
    obj = f.resolve(held.obj) if isinstance(held, Mod) else None
    if not isinstance(obj, Obj) or obj.kind != "ModuleList" or obj.cls is not None:
        return
    t = _type_name(args[-1])
    if t is not None:
        f.crash(fr.loc(e), f"TypeError: {'torch.Tensor' if t == 'Tensor' else t} is not a "
                "Module subclass")  # fmt: skip


def function_instance_called(run: Any, e: ast.Call, fr: Any) -> None:
    """``RoundSTE()(z, step)``: an instance of a ``torch.autograd.Function`` subclass called
    (torch 2.13: "Legacy autograd function with non-static forward method is deprecated")."""
    from driftcheck.parsers.source.values.abstract import Cls

    inner = e.func
    if not isinstance(inner, ast.Call) or not isinstance(inner.func, (ast.Name, ast.Attribute)):
        return
    if not _chain(inner.func):
        return
    cls = run.eval(inner.func, fr)
    if not isinstance(cls, Cls):
        return
    try:
        mro = cls.mro()
    except Exception:  # noqa: BLE001 - a class we cannot read
        return
    if any(getattr(c, "qual", None) in _FUNCTION for c in mro[1:]):
        if any(isinstance(c, Cls) and _defines(c, "__call__") for c in mro):
            return
        run.f.crash(fr.loc(e), "RuntimeError: Legacy autograd function with non-static "
                    "forward method is deprecated.")  # fmt: skip


def _defines(c: Any, name: str) -> bool:
    return any(
        isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name
        for st in c.node.body
    )


def _compare_true(run: Any, e: ast.expr, fr: Any) -> bool:
    """A size comparison (ints, tuples, shapes: ``dataflow_checks._size_value``) that holds on
    these sizes; an ``or`` of which one holds, an ``and`` of which all hold."""
    from driftcheck.parsers.source.forward.dataflow_checks import _CMP, _size_value

    if isinstance(e, ast.BoolOp):
        parts = [_compare_true(run, p, fr) for p in e.values]
        return any(parts) if isinstance(e.op, ast.Or) else all(parts)
    if not isinstance(e, ast.Compare) or not all(type(o) in _CMP for o in e.ops):
        return False
    left = _size_value(run.eval(e.left, fr))
    for op, rx in zip(e.ops, e.comparators):
        right = _size_value(run.eval(rx, fr))
        if left is None or right is None:
            return False
        if isinstance(left, tuple) != isinstance(right, tuple):
            return False
        if not _CMP[type(op)](left, right):
            return False
        left = right
    return True


def guard_raises(run: Any, st: ast.If, fr: Any) -> None:
    """``if wav.shape[-1] % self.hop != 0: raise ValueError(...)``: the model's own shape
    guard, a comparison of sizes that holds on these sizes, whose branch starts with
    ``raise``. A condition with a call other than ``size`` / ``len`` / ``dim`` (a flag, a
    tensor value) is not judged."""
    f = run.f
    if f.input_shape is None or f.speculative or not st.body:
        return
    if not isinstance(st.body[0], ast.Raise) or st.body[0].exc is None:
        return
    for c in ast.walk(st.test):
        if isinstance(c, ast.Call):
            func = c.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name not in ("size", "len", "dim"):
                return
    if _compare_true(run, st.test, fr):
        f.crash(fr.loc(st), f"the model's own guard raises on these sizes: if "
                f"{ast.unparse(st.test)}: raise")  # fmt: skip


# ---------------------------------------------------------------- lazy layers
_LAZY_RAN = "fix30b_lazy_ran"
_LAZY = "lazy_uninit"  # fact: the weight of a lazy layer no call has materialized yet
# what torch refuses on an ``UninitializedParameter`` (measured in tests/test_crash30b.py:
# ``size()``, ``ndim``, ``dtype`` and ``T`` work)
LAZY_METHODS = frozenset({"dim", "numel", "sum", "view"})


def lazy_ran(f: Any, obj: Any) -> None:
    """A module called in this pass (a lazy one is materialized by its first call)."""
    if f.input_shape is not None:
        f.run_state.setdefault(_LAZY_RAN, set()).add(id(f.resolve(obj)))


def lazy_weight(run: Any, leaf: Any, name: str, t: Any) -> None:
    """``self.head.weight`` of a lazy layer (``nn.LazyLinear``) built without a call in
    ``__init__`` and not yet called in this pass, with nothing unknown run before."""
    from driftcheck.parsers.source.library.lazylayers import is_lazy

    f = run.f
    if f.input_shape is None or f.speculative or f.doubts or not isinstance(t, Tens):
        return
    if name not in ("weight", "bias") or not is_lazy(leaf):
        return
    if id(leaf) in f.run_state.get(_LAZY_RAN, ()):
        return
    _facts(f, t, **{_LAZY: True})


def lazy_read(f: Any, t: Any, name: str, loc: Any, method: bool = False) -> None:
    """``w.shape`` / ``w.numel()`` of a lazy layer's weight before its first call."""
    if f.input_shape is None or f.speculative or loc is None or not isinstance(t, Tens):
        return
    if (name in LAZY_METHODS if method else name == "shape") and _fact(f, t, _LAZY):
        f.crash(loc, "RuntimeError: Can't access the shape of an uninitialized parameter or "
                "buffer.")  # fmt: skip


# ---------------------------------------------------------------- nested and quantized tensors
_NESTED = "nested"  # fact: a NestedTensor (``torch.nested.nested_tensor([...])``)
_QUANT = "quantized"  # fact: a quantized tensor (``torch.quantize_per_tensor(...)``)
NESTED_MAKERS = frozenset({"torch.nested.nested_tensor", "torch.nested.as_nested_tensor"})
QUANT_MAKERS = frozenset({"torch.quantize_per_tensor", "torch.quantize_per_channel"})
# reductions torch's NestedTensor refuses without ``keepdim=True`` (measured)
NESTED_REDUCTIONS = frozenset({"sum", "mean", "max", "amax", "amin", "min", "prod"})
# Python operators torch refuses with a quantized operand (measured)
QUANT_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult)


def _strided_layout(e: Any, args: list) -> bool:
    """The call names no layout but ``torch.strided`` (session 40, crashfix40b: a
    ``layout=torch.jagged`` NestedTensor reduces over any dim but the batch one without
    ``keepdim``, measured in tests/test_crash40b.py)."""
    if len(args) > 3:  # ``as_nested_tensor(ts, dtype, device, layout)``
        return False
    for k in getattr(e, "keywords", None) or ():
        if k.arg is None or (k.arg == "layout" and ast.unparse(k.value) != "torch.strided"):
            return False
    return isinstance(e, ast.Call)


def made(run: Any, fv: Any, args: list, kwargs: dict, out: Any, e: Any = None) -> Any:
    """``torch.nested.nested_tensor([...])`` / ``torch.quantize_per_tensor(...)``: a tensor
    (of unknown shape where the pass has none) with its layout's fact. None: not one."""
    q = getattr(fv, "qual", None)
    if run.f.input_shape is None or q not in NESTED_MAKERS | QUANT_MAKERS:
        return None
    if q in NESTED_MAKERS and not (args and isinstance(args[0], (list, tuple))):
        return None
    if q in NESTED_MAKERS and not _strided_layout(e, args):
        return None
    if q in QUANT_MAKERS and not (args and isinstance(args[0], Tens)):
        return None
    t = out if isinstance(out, Tens) else Tens(None)
    _facts(run.f, t, **{_NESTED if q in NESTED_MAKERS else _QUANT: True})
    return t


def nested_reduced(f: Any, t: Any, name: str, kwargs: dict, loc: Any) -> None:
    """``nt.sum(1)`` / ``nt.mean(-1)`` of a NestedTensor without ``keepdim=True``."""
    if name in NESTED_REDUCTIONS and kwargs.get("keepdim") is not True and _fact(f, t, _NESTED):
        f.crash(loc, f"RuntimeError: NestedTensor {name} without keepdim=True is not supported")


def quantized_operand(f: Any, op: Any, a: Any, b: Any, loc: Any) -> None:
    """``q + h`` with ``q`` a quantized tensor: torch has no such kernel or promotion."""
    if f.input_shape is None or f.speculative or loc is None or not isinstance(op, QUANT_OPS):
        return
    if any(isinstance(v, Tens) and _fact(f, v, _QUANT) for v in (a, b)):
        f.crash(loc, "RuntimeError: promoteTypes with quantized numbers is not handled yet")


# ---------------------------------------------------------------- load_state_dict
_STATE_HOOKS = ("load_state_dict", "state_dict", "_load_from_state_dict", "__getattr__",
                "__getattribute__", "__class__", "_register_load_state_dict_pre_hook",
                "register_load_state_dict_pre_hook")  # fmt: skip


def _tree_plain(f: Any, m: Any, depth: int = 0) -> bool:
    """Every module of the tree is a torch layer or a class of the code's own that changes
    nothing of torch's state-dict protocol."""
    m = f.resolve(m)
    if isinstance(m, Leaf):
        return isinstance(m.torch, str) and m.torch.startswith("torch.nn.") and not m.owned
    if depth > 16 or not isinstance(m, Obj):
        return False
    if m.kind is None and not _plain_class(m, _STATE_HOOKS):
        return False
    if m.kind is not None and (m.cls is not None or m.unresolved):
        return False
    return all(_tree_plain(f, c, depth + 1) for c in m.children.values() if c is not None)


def state_loaded(run: Any, e: ast.Call, fr: Any) -> None:
    """``self.teacher.load_state_dict(self.student.state_dict())`` (``strict`` either way):
    a parameter both trees name with shapes that differ is torch's "size mismatch"."""
    from driftcheck.parsers.source.forward.dataflow_params import listed
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    f = run.f
    func = e.func
    if not isinstance(func, ast.Attribute) or func.attr != "load_state_dict" or not e.args:
        return
    src = e.args[0]
    if not (isinstance(src, ast.Call) and isinstance(src.func, ast.Attribute)):
        return
    if src.func.attr != "state_dict" or src.args or src.keywords:
        return
    if not (_chain(func.value) and _chain(src.func.value)):
        return
    dst_m, src_m = receiver(run, e, fr), receiver(run, src, fr)
    if not (isinstance(dst_m, Mod) and isinstance(src_m, Mod)):
        return
    if not (_tree_plain(f, dst_m.obj) and _tree_plain(f, src_m.obj)):
        return
    a = listed(run, dst_m.obj, "named_parameters", [], {})
    b = listed(run, src_m.obj, "named_parameters", [], {})
    if a is None or b is None:
        return
    theirs = {k: known_shape(t) for k, t in b}
    for k, t in a:
        mine, other = known_shape(t), theirs.get(k)
        if mine is not None and other is not None and mine != other:
            f.crash(fr.loc(e), f"RuntimeError: Error(s) in loading state_dict: size mismatch "
                    f"for {k}: copying a param with shape {other}, the shape in current model "
                    f"is {mine}")  # fmt: skip
            return


@hooks.before(10)  # ``"relu"(x)``, ``emb.weight(ids)``
def _called_hook(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    called(run, e, fv, fr, args)


@hooks.before(20)  # ``torch.stack(g for ..)``
def _generator_hook(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    generator_arg(run, e, fv, fr)


@hooks.after(20)  # ``h.t()``: a view
def _after_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    after_call(run, fv, out, args, kwargs)


@hooks.after(80)  # nested / quantized (last: it replaces the result)
def _made_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    return made(run, fv, args, kwargs, out, e)
