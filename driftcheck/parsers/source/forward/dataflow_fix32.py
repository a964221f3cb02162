"""Autograd graphs built inside ``forward`` (issue #16, session 32, crashfix32).

Code that differentiates inside its own ``forward`` (input-gradient regularisers, test-time
adaptation, saliency probes) runs under ``with torch.enable_grad():`` and then calls
``torch.autograd.grad`` / ``.backward()``. torch refuses such a graph for a few reasons, each
a fact of the graph alone; this module keeps a small model of it and reports the refusal:

- a tensor the call differentiates with respect to does not require grad ("One of the
  differentiated Tensors does not require grad"), or the output does not ("element 0 of
  tensors does not require grad and does not have a grad_fn");
- an input the output does not depend on, without ``allow_unused=True`` / ``materialize_grads``
  ("appears to not have been used in the graph");
- a second pass through a node whose saved tensors the first pass freed (no
  ``retain_graph=True``): "Trying to backward through the graph a second time";
- a tensor a node saved for backward, written in place before the pass that needs it ("one of
  the variables needed for gradient computation has been modified by an inplace operation");
- an in-place op on a leaf that requires grad while grad mode is on ("a leaf Variable that
  requires grad is being used in an in-place operation").

What is modelled, and only while every fact is certain (real sizes, no speculative region or
unknown call met so far: ``Flow.doubts`` is 0):

- a record per tensor value (``Rec``): whether it requires grad (True / False / None unknown),
  whether it is a leaf, its version counter (shared with ``detach()``'s result, as torch's is)
  and the node that made it (``Node``: its inputs that carry grad, the tensors it saved with
  their versions, and whether all of its inputs were known);
- fresh leaves that do not require grad: ``detach()``, torch's factories without
  ``requires_grad=True``; ``requires_grad_()`` of one makes it a leaf that does; a parameter
  of the code (``nn.Parameter``) or a torch layer's weight requires grad while nothing in the
  run may have changed any flag (``dataflow_fix31b._flags_untouched``);
- the ops of ``SAVES`` (a table asked of torch op by op in tests/test_crash32a.py), torch's
  layers of ``LAYER_SAVES`` and the arithmetic operators, followed only inside a ``with
  torch.enable_grad():`` entered in the very frame they run in (a helper may be decorated);
  any other op's result is unknown, and an unknown input keeps a node's graph incomplete (its
  known part is still part of torch's graph: the checks that need the whole graph -- unused
  inputs, ``requires_grad`` False -- are then silent).

Every tensor value is an object of the pass; records are kept by ``id`` with the object kept
alive beside them, so an id is never reused while its record lives.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees
from driftcheck.parsers.source.values.dataflow_values import UNK, Tens, Unk

_KEY = "fix32_ag"
_OFF = "fix32_off"  # ``torch.set_grad_enabled(...)`` ran: grad mode is not known


class Node:
    """A grad_fn: ``parents`` the nodes / leaf records gradient flows to, ``saved`` the
    ``(rec, version)`` pairs it saved (None: not known which), ``whole`` all inputs known."""

    __slots__ = ("parents", "saved", "whole", "name", "freed")

    def __init__(self, name: str, parents: tuple, saved: tuple | None, whole: bool) -> None:
        self.name, self.parents, self.saved, self.whole = name, parents, saved, whole
        self.freed = False


class Rec:
    """What is known of one tensor: ``rg`` requires grad (None: unknown), ``leaf``, ``ver``
    its version counter (a one-item list shared by tensors that share torch's counter),
    ``node`` its grad_fn (None for a leaf)."""

    __slots__ = ("rg", "leaf", "ver", "node")

    def __init__(self, rg: bool | None, leaf: bool, ver: list | None = None,
                 node: Node | None = None) -> None:  # fmt: skip
        self.rg, self.leaf, self.node = rg, leaf, node
        self.ver = ver if ver is not None else [0]


# ---------------------------------------------------------------- the tables (torch's)
# unary ops by what their backward saves: "self" the input, "result" the output, "none"
# nothing of tensor size (sizes / scalars only). Asked of torch in tests/test_crash32a.py:
# a second ``autograd.grad`` without ``retain_graph`` raises iff something is saved, an
# in-place write to the input (resp. the output) before the pass raises iff it is saved.
SAVES: dict[str, str] = {
    "exp": "result", "tanh": "result", "sigmoid": "result", "relu": "result",
    "sqrt": "result", "rsqrt": "result", "softmax": "result", "log_softmax": "result",
    "log": "self", "sin": "self", "cos": "self", "abs": "self", "gelu": "self",
    "silu": "self", "log1p": "self", "reciprocal": "result", "square": "self",
    "sum": "none", "mean": "none", "neg": "none", "clone": "none", "flatten": "none",
    "view": "none", "reshape": "none", "t": "none", "transpose": "none",
    "unsqueeze": "none", "squeeze": "none", "permute": "none", "contiguous": "none",
}  # fmt: skip
# binary ops: "cross" saves each operand when the other requires grad (mul, matmul's
# family), "none" saves no tensor (add, sub)
BINARY: dict[str, str] = {
    "add": "none", "sub": "none", "mul": "cross", "matmul": "cross", "mm": "cross",
    "bmm": "cross",
}  # fmt: skip
_BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.MatMult: "matmul"}
# differentiable ops whose saves are not modelled: their result requires grad iff a tensor
# argument does (torch's rule for a differentiable op under grad mode; asked of torch op by
# op in the test); an op with an integer or bool result is never among them
PASS = frozenset(
    {
        "pow", "div", "norm", "var", "std", "amax", "amin", "logsumexp", "cumsum", "softplus",
        "leaky_relu", "elu", "normalize", "layer_norm", "clamp", "expand", "repeat", "narrow",
        "roll", "flip", "mse_loss", "l1_loss", "smooth_l1_loss", "cross_entropy",
        "binary_cross_entropy_with_logits", "cosine_similarity", "linear", "cat", "stack",
        "where", "einsum", "prod", "tril", "triu", "mv", "outer",
    }
)  # fmt: skip
_PASS_BINOPS = {ast.Div: "div", ast.Pow: "pow"}
# torch layers with a weight whatever their settings, and the norms whose weight a flag drops
# (``dataflow_fix31b.NONE_WHEN``): their output requires grad while parameters do
WEIGHTED = frozenset(
    {"Linear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
     "ConvTranspose3d", "Embedding", "LayerNorm", "GroupNorm", "BatchNorm1d", "BatchNorm2d",
     "BatchNorm3d"}
)  # fmt: skip
# torch layers without parameters and the unary op each one is
ACT_LAYERS: dict[str, str] = {
    "Tanh": "tanh", "Sigmoid": "sigmoid", "ReLU": "relu", "GELU": "gelu", "SiLU": "silu",
    "Identity": "identity", "Flatten": "flatten",
}  # fmt: skip
# torch layers whose weight (and bias) are parameters; each saves its input while its
# weight requires grad (addmm / convolution / embedding's backward)
LAYER_SAVES = frozenset({"Linear", "Conv1d", "Conv2d", "Conv3d"})
# in-place tensor methods (each raises on a leaf that requires grad under grad mode; asked
# of torch in the test)
INPLACE = frozenset(
    {
        "add_", "sub_", "mul_", "div_", "clamp_", "clamp_min_", "clamp_max_", "zero_",
        "fill_", "copy_", "masked_fill_", "pow_", "exp_", "sigmoid_", "tanh_", "relu_",
        "neg_", "abs_", "sqrt_", "uniform_", "normal_", "addcmul_", "addcdiv_", "lerp_",
        "floor_", "round_", "clip_",
    }
)  # fmt: skip
FACTORIES = frozenset(
    {"zeros", "ones", "randn", "rand", "empty", "full", "zeros_like", "ones_like",
     "randn_like", "rand_like", "full_like", "empty_like"}
)  # fmt: skip


# ops whose result is a new tensor (never their input given back, nor a view): under
# ``no_grad`` / ``inference_mode`` it does not require grad (session 34, crashfix34; asked of
# torch in tests/test_crash34a.py)
OFF_OPS = frozenset(
    {
        "exp", "tanh", "sigmoid", "relu", "sqrt", "rsqrt", "softmax", "log_softmax", "log",
        "sin", "cos", "abs", "gelu", "silu", "log1p", "reciprocal", "square", "sum", "mean",
        "neg", "clone", "add", "sub", "mul", "matmul", "mm", "bmm", "pow", "div", "norm",
        "var", "std", "logsumexp", "cumsum", "softplus", "leaky_relu", "elu", "layer_norm",
        "mse_loss", "l1_loss", "smooth_l1_loss", "cross_entropy",
        "binary_cross_entropy_with_logits", "cosine_similarity", "linear", "prod", "mv",
        "outer",
    }
)  # fmt: skip


def _off_result(f: Any, name: str, out: Any, ins: list) -> None:
    """``out = name(*ins)`` under ``no_grad`` / ``inference_mode``: a new tensor that does
    not require grad (a leaf)."""
    if name in OFF_OPS and isinstance(out, Tens) and not any(out is t for t in ins):
        _put(f, out, Rec(False, True))


# ---------------------------------------------------------------- state
def _store(f: Any) -> dict:
    return f.run_state.setdefault(_KEY, {})


def rec(f: Any, t: Any) -> Rec | None:
    got = f.run_state.get(_KEY, {}).get(id(t)) if isinstance(t, Tens) else None
    return got[1] if got is not None and got[0] is t else None


def _known(f: Any, t: Any) -> Rec | None:
    """The record of ``t`` when whether it requires grad is known."""
    r = rec(f, t)
    return r if r is not None and r.rg is not None else None


def spoil(f: Any, t: Any) -> None:
    """``t`` was written in a way not followed (``t[i] = v``, ``out=t``, an in-place op
    outside a frame whose grad mode is known): whether it requires grad, and how, is no
    longer known; its version went up."""
    r = rec(f, t)
    if r is not None:
        r.ver[0] += 1
        r.rg, r.node, r.leaf = None, None, False


def _put(f: Any, t: Any, r: Rec) -> None:
    """``t`` is the tensor ``r`` describes. One value of the pass that stands for two
    tensors (a repeated call's output given again, an op modelled as giving its input back)
    describes neither: both records become unknown."""
    if not isinstance(t, Tens):
        return
    old = rec(f, t)
    if old is not None and old is not r:
        for x in (old, r):
            x.rg, x.node, x.leaf = None, None, False
    _store(f)[id(t)] = (t, r)


def _sure(f: Any) -> bool:
    return f.input_shape is not None and not f.speculative and not f.doubts


def _grad_on(f: Any, fr: Any) -> bool:
    """Grad mode is surely on in ``fr``: its innermost ``with`` is ``torch.enable_grad()``
    entered in this very frame, and no ``with`` of an unknown manager is open (or, session
    34, ``dataflow_fix34.mode_below``: a plain call below such a ``with``, or a function
    decorated ``@torch.enable_grad()``)."""
    return _grad_mode(f, fr) == "enable"


def _grad_off(f: Any, fr: Any) -> bool:
    """Grad mode is surely off in ``fr`` (``no_grad`` / ``inference_mode``, entered there or
    above it through plain calls: ``dataflow_fix34.mode_below``)."""
    return _grad_mode(f, fr) == "off"


def _grad_mode(f: Any, fr: Any) -> str | None:
    if fr is None or f.run_state.get(_OFF) or not _sure(f):
        return None
    stack = f.run_state.get("fix31b_with") or []
    if any("unknown" in m for _, m in stack):
        return None
    if stack:
        frame, modes = stack[-1]
        if all(m == "enable" for m in modes):
            mode: str | None = "enable"
        elif all(m in ("no", "inference") for m in modes):
            mode = "off"
        else:
            mode = None
    else:
        frame, mode = None, None
    from driftcheck.parsers.source.forward import dataflow_fix34

    if frame is not None and frame == id(fr):
        return mode if mode == "enable" or not dataflow_fix34._off(f) else None

    return dataflow_fix34.mode_below(f, frame, mode, fr)


def _params_need_grad(f: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix31b import _flags_untouched

    return _flags_untouched(f)


def param_read(f: Any, key: Any, t: Any) -> None:
    """``self.gate`` (an ``nn.Parameter`` of the code, or a torch layer's weight) read: a
    leaf that requires grad, one version counter per parameter (``key``)."""
    if f.input_shape is None or not isinstance(t, Tens):
        return
    f.run_state.setdefault("fix32_isparam", {})[id(t)] = t
    if not _sure(f) or not _params_need_grad(f):
        return
    cells = f.run_state.setdefault("fix32_params", {})
    if key not in cells:
        cells[key] = Rec(True, True)
    _put(f, t, cells[key])


# ---------------------------------------------------------------- graph walks
def _nodes(root: Node) -> list[Node]:
    seen: dict[int, Node] = {}
    todo = [root]
    while todo:
        n = todo.pop()
        if id(n) in seen:
            continue
        seen[id(n)] = n
        todo.extend(p for p in n.parents if isinstance(p, Node))
    return list(seen.values())


def _reaches(n: Node, target: Any) -> bool:
    """``target`` (a Node or a leaf Rec) is ``n`` or behind it."""
    todo, seen = [n], set()
    while todo:
        m = todo.pop()
        if m is target:
            return True
        if id(m) in seen or not isinstance(m, Node):
            continue
        seen.add(id(m))
        todo.extend(m.parents)
    return False


def _whole(root: Node) -> bool:
    return all(n.whole for n in _nodes(root))


def _edge(r: Rec) -> Any:
    """The graph edge a tensor that requires grad gives: its node, or itself (a leaf)."""
    return r.node if r.node is not None else r


# ---------------------------------------------------------------- ops
_NUMBER = Rec(False, True)  # a Python number an op saved (torch wraps it in a tensor)


def _make(f: Any, name: str, ins: list, out: Any, saves: tuple | None) -> None:
    """``out = name(*ins)`` under grad mode: requires grad iff an input does; ``saves`` the
    input positions (and "out") the node saves, None when not known."""
    if not isinstance(out, Tens):
        return
    recs = [_known(f, t) for t in ins]
    tens = [i for i, t in enumerate(ins) if isinstance(t, Tens)]
    known = all(recs[i] is not None for i in tens)
    if any(recs[i] is not None and recs[i].rg for i in tens):
        rg: bool | None = True
    elif known and all(recs[i].rg is False for i in tens):
        rg = False
    else:
        rg = None
    if rg is None:
        old = rec(f, out)  # a pass value given again (a repeated call): the record it had
        if old is not None:  # describes the earlier tensor (session 34, crashfix34c)
            old.rg, old.node, old.leaf = None, None, False
        return
    if rg is False:
        _put(f, out, Rec(False, True))
        return
    r = Rec(True, False)
    parents = tuple(_edge(recs[i]) for i in tens if recs[i] is not None and recs[i].rg)
    saved: list | None = []
    for s in saves or ():
        got = r if s == "out" else _NUMBER if s == "number" else recs[s]
        if got is None:
            saved = None
            break
        saved.append((got, got.ver[0]))
    r.node = Node(name, parents, tuple(saved) if saves is not None and saved is not None
                  else None, known)  # fmt: skip
    _put(f, out, r)


def _unary(f: Any, name: str, t: Any, out: Any) -> None:
    how = SAVES[name]
    _make(f, name, [t], out, {"self": (0,), "result": ("out",), "none": ()}[how])


def _binary(f: Any, name: str, a: Any, b: Any, out: Any) -> None:
    how = BINARY[name]
    if how == "none":
        _make(f, name, [a, b], out, ())
        return
    ra, rb = rec(f, a), rec(f, b)
    saves: list | None = []
    for me, other, pos in ((ra, rb, 0), (rb, ra, 1)):
        x = (a, b)[pos]
        o = (b, a)[pos]
        if not isinstance(x, Tens):
            continue
        if not isinstance(o, Tens):
            if isinstance(o, (int, float)) and not isinstance(o, bool) and name == "mul":
                saves.append("number")  # ``h * 2``: torch saves the number (wrapped)
            continue
        if other is None or other.rg is None or me is None:
            saves = None
            break
        if other.rg:
            saves.append(pos)
    _make(f, name, [a, b], out, tuple(saves) if saves is not None else None)


def binop(f: Any, op: Any, a: Any, b: Any, out: Any, fr: Any, at: Any) -> None:
    """``a + b`` / ``a * b`` / ``a @ b`` between tensors (or with a number)."""
    if not f.speculative and not isinstance(at, ast.AugAssign):
        values_binop(f, op, a, b, out)
        nhwc_binop(f, op, a, b, out)
    if isinstance(at, ast.AugAssign):
        if _grad_on(f, fr) and isinstance(out, Tens):
            _inplace(f, a, fr.loc(at), out)
        else:
            spoil(f, a)
        return
    if _grad_off(f, fr):
        _off_result(f, _BINOPS.get(type(op)) or _PASS_BINOPS.get(type(op)) or "", out, [a, b])
        return
    if not _grad_on(f, fr):
        return
    name = _BINOPS.get(type(op))
    if name is not None:
        _binary(f, name, a, b, out)
    elif type(op) in _PASS_BINOPS:
        _make(f, _PASS_BINOPS[type(op)], [a, b], out, None)


def _inplace(f: Any, t: Any, loc: Any, out: Any = None) -> bool:
    """An in-place write to ``t`` under grad mode: torch's refusal on a leaf that requires
    grad; else its version goes up (and what it becomes is not followed further)."""
    r = rec(f, t)
    if r is None:
        return False
    if r.rg is True and r.leaf:
        f.crash(loc, "RuntimeError: a leaf Variable that requires grad is being used in an "
                "in-place operation.")  # fmt: skip
        return True
    if r.rg is True:
        # the tensor keeps its counter; its new grad_fn is not followed (unknown saves)
        r.ver[0] += 1
        r.node = Node("inplace", (_edge(r),), None, False)
    else:
        spoil(f, t)  # it may require grad now (``buf.add_(param)``)
    if isinstance(out, Tens) and out is not t and rec(f, t) is r:
        _put(f, out, r)
    return False


def after_call(run: Any, fv: Any, out: Any, fr: Any, args: list, kwargs: dict) -> None:
    """Records for a call's result: a fresh leaf, a layer's output, an op of the tables."""
    from driftcheck.parsers.source.values.dataflow_values import Bound, Mod

    f = run.f
    if f.input_shape is not None and not f.speculative:
        values_after(f, fv, args, kwargs, out)  # min and max of values
        nhwc_after(f, fv, args, kwargs, out)  # an elementwise op keeps NHWC strides
    if not _sure(f) or not isinstance(out, Tens):
        return
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        t, name = fv.target, fv.name
        r = rec(f, t)
        if name == "detach" and not args and not kwargs:
            _put(f, out, Rec(False, True, r.ver if r is not None else None))
            return
        if name == "requires_grad_":
            flag = args[0] if args else kwargs.get("requires_grad", True)
            if r is not None and r.rg is False and flag is True:
                r.rg = True  # a tensor that does not require grad is a leaf
                _put(f, out, r)
            elif r is not None and r.leaf and flag is False:
                r.rg = False
                _put(f, out, r)
            return
        if name in INPLACE:
            if r is not None and out is not t and rec(f, t) is r:
                _put(f, out, r)
            return
        if kwargs.get("out") is None and _grad_off(f, fr):
            _off_result(f, name, out, [t, *args, *kwargs.values()])
            return
        if not _grad_on(f, fr) or kwargs.get("out") is not None:
            return
        if name in SAVES and not any(isinstance(a, Tens) for a in [*args, *kwargs.values()]):
            _unary(f, name, t, out)
        elif name in BINARY and len(args) == 1 and not kwargs:
            _binary(f, name, t, args[0], out)
        elif name in PASS and "dtype" not in kwargs:
            _make(f, name, [t, *_tensors(args), *_tensors(kwargs.values())], out, None)
        return
    if isinstance(fv, Mod):
        _layer(f, fv, out, fr, args, kwargs)
        return
    q = getattr(fv, "qual", None)
    if not isinstance(q, str):
        return
    name = q.rsplit(".", 1)[-1]
    if q == f"torch.{name}" and name in FACTORIES:
        if kwargs.get("requires_grad") in (None, False) and "out" not in kwargs:
            _put(f, out, Rec(False, True))
        elif kwargs.get("requires_grad") is True and "out" not in kwargs:
            _put(f, out, Rec(True, True))
        return
    if q not in (f"torch.{name}", f"torch.nn.functional.{name}"):
        return
    if _grad_off(f, fr) and kwargs.get("out") is None and kwargs.get("inplace") is not True:
        _off_result(f, name, out, [*args, *kwargs.values()])
        return
    if not _grad_on(f, fr):
        return
    if kwargs.get("out") is not None or kwargs.get("inplace") is True:
        return
    if (
        name in SAVES
        and args
        and not any(isinstance(a, Tens) for a in [*args[1:], *kwargs.values()])
    ):
        _unary(f, name, args[0], out)
    elif name in BINARY and len(args) == 2 and not kwargs:
        _binary(f, name, args[0], args[1], out)
    elif name in PASS and "dtype" not in kwargs:
        ins = _tensors(args) + _tensors(kwargs.values())
        if ins:
            _make(f, name, ins, out, None)


def _tensors(vals: Any) -> list:
    """The tensors among call arguments, a list / tuple argument's items included
    (``torch.cat([a, b])``); an unknown argument counts as a tensor of unknown flag."""
    out: list = []
    for v in vals:
        if isinstance(v, (list, tuple)):
            out.extend(_tensors(v))
        elif isinstance(v, Tens):
            out.append(v)
        elif isinstance(v, Unk):
            out.append(Tens(None))  # no record: the result's flag is known only when some
            # known argument requires grad
    return out


def _layer(f: Any, fv: Any, out: Any, fr: Any, args: list, kwargs: dict) -> None:
    from driftcheck.parsers.source.forward.dataflow_fix30b import _torch_leaf

    leaf = _torch_leaf(f, fv)
    if leaf is None or len(args) != 1 or kwargs:
        return
    if leaf.type != f"{leaf.torch}".rsplit(".", 1)[-1]:
        return
    if _grad_off(f, fr):  # a new tensor (not the input given back) that does not need grad
        if leaf.type in WEIGHTED and not (leaf.tied or leaf.owned or leaf.wnorm):
            _off_result(f, "linear", out, args)
        elif leaf.type in ACT_LAYERS and ACT_LAYERS[leaf.type] in OFF_OPS:
            if leaf.params.get("inplace", False) is False:
                _off_result(f, ACT_LAYERS[leaf.type], out, args)
        return
    if not _grad_on(f, fr):
        return
    x = args[0]
    if leaf.type in ACT_LAYERS:
        if leaf.params.get("inplace", False) is not False:
            return  # ``nn.ReLU(inplace=True)`` gives its input back
        op = ACT_LAYERS[leaf.type]
        if op in ("identity",):
            r = rec(f, x)
            if r is not None and out is not x:
                _put(f, out, r)
            return
        if op in SAVES:
            _unary(f, op, x, out)
        return
    if leaf.type not in WEIGHTED or leaf.tied or leaf.owned or leaf.wnorm:
        return
    from driftcheck.parsers.source.forward.dataflow_fix31b import NONE_WHEN

    rule = NONE_WHEN.get(leaf.type, {}).get("weight")
    if rule is not None and leaf.params.get(rule[0], rule[1]) is not True:
        return  # ``LayerNorm(d, elementwise_affine=False)``: no weight
    rx = _known(f, x)
    if not isinstance(x, Tens):
        return
    cells = f.run_state.setdefault("fix32_params", {})
    # keyed by the item itself (``fv.obj``): a folded repeat item has its own Parameter
    w = cells.setdefault(("leaf", id(getattr(fv, "obj", leaf)), "weight"), Rec(True, True))
    if not _params_need_grad(f):
        if rx is None or not rx.rg:
            return  # whether the output requires grad rests on the weight's flag
        # the input requires grad, so the output does; the weight's flag is not known
        r = Rec(True, False)
        r.node = Node(leaf.type, (_edge(rx),), None, False)
        _put(f, out, r)
        return
    r = Rec(True, False)
    saved = ((rx, rx.ver[0]),) if rx is not None and leaf.type in LAYER_SAVES else None
    parents = (w,) + ((_edge(rx),) if rx is not None and rx.rg else ())
    r.node = Node(leaf.type, parents, saved, rx is not None)
    _put(f, out, r)


def setitem(run: Any, tgt: ast.Subscript, base: Any, fr: Any) -> None:
    """``t[i] = v``: an in-place write of ``t`` (torch refuses one on a leaf that requires
    grad, or a view of it, under grad mode)."""
    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    if base is None and isinstance(tgt.value, ast.Attribute):
        n = tgt.value
        while isinstance(n, ast.Attribute):
            n = n.value
        if isinstance(n, ast.Name):
            base = run.eval(tgt.value, fr)  # ``self.bias[0] = 1``: an attribute read
    r = rec(f, base)
    if r is None:
        return
    if r.rg is True and r.leaf and _grad_on(f, fr):
        f.crash(fr.loc(tgt), "RuntimeError: a view of a leaf Variable that requires grad is "
                "being used in an in-place operation.")  # fmt: skip
        return
    spoil(f, base)


# ---------------------------------------------------------------- the checks
@hooks.before(60)  # autograd in forward
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Before a call: ``autograd.grad`` / ``backward`` of the modelled graph, an in-place
    method on a leaf that requires grad."""
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or f.speculative or fr is None:
        return
    q = getattr(fv, "qual", None)
    if isinstance(q, str) and q.endswith("_") and not q.endswith("__"):
        for v in args[:1]:
            spoil(f, v)  # ``nn.init.zeros_(t)``, ``F.relu_(t)``
    if kwargs.get("inplace") is True and args:
        spoil(f, args[0])  # ``F.relu(t, inplace=True)``
    if q in ("torch.set_grad_enabled", "torch.autograd.set_grad_enabled",
             "torch._C._set_grad_enabled", "torch.autograd.grad_mode.set_grad_enabled"):  # fmt: skip
        f.run_state[_OFF] = True
        return
    loc = fr.loc(e)
    if isinstance(q, str) and q.startswith("torch.distributions."):
        dist_constraint(f, q, args, kwargs, loc)  # (facts known for certain: not the graph's)
        return
    if q == "torch.einsum":
        einsum_dtypes(f, args, kwargs, loc)
        return
    if not _sure(f):
        return
    for v in (kwargs.get("out"),):
        if isinstance(v, Tens):
            spoil(f, v)
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        if fv.name in INPLACE and _grad_on(f, fr):
            _inplace(f, fv.target, loc)
        elif fv.name.endswith("_") and not fv.name.endswith("__") and fv.name != "requires_grad_":
            spoil(f, fv.target)  # an in-place write not followed
        elif fv.name == "backward":
            _backward(f, [fv.target], args[1:2] + [kwargs.get("retain_graph")],
                      kwargs, loc, args[0] if args else kwargs.get("gradient"))  # fmt: skip
        return
    if q == "torch.autograd.grad":
        outs = args[0] if args else kwargs.get("outputs")
        ins = args[1] if len(args) > 1 else kwargs.get("inputs")
        _grad(f, outs, ins, args, kwargs, loc)
    elif q == "torch.autograd.backward":
        outs = args[0] if args else kwargs.get("tensors")
        if len(args) > 1 or kwargs.get("inputs") is not None:
            return
        outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
        _backward(f, outs, [kwargs.get("retain_graph")], kwargs, loc,
                  kwargs.get("grad_tensors"))  # fmt: skip


def _flag(v: Any) -> bool | None:
    return v if v is None or v is True or v is False else "?"  # type: ignore[return-value]


def _grad(f: Any, outs: Any, ins: Any, args: list, kwargs: dict, loc: Any) -> None:
    if len(args) > 2:
        return  # grad_outputs etc. given by position
    outs = list(outs) if isinstance(outs, (list, tuple)) else [outs]
    ins = list(ins) if isinstance(ins, (list, tuple)) else [ins]
    known = {"grad_outputs", "retain_graph", "create_graph", "allow_unused",
             "materialize_grads", "outputs", "inputs"}  # fmt: skip
    if any(k not in known for k in kwargs) or len(outs) != 1 or not ins:
        return
    flags = {k: _flag(kwargs.get(k)) for k in ("retain_graph", "create_graph", "allow_unused",
                                               "materialize_grads")}  # fmt: skip
    if "?" in flags.values():
        return
    ro = rec(f, outs[0])
    rins = [rec(f, t) if isinstance(t, Tens) else None for t in ins]
    if not isinstance(outs[0], Tens) or any(r is None for r in rins):
        return
    if ro is not None and ro.rg is False:
        f.crash(loc, "RuntimeError: element 0 of tensors does not require grad and does not "
                "have a grad_fn")  # fmt: skip
        return
    for r in rins:  # (torch checks every input whatever the output and the flags)
        if r.rg is False:
            f.crash(loc, "RuntimeError: One of the differentiated Tensors does not require grad")
            return
    if ro is None or ro.rg is not True or ro.node is None or any(r.rg is not True for r in rins):
        return
    edges = [_edge(r) for r in rins]
    if _replay(f, ro.node, edges, loc):
        return
    if not (flags["allow_unused"] or flags["materialize_grads"]) and _whole(ro.node):
        for i, ed in enumerate(edges):
            if not _reaches(ro.node, ed):
                f.crash(loc, f"RuntimeError: The differentiated Tensor at index {i} appears "
                        "to not have been used in the graph. Set allow_unused=True if this is "
                        "the desired behavior.")  # fmt: skip
                return
    if not (flags["retain_graph"] or flags["create_graph"]):
        _free(ro.node, edges)


def _backward(f: Any, outs: list, retain: list, kwargs: dict, loc: Any, grad: Any) -> None:
    if grad is not None or len(outs) != 1:
        return
    ro = rec(f, outs[0])
    if ro is None:
        return
    flags = [_flag(v) for v in (*retain, kwargs.get("create_graph"))]
    if "?" in flags or kwargs.get("inputs") is not None:
        return
    if ro.rg is False:
        f.crash(loc, "RuntimeError: element 0 of tensors does not require grad and does not "
                "have a grad_fn")  # fmt: skip
        return
    if ro.rg is not True or ro.node is None:
        return
    if _replay(f, ro.node, None, loc):
        return
    if not any(flags):
        _free(ro.node, None)


def _run_nodes(root: Node, edges: list | None) -> list[Node]:
    """The nodes a pass from ``root`` surely runs: every node of the known graph for
    ``backward()``; with inputs, the nodes some input is strictly behind."""
    out = []
    for n in _nodes(root):
        if edges is None:
            out.append(n)
        elif any(e is not n and _reaches(n, e) for e in edges):
            out.append(n)
    return out


def _replay(f: Any, root: Node, edges: list | None, loc: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix34c import node_raises

    for n in _run_nodes(root, edges):
        bad = node_raises(f, n)  # a custom Function's backward (``dataflow_fix34c``)
        if bad is not None:
            f.crash(loc, bad)
            return True
        if n.saved is None:
            continue
        if n.freed and n.saved:
            f.crash(loc, "RuntimeError: Trying to backward through the graph a second time "
                    "(or directly access saved tensors after they have already been freed); "
                    "specify retain_graph=True the first time")  # fmt: skip
            return True
        for r, v in n.saved:
            if r.ver[0] != v:
                f.crash(loc, "RuntimeError: one of the variables needed for gradient "
                        f"computation has been modified by an inplace operation (saved by "
                        f"{n.name}, at version {r.ver[0]}; expected version {v})")  # fmt: skip
                return True
    return False


def _free(root: Node, edges: list | None) -> None:
    for n in _run_nodes(root, edges):
        n.freed = True


# ---------------------------------------------------------------- ``t.dtype``
class DtypeOf(Unk):
    """``t.dtype`` of a tensor whose dtype is certain (``x.to(y.dtype)``, ``torch.zeros(...,
    dtype=x.dtype)``): the rules that read a dtype by its name (``qual``, ``torch.float32``,
    as ``dataflow_checks.dtype_name`` and the casts do) read it; to every other rule, and to
    a comparison (``x.dtype == torch.half``, ``is``: torch's dtypes are singletons under
    several names, which the pass does not model), it is the unknown it was."""

    __slots__ = ("qual",)

    def __init__(self, name: str) -> None:
        super().__init__()
        self.qual = f"torch.{name}"


def dtype_attr(f: Any, t: Any) -> Any:
    """``t.dtype``: a ``DtypeOf`` when the pass is sure of it (an exact floating dtype, an
    int64 or bool tensor), else UNK."""
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_fix25b

    if f.input_shape is None or not isinstance(t, Tens):
        return UNK
    d = dataflow_fix25b.exact(f, t)
    if d is not None:
        return DtypeOf(d)
    fam = dataflow_checks.fact(f, t, "dtype")
    if fam == "bool":
        return DtypeOf("bool")
    if fam == dataflow_checks.INT and dataflow_checks.fact(f, t, "long") is True:
        return DtypeOf("int64")
    return UNK


# ---------------------------------------------------------------- ``p.grad``
# names whose presence in the code means a backward pass (or a write of ``.grad``) may run
# before ``forward`` reads a parameter's gradient
_BACKWARD_NAMES = frozenset({"backward", "autograd", "grad", "grad_fn", "func", "functorch"})


def grad_attr(f: Any, t: Any) -> Any:
    """``p.grad`` of a parameter (an ``nn.Parameter`` of the code, a torch layer's weight or
    bias) in a freshly built model: None, as torch leaves it until a backward pass runs
    (``self.proj.weight.grad.norm()``: AttributeError), while no loaded module of the code
    stores a ``.grad``, calls ``backward`` or names ``autograd`` / ``torch.func``."""
    isparam = f.run_state.get("fix32_isparam", {})
    if not isinstance(t, Tens) or isparam.get(id(t)) is not t or f.speculative:
        return UNK
    if not _no_backward(f):
        return UNK
    return None


def _no_backward(f: Any) -> bool:
    got = f.run_state.get("fix32_nobackward")
    if isinstance(got, bool):
        return got
    trees = own_trees(f.interp)
    ok = trees is not None
    for tree in trees or ():
        for n in ast.walk(tree):
            name = (
                n.attr
                if isinstance(n, ast.Attribute)
                else n.id
                if isinstance(n, ast.Name)
                else None
            )
            if name in _BACKWARD_NAMES and not (
                isinstance(n, ast.Attribute) and name == "grad" and isinstance(n.ctx, ast.Load)
            ):
                ok = False
                break
            if isinstance(n, ast.Constant) and n.value in ("grad", "backward"):
                ok = False  # ``setattr(p, "grad", g)``, ``getattr(loss, "backward")``
                break
        if not ok:
            break
    f.run_state["fix32_nobackward"] = ok
    return ok


def none_grad(run: Any, node: Any, name: str, fr: Any, loc: Any) -> None:
    """``self.proj.weight.grad.norm()``: ``.grad`` of a parameter is None (``grad_attr``),
    and None has no attribute ``name``."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _chain

    f = run.f
    if f.input_shape is None or f.speculative or loc is None or hasattr(None, name):
        return
    if not isinstance(node, ast.Attribute) or node.attr != "grad" or not _chain(node.value):
        return
    if grad_attr(f, run.eval(node.value, fr)) is None:
        f.crash(loc, f"AttributeError: 'NoneType' object has no attribute '{name}' (a "
                "parameter's .grad is None until a backward pass has run)")  # fmt: skip


# ---------------------------------------------------------------- distributions' constraints
# ``torch.distributions`` families -> each parameter's constraint as torch states it
# (``arg_constraints``; asked of torch in tests/test_crash32c.py): "gt" > bound, "ge" >= bound,
# "in" inside [0, 1]. torch validates them when the distribution is built (``validate_args``
# defaults to True): a violation is a ValueError.
_POS = ("gt", 0.0)
CONSTRAINTS: dict[str, dict[str, tuple]] = {
    **{n: {"scale": _POS} for n in ("Normal", "LogNormal", "Laplace", "Cauchy", "Gumbel",
                                     "HalfNormal", "HalfCauchy")},
    "StudentT": {"df": _POS, "scale": _POS},
    "Weibull": {"scale": _POS, "concentration": _POS},
    "Pareto": {"scale": _POS, "alpha": _POS},
    "Gamma": {"concentration": _POS, "rate": _POS},
    "InverseGamma": {"concentration": _POS, "rate": _POS},
    "Beta": {"concentration1": _POS, "concentration0": _POS},
    "Kumaraswamy": {"concentration1": _POS, "concentration0": _POS},
    "Exponential": {"rate": _POS},
    "Chi2": {"df": _POS},
    "FisherSnedecor": {"df1": _POS, "df2": _POS},
    "VonMises": {"concentration": _POS},
    "Poisson": {"rate": ("ge", 0.0)},
    **{n: {"probs": ("in", 0.0, 1.0)} for n in ("Bernoulli", "Geometric", "ContinuousBernoulli")},
}  # fmt: skip
_MINMAX = "fix32_minmax"  # fact: (min, max) of a floating tensor's values, both exact
# methods whose result holds exactly the values of ``t`` (every one of them, no other)
_SAME_VALUES = frozenset(
    {"view", "reshape", "expand", "expand_as", "permute", "transpose", "unsqueeze", "squeeze",
     "flatten", "repeat", "flip", "roll", "t", "clone", "contiguous", "detach", "view_as",
     "reshape_as", "movedim", "swapaxes", "float", "double"}
)  # fmt: skip


def _minmax(f: Any, t: Any) -> tuple[float, float] | None:
    from driftcheck.parsers.source.forward import dataflow_checks

    if isinstance(t, (int, float)) and not isinstance(t, bool):
        return (float(t), float(t))
    got = dataflow_checks.fact(f, t, _MINMAX) if isinstance(t, Tens) else None
    return got if isinstance(got, tuple) else None


def _give_minmax(f: Any, t: Any, lo: float, hi: float) -> None:
    import math

    from driftcheck.parsers.source.forward import dataflow_checks

    if isinstance(t, Tens) and math.isfinite(lo) and math.isfinite(hi) and lo <= hi:
        dataflow_checks.add_facts(f, t, **{_MINMAX: (lo, hi)})


def stored_values(f: Any, obj: Any, name: str, held: Any, t: Any) -> None:
    """``self.log_std`` (a parameter or buffer ``__init__`` made with known floating values,
    written nowhere else): its values' min and max, as a freshly built model holds them."""
    from driftcheck.parsers.source.forward import dataflow_attrs
    from driftcheck.parsers.source.library.tensorvalues import data

    if f.input_shape is None or not isinstance(t, Tens):
        return
    made = getattr(f.interp, "made_values", None) or {}
    got = made.get(id(held))
    a = data(got[1]) if got is not None and got[0] is held else None
    if a is None or getattr(a, "size", 0) == 0 or a.dtype.kind != "f":
        return
    if dataflow_attrs.written_outside_init(f, obj, name) or not _only_read(f, name):
        return
    if not bool((a == a).all()):
        return  # (a NaN)
    _give_minmax(f, t, float(a.min()), float(a.max()))


# attribute reads of a stored tensor that leave its values as they are
_PURE_READS = _SAME_VALUES | {"exp", "shape", "size", "dtype", "device", "dim", "numel", "ndim"}
# any of these in the code may write every parameter (``for p in self.parameters(): ...``)
_BULK = frozenset({"parameters", "named_parameters", "apply", "load_state_dict", "state_dict",
                   "_parameters", "__dict__", "buffers", "named_buffers", "modules",
                   "named_modules", "children", "to_empty", "register_parameter"})  # fmt: skip


def _only_read(f: Any, name: str) -> bool:
    """``name`` is stored once in the loaded modules of the code (its making) and otherwise
    only read as an operand, a call's argument (of a class, or of a torch function that is
    not in-place) or through a reading method: nothing may have changed the values
    ``__init__`` made (``nn.init.constant_(self.log_std, 0.3)``, ``.data.fill_``, a loop over
    ``self.parameters()``, ``setattr`` are all refused)."""
    cache = f.run_state.setdefault("fix32_only_read", {})
    if name in cache:
        return cache[name]
    trees = own_trees(f.interp)
    ok, stores = trees is not None, 0
    for tree in trees or ():
        parents = {id(c): n for n in ast.walk(tree) for c in ast.iter_child_nodes(n)}
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and n.value == name:
                ok = False
            elif isinstance(n, ast.Attribute) and n.attr in _BULK:
                ok = False
            elif isinstance(n, ast.Attribute) and n.attr == name:
                if isinstance(n.ctx, ast.Store):
                    stores += 1
                elif isinstance(n.ctx, ast.Del) or not _pure_use(n, parents):
                    ok = False
            if not ok:
                break
        if not ok:
            break
    cache[name] = ok = ok and stores == 1
    return ok


def _pure_use(n: ast.AST, parents: dict) -> bool:
    up = parents.get(id(n))
    if isinstance(up, (ast.BinOp, ast.UnaryOp, ast.Compare)):
        return True
    if isinstance(up, ast.Attribute):
        return up.attr in _PURE_READS
    if isinstance(up, ast.keyword):
        up = parents.get(id(up))
    if isinstance(up, ast.Call) and n is not up.func:
        fn = up.func
        last = (
            fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
        )
        return not last.endswith("_") and (last[:1].isupper() or _torch_chain(fn))
    return False


def _torch_chain(fn: ast.AST) -> bool:
    """``torch.x`` / ``F.x`` / ``torch.nn.functional.x``: a torch function, not ``nn.init``."""
    parts = []
    while isinstance(fn, ast.Attribute):
        parts.append(fn.attr)
        fn = fn.value
    if not isinstance(fn, ast.Name):
        return False
    parts.append(fn.id)
    parts.reverse()
    return parts[0] in ("torch", "F") and "init" not in parts and len(parts) >= 2


def values_after(f: Any, fv: Any, args: list, kwargs: dict, out: Any) -> None:
    """Min and max carried: a method keeping exactly ``t``'s values, ``exp``, torch's
    ``full`` / ``zeros`` / ``ones`` of a floating dtype."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import Bound

    if not isinstance(out, Tens):
        return
    if isinstance(fv, Bound) and isinstance(fv.target, Tens) and fv.target is not out:
        mm = _minmax(f, fv.target)
        if mm is None or "out" in kwargs:
            return
        if (
            fv.name in _SAME_VALUES
            and not any(isinstance(a, Tens) for a in args)
            or (fv.name == "expand_as" and len(args) == 1)
        ):
            _give_minmax(f, out, *mm)
        elif fv.name == "exp" and not args and not kwargs:
            import math

            try:
                _give_minmax(f, out, math.exp(mm[0]), math.exp(mm[1]))
            except OverflowError:
                return
        return
    q = getattr(fv, "qual", None)
    if q not in ("torch.full", "torch.zeros", "torch.ones") or "out" in kwargs:
        return
    dt = kwargs.get("dtype")
    if dt is not None and dataflow_checks.dtype_name(dt) not in (dataflow_checks.FLOAT, "float64"):
        return
    if q == "torch.full":
        v = args[1] if len(args) > 1 else kwargs.get("fill_value")
        if not isinstance(v, float):
            return  # (an int fill makes an int64 tensor)
        _give_minmax(f, out, v, v)
    elif not set(kwargs) - {"dtype", "requires_grad"}:
        v = 0.0 if q == "torch.zeros" else 1.0
        _give_minmax(f, out, v, v)


def values_binop(f: Any, op: Any, a: Any, b: Any, out: Any) -> None:
    """``t * 2``, ``t - 1``, ``0.5 * t``, ``t / 4``: min and max through an affine map."""
    if not isinstance(out, Tens) or isinstance(a, Tens) == isinstance(b, Tens):
        return
    ma, mb = _minmax(f, a), _minmax(f, b)
    if ma is None or mb is None:
        return
    try:
        if isinstance(op, ast.Add):
            r = (ma[0] + mb[0], ma[1] + mb[1])
        elif isinstance(op, ast.Sub):
            r = (ma[0] - mb[1], ma[1] - mb[0])
        elif isinstance(op, ast.Mult):
            c = [x * y for x in ma for y in mb]
            r = (min(c), max(c))
        elif isinstance(op, ast.Div) and isinstance(a, Tens) and mb[0] == mb[1] != 0:
            r = tuple(sorted((ma[0] / mb[0], ma[1] / mb[0])))
        else:
            return
    except OverflowError:
        return
    _give_minmax(f, out, r[0], r[1])


def dist_constraint(f: Any, q: str, args: list, kwargs: dict, loc: Any) -> None:
    """``torch.distributions.Normal(mu, self.log_std)`` with a scale whose smallest value is
    not > 0 (a freshly built model's ``log_std``): torch's ValueError at construction."""
    from driftcheck.parsers.source.forward.dataflow_fix27b import _dist_args
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    name = q.rpartition(".")[2]
    rules = CONSTRAINTS.get(name)
    if rules is None or kwargs.get("validate_args") not in (None, True) or _validation_off(f):
        return
    got = _dist_args(name, args, {k: v for k, v in kwargs.items() if k != "validate_args"})
    if not got:
        return
    for p, rule in rules.items():
        v = got.get(p)
        mm = _minmax(f, v)
        if mm is None:
            continue
        if isinstance(v, Tens):
            sh = known_shape(v)
            if sh is None or 0 in sh:
                continue
        lo, hi = mm
        bad = (
            lo <= rule[1] if rule[0] == "gt" else lo < rule[1] if rule[0] == "ge"
            else lo < rule[1] or hi > rule[2]
        )  # fmt: skip
        if bad:
            want = {"gt": f"GreaterThan(lower_bound={rule[1]})",
                    "ge": f"GreaterThanEq(lower_bound={rule[1]})",
                    "in": "Interval(lower_bound=0.0, upper_bound=1.0)"}[rule[0]]  # fmt: skip
            f.crash(loc, f"ValueError: Expected parameter {p} of distribution {name} to satisfy "
                    f"the constraint {want}, but found invalid values (its values lie in "
                    f"[{lo:g}, {hi:g}])")  # fmt: skip
            return


def _validation_off(f: Any) -> bool:
    """Some loaded module of the code may turn validation off
    (``Distribution.set_default_validate_args(False)``)."""
    got = f.run_state.get("fix32_validate")
    if isinstance(got, bool):
        return got
    trees = own_trees(f.interp)
    off = trees is None
    for tree in trees or ():
        if any(isinstance(n, ast.Attribute) and n.attr == "set_default_validate_args"
               for n in ast.walk(tree)):  # fmt: skip
            off = True
            break
    f.run_state["fix32_validate"] = off
    return off


def dist_value(q: str, out: Any) -> Any:
    """``torch.distributions.<Family>(...)`` of a family whose shapes no rule models: a
    distribution of unknown shapes all the same (``d.mean`` is its property, a tensor, not
    ``Tensor.mean``)."""
    from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens
    from driftcheck.parsers.source.forward.dist_table import PARAMS

    name = q.rpartition(".")[2]
    if isinstance(out, DistTens) or name not in PARAMS or not name[:1].isupper():
        return out
    if not isinstance(out, Tens) or out.shape is not None:
        return out
    return DistTens(None, family=name)


# ---------------------------------------------------------------- ``x[mask]``
def masked_rank(f: Any, v: Any, key: Any, got: Any) -> None:
    """``x[m]`` with ``m`` a bool tensor whose known shape is a prefix of ``x``'s known
    shape: torch's result is ``(K, *x.shape[m.ndim:])``, K the count of true items (not
    known): its rank is certain (``x[m] = x[m].double()`` is then an index put of a
    tensor, a dtype mismatch)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if f.input_shape is None or not isinstance(got, Tens) or got is v or got.shape is not None:
        return
    if not isinstance(key, Tens) or dataflow_checks.fact(f, key, "dtype") != "bool":
        return
    xs, ms = known_shape(v), known_shape(key)
    if xs is None or not ms or len(ms) > len(xs) or tuple(xs[: len(ms)]) != tuple(ms):
        return
    got.shape = (got.axis(0, "masked"), *xs[len(ms) :])


# ---------------------------------------------------------------- NHWC through elementwise ops
# elementwise ops whose result takes the layout of a dense input (torch's TensorIterator);
# for an NHWC input of more than one channel and pixel, measured in tests/test_crash32b.py
NHWC_KEEP = frozenset(
    {"relu", "gelu", "silu", "sigmoid", "tanh", "elu", "leaky_relu", "hardswish", "relu6",
     "mish", "softplus", "exp", "abs", "neg", "hardtanh", "clamp", "square", "sqrt"}
)  # fmt: skip


def nhwc_after(f: Any, fv: Any, args: list, kwargs: dict, out: Any) -> None:
    """``F.relu(x)`` / ``torch.sigmoid(x)`` / ``x.tanh()`` / ``x * 2`` of an NHWC tensor of
    more than one channel and pixel: an NHWC result (its ``view`` across channels fails)."""
    from driftcheck.parsers.source.values.dataflow_values import Bound

    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        name, x, rest = fv.name, fv.target, args
    else:
        q = getattr(fv, "qual", None)
        if not isinstance(q, str) or not args:
            return
        name = q.rsplit(".", 1)[-1]
        if q not in (f"torch.{name}", f"torch.nn.functional.{name}"):
            return
        x, rest = args[0], args[1:]
    if name not in NHWC_KEEP or any(isinstance(a, (Tens, list, tuple)) for a in rest):
        return
    if any(isinstance(v, Tens) for v in kwargs.values()) or kwargs.get("inplace") is True:
        return
    _keep_nhwc(f, x, out)


def _keep_nhwc(f: Any, x: Any, out: Any) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_strides
    from driftcheck.parsers.source.forward.dataflow_fix30 import _is_nhwc, nhwc_strides

    if not isinstance(out, Tens) or out is x or not isinstance(x, Tens) or not _is_nhwc(f, x):
        return
    n, c, h, w = dataflow_strides._shape(x)
    sh = dataflow_strides._shape(out)
    if c > 1 and h * w > 1 and sh == dataflow_strides._shape(x):
        dataflow_checks.add_facts(f, out, **{dataflow_strides.KEY: nhwc_strides(sh)})


def nhwc_binop(f: Any, op: Any, a: Any, b: Any, out: Any) -> None:
    """``x * 2`` / ``x + 1`` / ``x - 1`` / ``x / 2`` of an NHWC tensor and a number."""
    num = (int, float)
    if not isinstance(op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
        return
    if isinstance(a, Tens) and isinstance(b, num) and not isinstance(b, bool):
        _keep_nhwc(f, a, out)
    elif isinstance(b, Tens) and isinstance(a, num) and not isinstance(a, bool):
        _keep_nhwc(f, b, out)


# ---------------------------------------------------------------- einsum of two dtypes
def einsum_contracts(eq: str, sa: tuple, sb: tuple) -> str | None:
    """The index ``torch.einsum(eq, a, b)`` contracts through a batched matmul: in both
    operands, not in the output, of size > 1 in both (torch squeezes a size-1 one and
    multiplies instead, promoting). None: no such index, or an equation not read here
    (an ellipsis, not two operands, sizes that do not fit)."""
    eq = eq.replace(" ", "")
    if "..." in eq:
        return None
    lhs, arrow, out = eq.partition("->")
    ops = lhs.split(",")
    if len(ops) != 2 or not all(o.isalpha() for o in ops) or (out and not out.isalpha()):
        return None
    if len(ops[0]) != len(sa) or len(ops[1]) != len(sb):
        return None
    if not arrow:
        both = "".join(ops)
        out = "".join(sorted(c for c in set(both) if both.count(c) == 1))
    da, db = dict(zip(ops[0], sa, strict=True)), dict(zip(ops[1], sb, strict=True))
    for c in sorted((set(ops[0]) & set(ops[1])) - set(out)):
        if da[c] > 1 and db[c] > 1:
            return c
    return None


def einsum_dtypes(f: Any, args: list, kwargs: dict, loc: Any) -> None:
    """``torch.einsum("bd,d->b", h, self.prior)`` with ``h`` float32 and ``prior`` float16:
    the contraction runs as a batched matmul, which takes one dtype (measured on 3,000
    random equations in tests/test_crash32b.py)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if kwargs or not args or not isinstance(args[0], str):
        return
    ops = args[1:]
    if len(ops) == 1 and isinstance(ops[0], (list, tuple)):
        ops = list(ops[0])
    if len(ops) != 2 or not all(isinstance(t, Tens) for t in ops):
        return
    da, db = exact(f, ops[0]), exact(f, ops[1])
    sa, sb = known_shape(ops[0]), known_shape(ops[1])
    if da is None or db is None or da == db or sa is None or sb is None:
        return
    c = einsum_contracts(args[0], sa, sb)
    if c is not None:
        f.crash(loc, f"RuntimeError: einsum(): operands of dtypes {da} and {db} contracted over "
                f"'{c}' (a batched matmul takes one dtype: expected scalar type)")  # fmt: skip


@hooks.after(50)  # autograd graph
def _after_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    after_call(run, fv, out, fr, args, kwargs)
