"""Calls in the forward() interpreter: modules, user functions, torch functions, builtins.

A call of a module is where edges come from: a catalogue leaf gets edges from its tensor
arguments; a user module runs its own ``forward`` with the child object as ``self`` (so its
leaves connect to the caller's tensors); a ``Sequential`` chains its items. A call we cannot
resolve returns an unknown tensor and marks the module as not fully followed.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from driftcheck.graph.counting import NO_FORWARD_NOTE
from driftcheck.parsers.source.forward import (
    dataflow_argtypes,
    dataflow_arity,
    dataflow_axes,
    dataflow_called,
    dataflow_checks,
    dataflow_fix38b,
    dataflow_fix39a,
    dataflow_grown,
    dataflow_libvals,
    dataflow_misuse,
)
from driftcheck.parsers.source.forward import dataflow_concrete as concrete
from driftcheck.parsers.source.forward import dataflow_lists as lists
from driftcheck.parsers.source.forward import dataflow_torch as torchops
from driftcheck.parsers.source.forward.dataflow import concrete as shape_known
from driftcheck.parsers.source.forward.dataflow_ops import Pieces, param_tensor
from driftcheck.parsers.source.forward.dataflow_ops import convert as ops_convert
from driftcheck.parsers.source.interp import dunders, fwdhooks
from driftcheck.parsers.source.speed import symbolic
from driftcheck.parsers.source.speed.symbolic import HoleFloat, HoleInt
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Ext,
    Func,
    Leaf,
    Obj,
    Unknown,
    container_values,
)
from driftcheck.parsers.source.values.dataflow_values import (
    NUM,
    UNK,
    Bound,
    Mod,
    ShapeOf,
    Tens,
    Unk,
    UnkNum,
    UserFunc,
    first_tensor,
    is_int,
    known_shape,
)
from driftcheck.speed import tree_memos

if TYPE_CHECKING:
    from driftcheck.parsers.source.forward.dataflow_eval import Frame, Runner

MAX_DEPTH = 40
MAX_LOOP = 256
# documented ranks of Hugging Face model inputs (``input_ids`` is (batch, seq)): lets views
# written with ``x.shape[:-1]`` become size-free ops; never written into the graph
RANKS = {"input_ids": 2, "decoder_input_ids": 2, "inputs_embeds": 3, "pixel_values": 4}
# torch modules whose forward is a chain of their ``layers`` then ``norm`` (see torch_stack)
TORCH_STACKS = {"torch.nn.TransformerEncoder", "torch.nn.TransformerDecoder"}
TUPLE_LEAVES = {"LSTM", "GRU", "RNN", "LSTMCell", "MultiheadAttention"}
_MATH = {"sqrt": math.sqrt, "log": math.log, "ceil": math.ceil, "floor": math.floor}
_MATH_SYMBOLIC = frozenset(_MATH)  # (before session 25: computed on a traced number too)
# session 25: every other ``math`` function of plain numbers is CPython's own (its
# ValueError / OverflowError: unknown); of an unknown number (``NUM``), the total ones are
# an unknown number (``x * math.cos(w)`` keeps ``x``'s shape)
_MATH.update({n: getattr(math, n) for n in (
    "exp", "expm1", "log2", "log10", "log1p", "sin", "cos", "tan", "sinh", "cosh", "tanh",
    "asin", "acos", "atan", "asinh", "acosh", "atanh", "erf", "erfc", "fabs", "degrees",
    "radians", "trunc", "isnan", "isinf", "isfinite", "gamma", "lgamma")})  # fmt: skip
_MATH2 = {n: getattr(math, n) for n in ("pow", "atan2", "hypot", "copysign", "fmod", "log",
                                        "remainder")}  # fmt: skip
_MATH_TOTAL = frozenset({"sin", "cos", "tan", "atan", "tanh", "erf", "erfc", "fabs", "degrees",
                         "radians", "asinh"})  # fmt: skip
# ``math`` functions that read each argument as a Python float (``Tensor.__float__``): a
# tensor of more than one element is torch's ValueError (``math.exp(-k * torch.arange(n))``
# meant ``torch.exp``); measured in torch 2.13. ``math.trunc`` / ``prod`` / ``fsum`` differ.
_MATH_FLOAT = frozenset(
    {"exp", "expm1", "exp2", "log", "log2", "log10", "log1p", "sqrt", "cbrt", "pow", "sin",
     "cos", "tan", "sinh", "cosh", "tanh", "asin", "acos", "atan", "atan2", "erf", "erfc",
     "floor", "ceil", "fabs", "isnan", "isinf", "isfinite", "hypot", "degrees", "radians",
     "gamma", "lgamma", "copysign", "fmod"}
)  # fmt: skip


def _plain_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _math_of_tensor(f: Any, name: str, args: list, loc: Any) -> bool:
    """``math.<name>(t)`` on real sizes with ``t`` a tensor of known size, not one element:
    torch's ValueError. True when it crashed."""
    if f.input_shape is None or name not in _MATH_FLOAT or loc is None:
        return False
    for a in args:
        shape = known_shape(a) if isinstance(a, Tens) else None
        if shape is None or not all(isinstance(d, int) for d in shape):
            continue
        if math.prod(shape) != 1:
            f.crash(loc, "ValueError: only one element tensors can be converted to Python scalars")
            return True
    return False


def _copy_state(f: Any, nid: str, obj: Obj) -> Any:
    """The plain settings (numbers, strings, booleans) of ``obj``, a copy of the repeated
    block ``nid``; None for a block that is not repeated or settings that are not plain."""
    from driftcheck.parsers.source.forward.copy_states import plain_state

    node = f.node(nid)
    return plain_state(obj) if node is not None and node.repeat > 1 else None


def _scalar_of_tensor(f: Any, t: Any, loc: Any) -> Any:
    """``int(t)`` / ``float(t)`` / ``complex(t)`` of a tensor on real sizes: torch's
    ValueError for a known size of more or fewer than one element (``betas[int(t)]`` with a
    batch of timesteps); else an unknown plain number (``NUM``). None when ``t`` is not a
    tensor or the sizes are not real (the caller's rules stand)."""
    if f.input_shape is None or not isinstance(t, Tens) or loc is None:
        return None
    shape = t.shape
    if isinstance(shape, tuple) and all(is_int(d) for d in shape):
        if math.prod(shape) != 1:
            f.crash(loc, "ValueError: only one element tensors can be converted to Python scalars")
            return UNK
    return NUM


def _no_forward_note(root: Any, defines_none: bool = False) -> str:
    """The note for a root module whose ``forward`` the pass cannot follow. Its classes read
    from source defining none (``defines_none``: Python finds nn.Module's placeholder, there is
    nothing to follow) is graph/counting.NO_FORWARD_NOTE, shown only where the count turns on
    it (``counting.shown_notes``: it stood on every standalone file that builds a class
    without a forward, its count known and nothing skipped). A torch class
    itself (``model = nn.Sequential(...)``, a bare layer) has torch's own forward: the layers
    and their count are known, the pass just does not trace it -- said so, not as the opaque
    root (graph/counting.OPAQUE_NOTE: a class whose forward, and maybe layers, live in code
    not analyzed, counted unknown when it holds no children). The opaque wording on every
    standalone file's ``nn.Sequential`` topped the wild benchmark's unknown notes (17 of 17
    fresh29 dev files) while saying nothing about why the count was unknown."""
    torch_q = ""
    if (
        isinstance(root, Obj)
        and root.cls is None
        and root.children  # an empty one keeps the opaque note: layers added elsewhere?
        and (root.qual or "").startswith("torch.")
    ):
        torch_q = root.qual or ""
    elif isinstance(root, Leaf) and root.torch:
        torch_q = root.torch
    if torch_q:
        return f"forward: the root module is {torch_q}: torch's own forward, not traced"
    if not isinstance(root, (Obj, Leaf)):  # the opaque wording kept: an unknown root
        return "forward: the root module has no forward() in analyzed code (the model is unknown)"
    if defines_none:
        return NO_FORWARD_NOTE
    return "forward: the root module has no forward() in analyzed code"


class Calls:
    """Call semantics of the forward pass: a part of ``Runner`` (which owns the frames, the
    budget and the expressions and statements this part asks of it)."""

    def __init__(self, run: Runner) -> None:
        self.run = run  # the owner
        # the root forward's parameters that default to None, and where it is defined: an
        # input the caller must give where forward hands the default to a layer
        self.root_optional: set[str] = set()
        self.root_at: tuple[str, int] | None = None

    # ------------------------------------------------------------------ entry
    def run_root(self, root: Any) -> Any:
        fn = self.forward_of(root)
        if fn is None:
            from driftcheck.parsers.source.forward import dataflow_seqroot

            done, out = dataflow_seqroot.run_container_root(self, root)
            if done:  # a torch ``nn.Sequential`` root chained, a ModuleList root judged
                return out
            # with an input to follow (``check --input-shape``) the forward checks are
            # skipped: said whatever the classes define
            quiet = self.run.f.input_shape is None and self.defines_none(root)
            self.run.notes.append(_no_forward_note(root, quiet))
            return None
        node = fn.node
        a = node.args
        params = [*a.posonlyargs, *a.args][1:]
        defaults = dict(zip([p.arg for p in params][len(params) - len(a.defaults) :], a.defaults))
        kwargs: dict[str, Any] = {}
        for i, p in enumerate(params):
            if i == 0 or p.arg not in defaults:
                at = (str(fn.mod.path), node.lineno)
                kwargs[p.arg] = self.root_input(p.arg, at, first=i == 0)
            elif isinstance(defaults[p.arg], ast.Constant) and defaults[p.arg].value is None:
                self.root_optional.add(p.arg)
        self.root_at = (str(fn.mod.path), node.lineno)
        return self.run_func(fn, Mod(root), [], kwargs, None)

    def root_input(self, name: str, at: tuple[str, int], first: bool) -> Tens:
        """An input of the root's forward (an ``Input`` node defined at ``at``); the first
        one takes ``check --input-shape`` (and its dtype and values' range) when given."""
        t = self.run.f.add_input(name, at)
        given = self.run.f.input_shape  # ``check --input-shape``: the first input's real sizes
        if first and given is not None:
            t.shape = tuple(given)
            from driftcheck.parsers.source.forward import dataflow_strides

            dataflow_strides.made_contiguous(self.run.f, t)  # a fresh input tensor
            if self.run.f.input_dtype:  # ``check --input-dtype``: its dtype is known
                from driftcheck.parsers.source.forward import dataflow_checks

                dataflow_checks.add_facts(self.run.f, t, **self.run.f.input_dtype)
            if self.run.f.input_range:  # ``check --input-range``: its values' bounds
                from driftcheck.parsers.source.forward import dataflow_fix26

                lo, hi = self.run.f.input_range
                dataflow_fix26.give(self.run.f, t, lo, hi - 1)
        elif name in RANKS:  # internal only: the Input node's shape stays unknown
            t.learn_rank(RANKS[name])
        return t

    def _given_inputs(self, args: list, kwargs: dict, fr: Frame | None, at: ast.AST) -> None:
        """A root-forward parameter defaulting to None that reaches a layer still None
        (``self.embed_timestep(timesteps)`` with ``timesteps=None``): a layer cannot take
        None, so the caller gives that input; it becomes one (an ``Input`` node, bound in the
        frame for its later uses), as the parameters without a default are. Transformers'
        Decision Transformer takes every input by a None-default keyword."""
        if not self.root_optional or fr is None or len(self.run.stack) != 1:
            return
        if fr is not self.run.stack[0] or not isinstance(at, ast.Call):
            return
        named = [(i, x) for i, x in enumerate(at.args)] + [
            (k.arg, k.value) for k in at.keywords if k.arg is not None
        ]
        for key, x in named:
            if not isinstance(x, ast.Name) or x.id not in self.root_optional:
                continue
            held = args[key] if isinstance(key, int) and key < len(args) else kwargs.get(key)
            if held is not None or fr.locals.get(x.id, 0) is not None:
                continue
            t = self.run.f.add_input(x.id, self.root_at)
            fr.locals[x.id] = t
            self.root_optional.discard(x.id)
            if isinstance(key, int):
                args[key] = t
            else:
                kwargs[key] = t

    def forward_of(self, obj: Any) -> Func | None:
        if not isinstance(obj, Obj) or obj.cls is None:
            return None
        try:
            ok, fn, _ = self.run.f.interp.classes.mro_attr(obj.cls, "forward")
        except Exception:  # noqa: BLE001
            return None
        return fn if ok and isinstance(fn, Func) else None

    def defines_none(self, obj: Any) -> bool:
        """Whether no class of ``obj``'s MRO read from source defines ``forward`` and torch's
        ``nn.Module`` is the first base that may: Python finds its placeholder (calling the
        module raises NotImplementedError), no forward kept in code not analyzed."""
        from driftcheck.parsers.source.interp.objmodel import _NN_MODULE

        if not isinstance(obj, Obj) or not isinstance(obj.cls, Cls):
            return False
        try:
            ok, _, where = self.run.f.interp.classes.mro_attr(obj.cls, "forward")
        except Exception:  # noqa: BLE001
            return False
        return not ok and getattr(where, "qual", None) in _NN_MODULE

    def own_forward(self, obj: Obj) -> bool:
        """A subclass of a torch layer that defines its own ``forward`` (timm's
        ``LayerNorm2d(nn.LayerNorm)`` permutes NCHW to NHWC around ``F.layer_norm``): that
        forward is what runs, not the torch layer's."""
        if obj.cls is None:
            return False
        try:
            return dunders.source_method(self.run.f.interp, obj.cls, "forward") is not None
        except Exception:  # noqa: BLE001
            return False

    # ------------------------------------------------------------------ call sites
    def call_expr(self, e: ast.Call, fr: Frame) -> Any:
        recv: Any = None
        if isinstance(e.func, ast.Attribute):  # as ``Runner.eval`` does, keeping the receiver
            run = self.run
            run.tick()
            recv = run.eval(e.func.value, fr)
            fv = run.attr(recv, e.func.attr, fr, e.func)
            run.global_item_use(e.func, fv, fr)
        else:
            fv = self.run.eval(e.func, fr)
        args: list[Any] = []
        whole, splat = True, False  # every ``*`` / ``**`` spread with all its items
        for x in e.args:
            if isinstance(x, ast.Starred):
                splat = True
                items = self.iterate(self.run.eval(x.value, fr))
                if items is None:
                    args.append(UNK)
                    whole = False
                else:
                    args.extend(items)
            else:
                args.append(self.run.eval(x, fr))
        kwargs: dict[str, Any] = {}
        for k in e.keywords:
            v = self.run.eval(k.value, fr)
            if k.arg is None:
                splat = True
                named = set(kwargs) | {j.arg for j in e.keywords if j.arg is not None}
                whole = whole and dataflow_fix38b.kw_whole(v, named)
                if isinstance(v, dict):
                    kwargs.update({str(a): b for a, b in v.items()})
            else:
                kwargs[k.arg] = v
        if splat:
            dataflow_fix38b.splats(self.run.f, e, whole)  # read by ``dataflow_torch._splat``
        if isinstance(e.func, ast.Call) and self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix30b, dataflow_fix36b_trace

            dataflow_fix36b_trace.argnums_call(self.run, e, fr)  # ``grad(f, argnums=3)(a, b)``

            got = dataflow_fix30b.func_grad(self, e, args, kwargs, fr)  # ``func.grad(fn)(x)``
            if got is not None:
                return got
            before = len(self.run.f.crashes)
            dataflow_argtypes.vmap_call(self.run, e, args, kwargs, fr)  # ``vmap(fn)(*xs)``
            if len(self.run.f.crashes) == before:
                from driftcheck.parsers.source.forward import dataflow_fix27

                got = dataflow_fix27.vmap_result(self, e, args, kwargs, fr)  # a sample's run
                if got is not None:
                    return got
        if self.run.f.input_shape is None:
            return self.call_value(fv, args, kwargs, fr, e)
        if self.run.f.catch_frames:  # in ``contextlib.suppress(E)``: a call the rules see through
            from driftcheck.parsers.source.forward.dataflow_catch import call_seen

            call_seen(self.run.f, fv)
        # the receiver the rules read (``dataflow_common.receiver``): never evaluated again
        self.run.receivers.append((e, recv))
        try:
            dataflow_called.run_before(self.run, e, fv, args, kwargs, fr)  # the rules' hooks
            out = self.call_value(fv, args, kwargs, fr, e)
            self.run.f._none_args = None
            return dataflow_called.run_after(self.run, e, fv, args, kwargs, out, fr)
        finally:
            self.run.receivers.pop()

    def call_value(self, fv: Any, args: list, kwargs: dict, fr: Frame, at: ast.AST) -> Any:
        if self.run.f.input_shape is not None:  # session 40: state_dict() / BytesIO round trip
            from driftcheck.parsers.source.forward import dataflow_fix40a

            got = dataflow_fix40a.pure(self.run, fv, args, kwargs, fr, at)
            if got is not dataflow_fix40a.MISS:
                return got
        dataflow_axes.escapes(self.run.f, fv, args, kwargs)
        if fv.__class__ in (ShapeOf, int):  # ``h.shape(0)``, ``x.ndim()``
            dataflow_misuse.called(self.run.f, fv, at, fr.loc(at) if fr is not None else None)
        if isinstance(fv, Mod):
            via = "torch"  # ``nn.Module.__call__``: torch's hooks run (not an own ``__call__``)
            if self.run.f.input_shape is not None:
                from driftcheck.parsers.source.forward import dataflow_fix36

                via, args, kwargs = dataflow_fix36.call_impl(self, fv, args, kwargs, at)
                if via == "torch":
                    args, kwargs = dataflow_fix36.pre_hooks(self, fv, args, kwargs, fr, at)
            dataflow_arity.module_call(self, fv.obj, args, kwargs, fr, at)
            out = self.call_module(fv.obj, args, kwargs, fr, at)
            if self.run.f.input_shape is not None and via == "torch":
                from driftcheck.parsers.source.forward import dataflow_fix31

                out = dataflow_fix31.forward_hooks(self, fv, args, kwargs, out, fr, at)  # hooks
            elif via == "maybe":  # its forward hooks may run: the output is not known
                out = Tens(None) if isinstance(out, Tens) else UNK
            return out
        if isinstance(fv, UserFunc):
            return self.run_func(fv.func, fv.self_mod, args, kwargs, fr)
        if isinstance(fv, Func):
            return self.run_func(fv, None, args, kwargs, fr)
        if hasattr(fv, "local_def"):  # a function defined inside forward
            return self.run_local(fv, args, kwargs, fr)
        if isinstance(fv, Bound):
            return self.run.bound_call(fv, args, kwargs, fr, at)
        if isinstance(fv, Ext):
            if args and isinstance(args[0], Mod) and self.run.f.nid(args[0].obj):
                # ``functional_call(m, p, xs)`` of a module in the graph (output/functemplate.py)
                got = _functional_call(fv.qual, args, kwargs)
                if got is not None:
                    return self.call_module(args[0].obj, got[0], got[1], fr, at)
            return self.call_ext(fv.qual, args, kwargs, fr, at)
        if isinstance(fv, torchops.TorchForward):
            tens = [a for a in args if isinstance(a, Tens)]
            loc = fr.loc(at) if fr is not None else None
            t = (
                self.run.f.torch_module(self.run.f.resolve(fv.self_mod.obj), tens, loc)
                if tens
                else None
            )
            if t is not None:
                if self.run.f.queries.node_type(t.src) in TUPLE_LEAVES:
                    return dataflow_checks.tuple_result(
                        self.run.f,
                        t,
                        args,
                        kwargs,
                        tens,
                        loc,
                        self.run.f.resolve(fv.self_mod.obj).qual,
                    )
                return t
            return self.unknown_call(
                args, kwargs, f"line {getattr(at, 'lineno', '?')}: unknown call"
            )
        if isinstance(fv, Cls):
            return self.construct(fv, args, kwargs, fr, at)
        if fv.__class__ is dataflow_fix39a.InstMethod:  # ``trainer.step(x)`` (crashgen39)
            return dataflow_fix39a.method_call(self, fv, args, kwargs, fr)
        if isinstance(fv, dataflow_libvals.LibMethod):  # ``M.getint("hidden")``
            loc = fr.loc(at) if fr is not None else ()
            got = dataflow_libvals.call(fv, args, kwargs, loc, lambda x: ops_convert(self.run, x))
            if got is not None:
                return got
        if self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix34, dataflow_fix34c

            if dataflow_fix34c.ctx_call(fv, args, kwargs):
                return None  # ``ctx.save_for_backward(x)``
            done, got = dataflow_fix34c.apply_call(self, at, args, kwargs, fr)  # ``X.apply``
            if not done:
                done, got = dataflow_fix34c.scaler_call(self, at, args, kwargs, fr)  # amp order
            if done:
                return got
            if dataflow_fix34.zero_grad_call(self.run, at, args, kwargs, fr):
                return None  # ``opt.zero_grad()``: torch's, touches no value the pass holds
            if dataflow_fix34.step_call(self.run, at, args, kwargs, fr):
                return None  # ``opt.step()``: parameters written in place, flags kept
        return self.unknown_call(args, kwargs, unknown_call_note(at, fv, fr), unfollowed=True)

    def unknown_call(self, args: list, kwargs: dict, why: str, unfollowed: bool = False) -> Any:
        """A call the pass does not follow; ``unfollowed``: ``why`` names the callee and its
        file:line, kept for the graph's ``unfollowed`` record (session 38)."""
        vals = [*args, *kwargs.values()]
        dataflow_axes.escapes(self.run.f, UNK, args, kwargs)
        dataflow_fix39a.escaped(self.run.f, args, kwargs)  # plain objects it may change
        self.run.taint(why)
        if unfollowed:
            self.run.unfollowed_notes.add(why)
        return Tens(None) if any(isinstance(v, Tens) for v in vals) else UNK

    def construct(
        self, cls: Cls, args: list, kwargs: dict, fr: Frame | None = None, at: Any = None
    ) -> Any:
        """A class called in forward: an output container (ModelOutput, namedtuple) or unknown."""
        try:
            if self.run.f.interp.classes.is_module_cls(cls):
                if self.run.f.input_shape is not None and at is not None and fr is not None:
                    from driftcheck.parsers.source.forward import dataflow_lateinit

                    dataflow_lateinit.late_super(self.run, cls, fr.loc(at))
                    from driftcheck.parsers.source.forward import dataflow_fix40a

                    got = dataflow_fix40a.built(self.run, cls, args, kwargs, fr, at)
                    if got is not None:  # session 40: a module of plain arguments, its state
                        return got
                return self.unknown_call(args, kwargs, f"{cls.name} built inside forward")
        except Exception:  # noqa: BLE001
            pass
        d: dict[Any, Any] = dict(enumerate(args))
        d.update(kwargs)
        return d

    # ------------------------------------------------------------------ modules
    def call_module(self, obj: Any, args: list, kwargs: dict, fr: Frame, at: ast.AST) -> Any:
        own, obj = obj, self.run.f.resolve(obj)
        if isinstance(obj, Leaf):
            from driftcheck.parsers.source.forward import dataflow_fix30b

            dataflow_fix30b.lazy_ran(self.run.f, obj)  # a lazy layer's first call
            self._given_inputs(args, kwargs, fr, at)
        tens = [a for a in args if isinstance(a, Tens)]
        if not tens:
            tens = [v for v in kwargs.values() if isinstance(v, Tens)][:1]
        loc = fr.loc(at) if fr is not None else None
        if isinstance(obj, Leaf):
            if self.run.f.input_shape is not None and args:
                from driftcheck.parsers.source.forward import dataflow_fix32b

                if dataflow_fix32b.layer_called(self.run, Mod(obj), args, fr, loc):
                    return Tens(None)  # ``self.fc(prior)``, prior made in inference_mode
                from driftcheck.parsers.source.forward import dataflow_masks

                dataflow_masks.tuple_input(self.run.f, args[0], obj, loc)
                if obj.type == "TransformerDecoderLayer" and obj.torch and len(args) > 1:
                    from driftcheck.parsers.source.forward import dataflow_args

                    if dataflow_args.decoder_batch(self.run.f, obj, args[0], args[1], loc):
                        return Tens(None)  # tgt and memory of other batch sizes
                if obj.type in ("GRUCell", "RNNCell") and obj.torch and len(args) > 1:
                    from driftcheck.parsers.source.forward import dataflow_args

                    if dataflow_args.rnn_hx_kind(self.run.f, obj.type, args[0], args[1], loc):
                        return Tens(None)  # ``gru_cell(x, (h,))``: torch's AttributeError
                if dataflow_masks.none_input(self.run.f, args[0], obj, loc):
                    return Tens(None)
                from driftcheck.parsers.source.forward import dataflow_fix25b

                if dataflow_fix25b.loss_module(self.run.f, obj, args, kwargs, loc):
                    return Tens(None)  # ``nn.BCELoss()(p, p > 0.5)``: torch's functional check
                from driftcheck.parsers.source.forward import dataflow_fix28

                if dataflow_fix28.loss_module(self.run.f, obj, args, kwargs, loc):
                    return Tens(None)  # ``nn.CrossEntropyLoss()(x, t.int())``
                from driftcheck.parsers.source.forward import dataflow_cover23b

                err = dataflow_cover23b.leaf_error(obj, args, kwargs)  # ``nn.Upsample`` modes
                if err is None:
                    from driftcheck.parsers.source.forward import dataflow_fix24

                    err = dataflow_fix24.leaf_error(obj, args, kwargs)  # ``nn.GRUCell`` state
                if err is None:
                    from driftcheck.parsers.source.forward import dataflow_fix27b

                    err = dataflow_fix27b.leaf_error(self.run.f, obj, args, kwargs)  # ``Bag``
                if err is None:
                    from driftcheck.parsers.source.forward import dataflow_fix29

                    err = dataflow_fix29.leaf_error(self.run.f, obj, args, kwargs)  # offsets
                if err is None:
                    from driftcheck.parsers.source.forward import dataflow_fix31

                    err = dataflow_fix31.bag_leaf_error(self.run.f, obj, args, kwargs)  # ids
                if err is not None:
                    self.run.f.crash(loc, err)
                    return Tens(None)
            out = self.run.f.leaf_call(obj, tens, loc)
            if self.run.f.input_shape is not None and len(tens) == 1 and not kwargs:
                from driftcheck.parsers.source.forward import dataflow_fix30

                dataflow_fix30.layer_layout(self.run.f, obj.type, tens[0], out)  # NHWC kept
                from driftcheck.parsers.source.forward import dataflow_fix31

                dataflow_fix31.layer_output(self.run.f, obj, tens[0], out)  # dtype kept
            if self.run.f.input_shape is not None and obj.type in ("Linear", "Embedding"):
                from driftcheck.parsers.source.forward import dataflow_strides

                dataflow_strides.made_contiguous(self.run.f, out)  # a fresh matmul / lookup
            if self.run.f.input_shape is not None and (not obj.cast or isinstance(obj.cast, str)):
                # a layer cast to an unknown dtype: its output's dtype is open
                from driftcheck.parsers.source.forward import dataflow_dtype_ops

                dataflow_dtype_ops.layer_output(self.run.f, obj.type, out, obj.cast or None)
                from driftcheck.parsers.source.forward import dataflow_fix30

                dataflow_fix30.lookup_exact(self.run.f, obj.type, out, obj.cast or None)
            if kwargs or len(args) > len(tens):
                self._leaf_masks(obj, out, args, kwargs, loc)
            if self.run.f.input_shape is not None and obj.torch:
                from driftcheck.parsers.source.forward import dataflow_masks

                node = self.run.f.node(self.run.f.nid(obj) or "")
                dataflow_masks.leaf_built(self.run.f, node, loc)
                if "pool" in obj.type.lower():
                    return dataflow_masks.pool_result(self.run.f, node, out, args, kwargs)
                if obj.type.startswith("ConvTranspose") and (len(args) > 1 or kwargs):
                    from driftcheck.parsers.source.forward import dataflow_ranks

                    size = args[1] if len(args) > 1 else kwargs.get("output_size")
                    if node is not None and size is not None and args:
                        x = args[0]
                        return dataflow_ranks.convt_output_size(self.run.f, node, out, x, size, loc)
            if obj.type in TUPLE_LEAVES:
                if args and obj.torch and obj.type in dataflow_checks.RNN:
                    from driftcheck.parsers.source.forward import dataflow_packed

                    if dataflow_packed.read_overlong(self.run.f, args[0], loc, obj.type):
                        return UNK
                got = dataflow_checks.tuple_result(
                    self.run.f, out, args, kwargs, tens, loc, obj.torch
                )
                if args and obj.torch and self.run.f.input_shape is not None:
                    from driftcheck.parsers.source.forward import dataflow_packed

                    dataflow_packed.rnn_out(self.run.f, args[0], got)  # a packed input
                    from driftcheck.parsers.source.forward import dataflow_fix28

                    dataflow_fix28.packed_rnn(self.run.f, obj, args[0], got)  # its sizes
                return got
            return out
        if not isinstance(obj, Obj):
            return self.unknown_call(args, kwargs, "call of a non-module")
        nid = self.run.f.nid(obj)
        first = tens[0].src if tens else None
        rep = obj
        if nid is not None:
            real = tens[0].shape if tens and self.run.f.input_shape is not None else None
            hit, out = self.run.f.queries.enter(nid, first, real if shape_known(real) else None)
            if self.run.f.input_shape is not None:
                # a copy of a repeated block whose plain settings differ from those of the copy
                # that ran last (a RealNVP coupling's ``flip``) runs its own forward: its
                # compacted repeat would be the other copy's output
                state = _copy_state(self.run.f, nid, obj)
                if own is not obj and isinstance(own, Obj) and state is not None:
                    mine = _copy_state(self.run.f, nid, own)
                    if mine is not None and mine != state:
                        obj, state = own, mine  # its forward reads its own settings
                if hit and state != self.run.f.run_state.get(nid, state):
                    hit = False
                if not hit:
                    self.run.f.run_state[nid] = state
            if hit:
                return out
        if obj.qual in TORCH_STACKS:
            out = self.torch_stack(obj, args, kwargs, fr, at)
            self.run.f.queries.leave(nid, out)
            return out
        if obj.qual and obj.kind is None and not self.own_forward(obj):
            if self.run.f.input_shape is not None and tens:
                from driftcheck.parsers.source.forward import dataflow_losses

                if obj.qual in dataflow_losses.WEIGHTED:
                    dataflow_losses.module_weight(self.run.f, obj, tens[0], loc)
                if obj.qual in dataflow_losses.BCE:
                    dataflow_losses.module_bce(self.run.f, obj, tens[0], loc)
            t = self.run.f.torch_module(obj, tens, loc)
            if t is not None:
                if self.run.f.queries.node_type(t.src) in TUPLE_LEAVES:
                    return dataflow_checks.tuple_result(
                        self.run.f, t, args, kwargs, tens, loc, obj.qual
                    )
                return t
        if obj.qual == "einops.Rearrange" and tens:
            # ``Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=p, p2=p)``: the layer
            # is ``einops.rearrange`` with its pattern (an axis that does not divide fails);
            # without real sizes, only the head split, size-free, as for the function
            axes = obj.attrs.get("axes_lengths")
            axes = {k: symbolic.plain_hole(v) for k, v in axes.items()} if axes else {}
            sized = self.run.f.input_shape is not None
            if sized and concrete.einops_rank(self.run.f, tens[0], obj.attrs.get("pattern"), loc):
                return Tens(None)
            make = concrete.rearrange if sized else concrete.rearrange_split
            out = make(self.run, tens[0], obj.attrs.get("pattern"), axes, fr, loc)
            if out is not None:
                self.run.f.queries.leave(nid, out)
                return out
        if obj.kind == "Sequential" and not self.own_forward(obj):  # a subclass's own runs
            x: Any = args[0] if args else (tens[0] if tens else UNK)
            for c in obj.children.values():
                x_in = x
                if self.run.f.input_shape is not None and getattr(c, fwdhooks.HOOKS, None):
                    # a hooked item: its pre-hooks, forward and hooks, as ``c(x)`` runs them
                    x = self.call_value(Mod(c), [x], {}, fr, at)
                else:
                    x = self.call_module(c, [x], {}, fr, at)
                if self.run.f.input_shape is not None:
                    from driftcheck.parsers.source.forward import dataflow_fix32

                    dataflow_fix32.after_call(self.run, Mod(c), x, fr, [x_in], {})  # autograd
            out = x
        else:
            fn = self.forward_of(obj)
            if fn is None and self.run.f.input_shape is not None:
                from driftcheck.parsers.source.forward import dataflow_fix37c

                fn = dataflow_fix37c.plain_call(self.run, obj)  # a plain object's ``__call__``
            if fn is None:
                name = obj.cls.name if obj.cls else (obj.qual or obj.kind or "module")
                return self.unknown_call(args, kwargs, f"no forward() to follow for {name}")
            if obj is not rep:  # a copy of its own settings: its attributes read as its own
                self.run.f.rep[id(obj)] = obj
                try:
                    out = self.run_func(fn, Mod(obj), args, kwargs, fr)
                finally:
                    self.run.f.rep[id(obj)] = rep
            elif own is not obj and self.run.f.input_shape is not None:
                # the stand-in's forward runs for ``own`` (a copy of a repeated block): a layer
                # copy made there is named by ``own``'s path (``Flow._copy``; session 38)
                self.run.f.standins.append((obj, own))
                try:
                    out = self.run_func(fn, Mod(obj), args, kwargs, fr)
                finally:
                    self.run.f.standins.pop()
            else:
                out = self.run_func(fn, Mod(obj), args, kwargs, fr)
        self.run.f.queries.leave(nid, out)
        return out

    def _zip(self, args: list, its: list[list[Any]]) -> list[tuple]:
        """``zip`` of the iterated arguments. When it stops before the end of a module list,
        the items it never reached are noted as maybe used, never as unused: a run of
        identical items iterates as one (``iterate``), so ``zip(self.convs1, self.convs2)``
        stops early (vits), and the other iterable's length is often the analyzer's
        approximation (a backbone's feature maps, pp_ocrv6's neck), not the real one."""
        out = list(zip(*its))
        for a in args:
            if isinstance(a, Mod) and isinstance(a.obj, Obj) and len(out) < len(a.obj.children):
                for c in a.obj.children.values():
                    self.run.f.maybe_used.add(id(self.run.f.resolve(c)))
        return out

    def _leaf_masks(self, obj: Leaf, out: Any, args: list, kwargs: dict, loc: Any) -> None:
        """A torch transformer layer called with masks: their shapes (``dataflow_masks``)."""
        from driftcheck.parsers.source.forward import dataflow_masks

        node = self.run.f.node(self.run.f.nid(obj) or "")
        if node is not None and node.type in dataflow_masks.MASKED and obj.torch:
            dataflow_masks.transformer_masks(self.run.f, node.type, node.params, args, kwargs, loc)

    def torch_stack(self, obj: Obj, args: list, kwargs: dict, fr: Frame, at: ast.AST) -> Any:
        """torch's TransformerEncoder/Decoder: its layers chained on the first argument (the
        other arguments, a decoder's memory, go to every layer), then its optional norm.

        Their forward in torch's source is mostly fast-path and nested-tensor bookkeeping on
        conditions nothing static can decide; what it computes is this chain.
        """
        x: Any = args[0] if args else kwargs.get("src", kwargs.get("tgt", UNK))
        rest = list(args[1:])
        if not rest and "memory" in kwargs:
            rest = [kwargs["memory"]]
        layers = obj.children.get("layers")
        items = self.iterate(Mod(layers)) if layers is not None else None
        if items and self.run.f.input_shape is not None and (kwargs or len(args) > 2):
            # the masks go to every layer: judged once, with the first layer's attributes
            from driftcheck.parsers.source.forward import dataflow_masks

            first = self.run.f.node(self.run.f.nid(items[0].obj) or "")
            kind = (obj.qual or "").rsplit(".", 1)[-1]
            if first is not None and first.type.startswith(kind):
                loc = fr.loc(at) if fr is not None else None
                dataflow_masks.transformer_masks(self.run.f, kind, first.params, args, kwargs, loc)
        for item in items or []:
            x = self.call_module(item.obj, [first_tensor(x) or x, *rest], {}, fr, at)
        norm = obj.children.get("norm")
        if norm is not None:
            x = self.call_module(norm, [x], {}, fr, at)
        return x

    # ------------------------------------------------------------------ user functions
    def run_func(self, fn: Func, self_mod: Mod | None, args: list, kwargs: dict, caller: Any):
        from driftcheck.parsers.source.forward.dataflow_eval import Dead, Frame, Ret

        if self.run.depth >= MAX_DEPTH:
            return self.unknown_call(args, kwargs, f"call depth over {MAX_DEPTH}")
        node = fn.node
        if isinstance(node, ast.Lambda) and self.run.f.input_shape is not None:
            return self._run_lambda(fn, self_mod, args, kwargs, caller)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self.unknown_call(args, kwargs, "lambda")
        parent = self.run.f.nid(self_mod.obj) if self_mod is not None else None
        if parent is None and caller is not None:
            parent = caller.parent
        # a helper function acts on behalf of the calling module (taint, op parents)
        fr = Frame(fn.mod, self_mod if self_mod is not None else _self_of(caller), parent, fn)
        has_self = self_mod is not None and not fn.is_static
        self.bind(node, fr, ([self_mod] if has_self else []) + list(args), kwargs)
        if self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix31

            dataflow_fix31.bound_none_literals(self.run.f, node, fr, has_self)
        if self_mod is not None:
            self.run.f.queries.mark_ran(self_mod.obj)
        self.run.depth += 1
        self.run.stack.append(fr)
        try:
            self.run.body(node.body, fr)
            return fr.pending
        except Ret as r:
            return r.value
        except Dead:
            # every path followed ends in a raise (an input we left out, ``pixel_values is
            # None``): what this forward would call is unknown, so no layer of it is "unused"
            self.run.taint(f"line {node.lineno}: {node.name}() raises on the inputs followed")
            return fr.pending if fr.pending is not None else UNK
        finally:
            self.run.f.speculative -= fr.after_return  # (``Runner.both``)
            self.run.stack.pop()
            self.run.depth -= 1

    def _run_lambda(
        self, fn: Func, self_mod: Mod | None, args: list, kwargs: dict, caller: Any
    ) -> Any:
        """A lambda the ``__init__`` interpreter made (a module-level registry's
        ``dict(gn=lambda c: nn.GroupNorm(16, c))``, ``Lambda(lambda t: F.pixel_shuffle(t, 4))``
        held by a layer): its body, in a frame over its closure's values, as a ``def``
        would run. On real sizes only: the structure pass keeps its graph as it was."""
        from driftcheck.parsers.source.forward.dataflow_eval import Frame
        from driftcheck.parsers.source.forward.dataflow_ops import convert

        parent = self.run.f.nid(self_mod.obj) if self_mod is not None else None
        if parent is None and caller is not None:
            parent = caller.parent
        fr = Frame(fn.mod, self_mod if self_mod is not None else _self_of(caller), parent, None)
        if isinstance(fn.closure, dict):  # the interpreter's values, as dataflow values
            fr.locals = {k: convert(self.run, v) for k, v in list(fn.closure.items())[:256]}
        self.bind(fn.node, fr, list(args), kwargs)  # type: ignore[arg-type]
        self.run.depth += 1
        try:
            return self.run.eval(fn.node.body, fr)
        finally:
            self.run.depth -= 1

    def run_local(self, loc: Any, args: list, kwargs: dict, caller: Frame) -> Any:
        if isinstance(loc.node, ast.Lambda):  # its body, in a frame over the defining one
            from driftcheck.parsers.source.forward.dataflow_eval import Frame

            at = loc.frame
            fr = Frame(at.mod, at.self_mod, at.parent, at.func)
            fr.locals = dict(at.locals)
            self.bind(loc.node, fr, args, kwargs)  # type: ignore[arg-type]
            return self.run.eval(loc.node.body, fr)
        fn = Func(node=loc.node, mod=loc.frame.mod)
        fn.closure = dict(loc.frame.locals)
        return self.run_func(fn, None, args, kwargs, caller)

    def bind(self, node: ast.FunctionDef, fr: Frame, args: list, kwargs: dict) -> None:
        a = node.args
        params = [*a.posonlyargs, *a.args]
        defaults = dict(zip([p.arg for p in params][len(params) - len(a.defaults) :], a.defaults))
        kwargs = dict(kwargs)
        for i, p in enumerate(params):
            if i < len(args):
                fr.locals[p.arg] = args[i]
            elif p.arg in kwargs:
                fr.locals[p.arg] = kwargs.pop(p.arg)
            elif p.arg in defaults:
                fr.locals[p.arg] = self.run.eval(defaults[p.arg], fr)
                fr.defaulted.add(p.arg)
            else:
                fr.locals[p.arg] = UNK
        if a.vararg is not None:
            fr.locals[a.vararg.arg] = tuple(args[len(params) :])
        for p, d in zip(a.kwonlyargs, a.kw_defaults):
            if p.arg not in kwargs and d is not None:
                fr.defaulted.add(p.arg)
            fr.locals[p.arg] = kwargs.pop(p.arg) if p.arg in kwargs else self.run.eval(d, fr)
        if a.kwarg is not None:
            fr.locals[a.kwarg.arg] = kwargs

    def iterate(self, v: Any, loc: Any = None, node: Any = None) -> list[Any] | None:
        """The items a loop over ``v`` walks (None: not known). On real sizes, with the
        loop's ``loc``, a 0-d tensor is torch's TypeError (``for n in lengths`` where
        ``lengths = mask.sum()`` summed every axis). ``node``: the walking statement or
        expression, where the caller gives it (crashfix36b: a complete walk)."""
        if loc is not None and isinstance(v, Unk) and self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix33b

            err = dataflow_fix33b.loop_error(self.run.f, v)  # a DataLoader's first batch
            if err is not None:
                self.run.f.crash(loc, err)
        if loc is not None and self.run.f.input_shape is not None and self.run.f.run_state:
            from driftcheck.parsers.source.forward import dataflow_fix36b_data

            err = dataflow_fix36b_data.loop_error(self.run, v, node)  # data loader / sampler
            if err is not None:
                self.run.f.crash(loc, err)
        if loc is not None and self.run.f.input_shape is not None and self.run.f.run_state:
            from driftcheck.parsers.source.forward import dataflow_fix37c

            got = dataflow_fix37c.loader_items(self.run, v, loc, node)  # a map-style loader
            if got is not None:
                return got
        if loc is not None and isinstance(v, Tens) and self.run.f.input_shape is not None:
            shape = known_shape(v)
            if shape == ():
                self.run.f.crash(loc, "TypeError: iteration over a 0-d tensor")
            if shape and 0 <= shape[0] <= MAX_LOOP:
                # ``for xt in x.transpose(0, 1)``: one slice per row, of the rows' shape and
                # dtype (``torch.stack([torch.bincount(r) for r in ids])``)
                rows = [Tens(None, shape[1:]) for _ in range(shape[0])]
                keep = {
                    k: dataflow_checks.fact(self.run.f, v, k) for k in ("dtype", "long", "itype")
                }
                keep = {k: x for k, x in keep.items() if x is not None}
                if keep:
                    for r in rows:
                        dataflow_checks.add_facts(self.run.f, r, **keep)
                return rows
            return None
        if isinstance(v, (tuple, list)):
            return list(v)
        if v.__class__ is str and len(v) <= MAX_LOOP:
            return list(v)  # ``for n in "qkv"``: its characters (reimplfix36)
        if isinstance(v, Iterator):  # iter(xs), map(f, xs): what is left of it, consumed
            return list(v)
        if isinstance(v, dict):
            return list(v)
        if isinstance(v, range):
            return list(v[: MAX_LOOP + 1])
        if isinstance(v, Mod) and dataflow_grown.grown(self.run.f, v.obj):
            return None  # a container ``forward`` filled (``dataflow_grown``)
        if (
            isinstance(v, Mod)
            and isinstance(v.obj, Obj)
            and v.obj.kind in ("ModuleList", "Sequential")
        ):
            if self.run.f.input_shape is not None:
                # on real sizes every item is an application (``torch.stack([e(x) for e in
                # experts])`` stacks n outputs); a chained run still folds into its one node
                return [None if c is None else Mod(c) for c in container_values(v.obj)]
            # a run of identical items is one graph node (repeat=n): its body runs once
            out, last = [], None
            for c in container_values(v.obj):
                if c is None:  # a ``None`` item (``ModuleList([norm, None])``)
                    out.append(None)
                    last = None
                    continue
                r = self.run.f.resolve(c)
                if r is not last:
                    out.append(Mod(c))
                last = r
            return out
        if isinstance(v, Mod) and isinstance(v.obj, Obj) and v.obj.kind == "ModuleDict":
            return list(v.obj.children)
        if isinstance(v, Mod) and isinstance(v.obj, Obj) and v.obj.kind == "ParameterList":
            if v.obj.children:  # modules set in it too (torchlib.container_add): not followed
                return None
            return [param_tensor(self.run, v.obj, k) for k in v.obj.params]
        if isinstance(v, Mod) and isinstance(v.obj, Obj) and v.obj.kind == "ParameterDict":
            return list(v.obj.params)
        if isinstance(v, ShapeOf) and v.t.shape is not None:
            return list(v.t.shape)
        if isinstance(v, Pieces) and v.count is not None:
            # ``(t.reshape(...) for t in x.chunk(3, dim=1))``: on real sizes, their number
            return v.items()
        return None

    # ------------------------------------------------------------------ library calls
    def call_ext(self, q: str, args: list, kwargs: dict, fr: Frame, at: ast.AST) -> Any:
        lists.passed(self.run.f, q, args, kwargs)  # a library call may change a list it gets
        if q.startswith("builtins."):
            return self.builtin(q[9:], args, kwargs, fr, at)
        if q.startswith("math."):
            if _math_of_tensor(self.run.f, q[5:], args, fr.loc(at) if at is not None else None):
                return UNK
            from driftcheck.parsers.source.forward import dataflow_fix27

            one = dataflow_fix27.math_of_one_element(self.run.f, _MATH_FLOAT, q[5:], args, kwargs)
            if one is not None:
                return one  # ``math.log1p(t.abs())`` of a one-element tensor: a plain number
            f = _MATH.get(q[5:])
            if f and len(args) == 1 and args[0].__class__ in (HoleInt, HoleFloat):
                r = symbolic.hole_call(q, args[0])  # a traced number: the expression
                if r is not NotImplemented:
                    return r
            holes = any(a.__class__ in (HoleInt, HoleFloat) for a in args)
            if holes and q[5:] not in _MATH_SYMBOLIC:
                return UNK  # a traced number through a function the tracer lacks: not plain
            if f and len(args) == 1 and not kwargs and _plain_num(args[0]):
                try:
                    return f(args[0])
                except (ValueError, OverflowError) as e:
                    from driftcheck.parsers.source.forward import dataflow_fix32b

                    dataflow_fix32b.math_error(self.run.f, q, args, e, at, fr)  # ``log(-1.0)``
                    return UNK
            f2 = _MATH2.get(q[5:])
            if f2 and len(args) == 2 and not kwargs and all(_plain_num(a) for a in args):
                try:
                    return f2(*args)
                except (ValueError, OverflowError, ZeroDivisionError) as e:
                    from driftcheck.parsers.source.forward import dataflow_fix32b

                    dataflow_fix32b.math_error(self.run.f, q, args, e, at, fr)  # ``log(x, 0)``
                    return UNK
            if q[5:] in _MATH_TOTAL and len(args) == 1 and isinstance(args[0], UnkNum):
                return NUM if self.run.f.input_shape is not None else UNK
            return UNK
        if q.startswith("torch."):
            if q in ("torch.pow", "torch.float_power"):
                from driftcheck.parsers.source.forward.powbase import torch_pow_base

                torch_pow_base(self.run, args, kwargs, fr, at)  # ``torch.pow(base, -ar / d)``
            return torchops.call_torch(self.run, q, args, kwargs, fr, at)
        last = q.rsplit(".", 1)[-1]
        if q.startswith("einops.") and last in ("rearrange", "repeat", "reduce"):
            if self.run.f.input_shape is not None:
                x = args[0] if args else kwargs.get("tensor")
                pattern = args[1] if len(args) > 1 else kwargs.get("pattern")
                if concrete.einops_rank(self.run.f, x, pattern, fr.loc(at)):
                    return Tens(None)
                skip = {"tensor", "pattern", "reduction"} if last == "reduce" else set()
                axes = None
                if isinstance(at, ast.Call) and all(k.arg is not None for k in at.keywords):
                    # every keyword spelled out (no ``**sizes``): the axis sizes given
                    skip |= {"tensor", "pattern"}
                    axes = {k: v for k, v in kwargs.items() if k not in skip}
                    if any(isinstance(a, ast.Starred) for a in at.args):
                        axes = None
                if concrete.einops_names(self.run.f, last, pattern, fr.loc(at), axes):
                    return Tens(None)
                if last == "reduce":
                    from driftcheck.parsers.source.forward import dataflow_fix25b

                    red = args[2] if len(args) > 2 else kwargs.get("reduction")
                    if dataflow_fix25b.einops_reduction(self.run.f, x, red, fr.loc(at)):
                        return Tens(None)
        if q.startswith("einops.") and last == "rearrange":
            # on real sizes (``check --input-shape``) the sized ops; otherwise only the head
            # split, size-free (the drift facts read heads off it)
            sized = self.run.f.input_shape is not None
            x = args[0] if args else kwargs.get("tensor")
            pattern = args[1] if len(args) > 1 else kwargs.get("pattern")
            axes = {k: v for k, v in kwargs.items() if k not in ("tensor", "pattern")}
            make = concrete.rearrange if sized else concrete.rearrange_split
            out = make(self.run, x, pattern, axes, fr, fr.loc(at))
            if out is not None:
                return out
        if q.startswith("einops.") and last == "repeat" and self.run.f.input_shape is not None:
            x = args[0] if args else kwargs.get("tensor")
            pattern = args[1] if len(args) > 1 else kwargs.get("pattern")
            axes = {k: v for k, v in kwargs.items() if k not in ("tensor", "pattern")}
            out = concrete.repeat(x, pattern, axes)
            if out is not None:
                return out
        if q.startswith("einops.") and last in ("pack", "unpack"):
            from driftcheck.parsers.source.forward import dataflow_fix24

            got = dataflow_fix24.einops_call(self.run.f, last, args, kwargs, fr.loc(at))
            if got is not None:
                return got  # ``einops.pack([a, b], "b * d")``
        if last == "get_interface" and len(args) >= 2:
            return args[1]  # HF attention registry: the eager function passed as the default
        if "Output" in last and last[:1].isupper():  # ModelOutput containers: fields in order
            d: dict[Any, Any] = dict(enumerate(args))
            d.update(kwargs)
            return d
        if q == "functools.reduce" and 2 <= len(args) <= 3 and not kwargs:
            got = self.reduce(args, fr, at)
            if got is not None:
                return got
        if any(isinstance(v, Mod) for v in [*args, *kwargs.values()]):
            return self.unknown_call(args, kwargs, f"modules passed to {q}")
        return Tens(None) if any(isinstance(v, Tens) for v in args) else UNK

    def reduce(self, args: list, fr: Frame, at: ast.AST) -> Any:
        """``functools.reduce(f, items[, start])``: ``f`` applied to the running value and
        each item in order (``reduce(lambda h, blk: blk(h), self.blocks, x)`` folds the
        tokens through the blocks, as a for-loop over them would). None where the items are
        not known (the call stays unknown)."""
        items = self.iterate(args[1])
        if items is None or len(items) > MAX_LOOP or (len(args) == 2 and not items):
            return None
        acc, rest = (args[2], items) if len(args) == 3 else (items[0], items[1:])
        for x in rest:
            acc = self.call_value(args[0], [acc, x], {}, fr, at)
        return acc

    def _mapped_seq(self, v: Any) -> bool:
        """An iterable ``map`` walks here: a plain sequence, or on real sizes a tensor's
        pieces of known count (``map(split_heads, qkv.chunk(3, -1))``)."""
        if _plain_seq(v):
            return True
        on = self.run.f.input_shape is not None
        return on and isinstance(v, Pieces) and v.count is not None

    def builtin(self, name: str, args: list, kwargs: dict, fr: Frame, at: ast.AST) -> Any:
        if at is not None and fr is not None and self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix32b

            err = dataflow_fix32b.builtin_error(self.run.f, name, args, kwargs)  # ``max(outs)``
            if err is not None:
                self.run.f.crash(fr.loc(at), err)
                return UNK
        if kwargs and at is not None and fr is not None and self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix31b

            if dataflow_fix31b.builtin_keywords(self.run, name, kwargs, fr.loc(at)):
                return UNK  # ``sum(h, dim=1)``: the builtin takes no ``dim``
        if name in ("int", "float", "complex") and len(args) == 1 and not kwargs:
            got = _scalar_of_tensor(self.run.f, args[0], fr.loc(at) if at is not None else None)
            if got is not None:
                return got
        if name == "int" and len(args) == 1 and not kwargs and isinstance(args[0], Unk):
            return NUM  # ``int(v)`` returns an int whatever ``v`` (or raises): a number
        known = all(isinstance(x, (int, float, bool, str, type(None))) for x in args)
        if name == "range" and known and all(isinstance(x, int) for x in args) and args:
            return range(*args[:3])
        if name == "slice" and not kwargs and 1 <= len(args) <= 3:
            # ``self.experts[slice(a, b)]``: a slice (a list of modules, never one module),
            # its bounds unknown where they are (as ``self.experts[a:b]`` is read)
            return slice(*args)
        if name == "range" and at is not None and self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_floats

            err = dataflow_floats.range_error(args)  # ``range(T / c)``
            if err is not None:
                self.run.f.crash(fr.loc(at), err)
                return UNK
        if name == "len":
            v = args[0] if args else UNK
            if isinstance(v, (tuple, list, dict, str)):
                return len(v)
            if isinstance(v, Mod) and dataflow_grown.grown(self.run.f, v.obj):
                return UNK
            if isinstance(v, Mod) and isinstance(v.obj, Obj):
                from driftcheck.parsers.source.forward import dataflow_fix31b

                n = dataflow_fix31b.params_len(v.obj)  # ``len(self.prompts)``: its parameters
                if n is not None:
                    return n
                return len(v.obj.children) + len(v.obj.none_keys)
            if isinstance(v, ShapeOf) and v.t.shape is not None:
                return len(v.t.shape)
            if isinstance(v, Tens) and isinstance(v.shape, tuple) and v.shape:
                if self.run.f.input_shape is not None:
                    return v.dim(0)  # ``len(x)``: its first axis (a 0-D tensor raises)
            if (
                isinstance(v, Tens)
                and at is not None
                and self.run.f.input_shape is not None
                and known_shape(v) == ()
            ):
                self.run.f.crash(fr.loc(at), "TypeError: len() of a 0-d tensor")
                return UNK
            return UNK
        if name in ("enumerate", "zip", "reversed", "list", "tuple", "sorted"):
            if any(isinstance(x, range) and len(x) > MAX_LOOP for x in args):
                return UNK  # ``iterate`` cuts a range for loops; a list of it would be wrong
            its = [self.iterate(x, fr.loc(at) if at is not None else None, at) for x in args]
            if any(i is None for i in its) or not its:
                return UNK if args else []
            if name == "tuple":
                return tuple(its[0])
            if name == "enumerate":
                got = list(enumerate(its[0]))
            elif name == "zip":
                if dataflow_argtypes.zip_strict(self.run.f, args, kwargs, its, fr.loc(at)):
                    return UNK
                got = self._zip(args, its)
            elif name == "reversed":
                got = list(reversed(its[0]))
            elif name == "sorted":
                from driftcheck.parsers.source.forward import dataflow_fix35b

                got = dataflow_fix35b.sorted_plain(its[0], kwargs)  # (was: unsorted)
                if got is None:
                    return UNK
            else:
                got = list(its[0])
            return lists.made(self.run.f, got, *args)
        if name == "map" and len(args) >= 2 and all(self._mapped_seq(x) for x in args[1:]):
            its = [self.iterate(x) for x in args[1:]]
            if all(i is not None for i in its) and min(map(len, its)) <= MAX_LOOP:
                # map(f, xs): f applied to each item, in order (an iterator in Python; a
                # list here, which iterates and unpacks the same)
                return [self.call_value(args[0], list(t), {}, fr, at) for t in zip(*its)]
        if name == "iter" and len(args) == 1 and _plain_seq(args[0]):
            items = self.iterate(args[0])
            if items is not None:
                return iter(items)  # a real iterator over the items: next() walks it
        if name == "next" and args and isinstance(args[0], Iterator):
            try:
                return next(args[0])
            except StopIteration:
                return args[1] if len(args) > 1 else UNK
        if name in ("int", "float", "bool", "abs", "min", "max", "round") and known and args:
            if len(args) == 1 and args[0].__class__ in symbolic.HOLES and name != "bool":
                r = symbolic.hole_call(name, args[0])  # a traced number: the expression
                if r is not NotImplemented:
                    return r
            try:
                return {"int": int, "float": float, "bool": bool, "abs": abs, "min": min,
                        "max": max, "round": round}[name](*args)  # fmt: skip
            except Exception:  # noqa: BLE001
                return UNK
        if name == "getattr" and len(args) >= 2 and isinstance(args[1], str):
            v = self.run.attr(args[0], args[1], fr)
            return args[2] if v is UNK and len(args) > 2 else v
        if name == "super":
            return torchops.Super(fr)
        if name == "hasattr" and len(args) == 2 and isinstance(args[1], str):
            return has_attr(self.run, args[0], args[1])
        if name == "isinstance" and self.run.f.input_shape is not None:
            from driftcheck.parsers.source.forward import dataflow_fix34b

            got = dataflow_fix34b.module_isinstance(self.run, args, kwargs)  # a module's class
            if got is not None:
                return got
        if name in ("isinstance", "hasattr", "callable", "print", "id", "type", "str", "repr"):
            return UNK
        if name in ("dict",):
            if self.run.f.input_shape is not None and len(args) == 1:  # session 40 (fix40a)
                from driftcheck.parsers.source.forward import dataflow_fix40a

                got = dataflow_fix40a.dict_of(self.run, args[0], kwargs, at)
                if got is not None:
                    return got
            made = dict(kwargs)
            if self.run.f.input_shape is not None and not args and not _splatted(at):
                self.run.f.made_dicts.append(made)  # ``dict(a=1)``: a real ``dict``
            return made
        return self.unknown_call(args, kwargs, f"line {getattr(at, 'lineno', '?')}: {name}()")


def has_attr(run: Any, v: Any, name: str) -> Any:
    """``hasattr(self, "gate")`` on a module built by the ``__init__`` interpreter: decided when
    the module was interpreted without undecided branches (an attribute it never set cannot
    exist), unknown otherwise."""
    if not isinstance(v, Mod):
        return UNK
    obj = run.f.resolve(v.obj)
    if not isinstance(obj, Obj) or obj.unresolved:
        return UNK
    if name in obj.children or name in obj.params or name in obj.buffers or name in obj.attrs:
        return True
    if obj.cls is None or obj.kind is not None or obj.qual:
        return UNK
    try:
        ok, _, _ = run.f.interp.classes.mro_attr(obj.cls, name)
        mro = obj.cls.mro()
    except Exception:  # noqa: BLE001
        return UNK
    if ok:
        return True
    # absent after __init__; False only if no method of the class could set it later
    for c in mro:
        if not isinstance(c, Cls):
            if isinstance(c, Ext) and c.qual.startswith("torch.nn."):
                continue  # nn.Module itself sets nothing a model tests for
            return UNK
        if _may_set(c.node, name):
            return UNK
    return False


def _may_set(cls_node: ast.ClassDef, name: str) -> bool:
    """Could a method other than ``__init__`` (already interpreted) set ``self.<name>``? Kept
    on the class node by name (the ``tree_memos`` switch; off: scanned at every ask)."""
    if not tree_memos():
        return _scan_may_set(cls_node, name)
    memo = cls_node.__dict__.setdefault("_dc_may_set", {})
    got = memo.get(name)
    if got is None:
        got = memo[name] = _scan_may_set(cls_node, name)
    return got


def _scan_may_set(cls_node: ast.ClassDef, name: str) -> bool:
    todo: list[ast.AST] = [
        st
        for st in cls_node.body
        if not (isinstance(st, ast.FunctionDef) and st.name == "__init__")
    ]
    for n in (x for st in todo for x in ast.walk(st)):
        if isinstance(n, ast.Attribute) and n.attr == name and isinstance(n.ctx, ast.Store):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr":
            return True
    return False


def _self_of(caller: Any) -> Mod | None:
    return getattr(caller, "self_mod", None)


def unknown_call_note(at: ast.AST, fv: Any, fr: Any) -> str:
    """The note of a call ``forward()`` cannot follow: where, and the callee as written (and
    what it evaluated to when that is a known value of a kind we cannot call)."""
    func = getattr(at, "func", None)
    callee = ast.unparse(func) if isinstance(func, ast.AST) else "?"
    if len(callee) > 60:
        callee = callee[:57] + "..."
    path = getattr(getattr(fr, "mod", None), "path", None)
    where = f"{path.name}:" if path is not None else "line "
    what = "" if isinstance(fv, Unknown) else f" (a {type(fv).__name__})"
    return f"{where}{getattr(at, 'lineno', '?')}: unknown call {callee}{what}"


def _plain_seq(v: Any) -> bool:
    """A list, tuple, dict, range or string (never a module container: iterating one here
    folds runs of identical layers, which an iterator's position would not survive)."""
    return isinstance(v, (list, tuple, dict, range, str))


def _splatted(at: Any) -> bool:
    """A call with ``*xs`` or ``**kw`` (keys the pass may not see: still a dict)."""
    return not isinstance(at, ast.Call) or any(isinstance(a, ast.Starred) for a in at.args)


def _functional_call(qual: str, args: list, kwargs: dict) -> tuple[list, dict] | None:
    """``torch.func.functional_call(module, params, args, kwargs)``: the module's forward runs on
    ``args`` (a tuple, or one value torch wraps in a tuple) and ``kwargs``, with the given
    tensors in place of its parameters (output/functemplate.py); the positional and keyword
    arguments of that run, or None where they are not known or this is another call."""
    from driftcheck.parsers.source.output.functemplate import CALLEES

    if (
        qual not in CALLEES
        or len(args) > 4
        or set(kwargs) - {"args", "kwargs", "tie_weights", "strict"}
    ):
        return None
    xs = args[2] if len(args) > 2 else kwargs.get("args", ())
    kw = args[3] if len(args) > 3 else kwargs.get("kwargs")
    xs = list(xs) if isinstance(xs, (tuple, list)) else [xs]
    if kw is None:
        kw = {}
    if not isinstance(kw, dict) or not all(isinstance(k, str) for k in kw):
        return None
    return xs, dict(kw)
