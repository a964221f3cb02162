"""The complete interpreter: object model + external libraries (torch, builtins, transformers).

``Interp`` is what ``parse_source`` drives: it instantiates the root class abstractly and
hands the resulting object tree to ``build.py``.
"""

from __future__ import annotations

import ast
import builtins
import collections
import re
import time
from pathlib import Path
from typing import Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.importcheck import Failure, module_lacks
from driftcheck.parsers.source.interp import (
    fwdhooks,
    gradflag,
    hfauto,
    leafclass,
    leafparts,
    modnamespace,
    modtree,
    numsub,
    propobj,
    selfmodule,
    strsub,
    submodpath,
    tensorsub,
    tuplesub,
    userlist,
)
from driftcheck.parsers.source.interp.attrs import Attributes
from driftcheck.parsers.source.interp.configs import Configs
from driftcheck.parsers.source.interp.dunders import NN_MODULE
from driftcheck.parsers.source.interp.exprs import MAX_SECONDS, Expressions
from driftcheck.parsers.source.interp.items import _DICT_BASES, Items
from driftcheck.parsers.source.interp.modnamespace import ModuleNamespace
from driftcheck.parsers.source.interp.objmodel import EXT_TOPS, Calls, Classes, Names
from driftcheck.parsers.source.interp.statements import Statements
from driftcheck.parsers.source.library import (
    basemethods,
    enums,
    lazylayers,
    modmethods,
    registry,
    tensorvalues,
    threads,
    torchlib,
    wildlib,
)
from driftcheck.parsers.source.library.pybuiltins import (
    MATH_CONST,
    BuiltinMethod,
    py_call,
    value_method,
)
from driftcheck.parsers.source.library.stdlib import (
    NamedTupleType,
    NamedTupleValue,
    namedtuple_attr,
    namedtuple_class_attr,
)
from driftcheck.parsers.source.loader import Finder, ModInfo, body_index, parse_file
from driftcheck.parsers.source.speed.memo import Memo
from driftcheck.parsers.source.speed.symbolic import unhole
from driftcheck.parsers.source.stoplist import PRETRAINED_BASES
from driftcheck.parsers.source.values.abstract import (
    WRAPPED,
    Cls,
    Config,
    Ext,
    Func,
    Leaf,
    Obj,
    Sourced,
    Tensor,
    Unknown,
    UnknownModule,
    WeightRef,
    is_module,
    plain,
)
from driftcheck.speed import Speed, current

TORCH_STACK_INITS = {
    "torch.nn.TransformerEncoder": "encoder_layer",
    "torch.nn.TransformerDecoder": "decoder_layer",
}
"""torch's layer stacks: built from a layer object, which no catalogue entry binds."""


# torch ``Module`` methods returning the module itself (``conv.eval()``, ``layer.float()``;
# ``to_empty(device=)``: the same module, its tensors re-allocated at their shapes, as quanto's
# ``QLinear.from_module`` does)
_RETURN_SELF = ("train", "eval", "cuda", "cpu", "float", "double", "half", "bfloat16", "to_empty")


# pydantic's model base classes (pydantic 2, and pydantic 1 as ``pydantic.v1``): instances are
# made and validated by interp/pydvalid.py
_PYD_BASES = (
    "pydantic.BaseModel",
    "pydantic.main.BaseModel",
    "pydantic.v1.BaseModel",
    "pydantic.v1.main.BaseModel",
)


class Interp:
    """The interpreter: it owns one part per Python concept and the state they share.

    Each part is a class in the file of its concept; it keeps this owner as ``ip`` (the
    shared state: finder, speed, modules, budget, notes) and asks only the parts its
    ``wire`` names, the way mypy's checker owns an expression checker. The parts:

    - ``exprs`` (interp/exprs.py): expressions, operators, comparisons, comprehensions
    - ``stmts`` (interp/statements.py): statements, the step budget, notes
    - ``names``, ``classes``, ``calls`` (interp/objmodel.py): modules and names; functions
      and classes; calls and instantiation
    - ``attrs`` (interp/attrs.py): attribute reads and writes, module registration
    - ``items`` (interp/items.py): items, iteration, ``isinstance``/``hasattr``, copies
    - ``configs`` (interp/configs.py): config objects
    - ``memo`` (speed/memo.py): ``instantiate`` with reuse, in front of ``calls.instantiate``
    - ``library`` (below): torch layers, external bases and the modelled callables

    The analysis that makes an ``Interp`` calls ``close`` when it ends (analyze.py).
    """

    def __init__(self, finder: Finder, speed: Speed | None = None, trace: Any = None) -> None:
        self.finder = finder
        # the speed layer this analysis is given (driftcheck/speed.py) and the template trace
        # it runs under (symbolic.Trace, None for a plain run)
        self.speed = sp = speed or current()
        self.trace = trace
        self.memo_on = sp.layer_memo
        self.fast_on = sp.fastpath
        # one tree per file in this analysis; shared with the process while ast_cache is on
        self.ast_store: dict = sp.stores.ast if sp.ast_cache else {}
        self.mods: dict[str, ModInfo | None] = {}
        self.globals: dict[int, dict[str, Any]] = {}
        self.files: dict[str, int] = {}  # path -> lines, every file parsed
        self.active: dict[int, int] = {}  # id(function node) -> frames of it on the stack
        self.steps = 0
        self.depth = 0
        # (function, frame, call node) of the call ``Calls.eval_call`` is about to make, taken
        # by ``call_func`` as the new frame's caller (interp/frameintro.py)
        self.call_site: Any = None
        # CPU time, not wall: on a loaded machine the wall clock measures the neighbours
        self.deadline = time.process_time() + MAX_SECONDS
        self.uncertain: list[int] = []  # lines of unknown conditions we are inside
        # the ``try`` statements with handlers we are inside (across calls), innermost last:
        # a ``raise`` left out under an undecided condition marks those that may catch it
        # (statements.py ``exec_try`` then runs their handler as the other way)
        self.tries: list[Any] = []
        # raises left out under an undecided condition so far (statements._may_be_caught)
        self.left_raises = 0
        # dicts written under a key we could not know (``d[key] = v`` in a loop over an unknown
        # iterable): id -> (the dict, kept alive so its id is not reused; why); splatting one
        # into a call is unknown, never a call with the entries it seems to hold
        self.havoc: dict[int, tuple[Any, str]] = {}
        # dicts an ``OrderedDict(...)`` call made: id -> the dict (kept alive so its id is not
        # reused); their ``move_to_end`` / ``popitem(last=)`` run as CPython's OrderedDict's
        # (pybuiltins._ordered_method)
        self.ordered: dict[int, dict] = {}
        # the warnings filters (library/warnfilters.py; None: CPython's default list) and the
        # lists ``catch_warnings(record=True)`` fills, innermost last
        self.warn_filters: list | None = None
        self.warn_records: list[list] = []
        # the defaults of each ``def`` execution (interp/deftime.py ``Defaults``)
        self.def_defaults: dict[tuple[int, int], Any] = {}
        # mutable defaults handed out while the memo records a construction (speed/memo.py)
        self.default_reads: list[tuple[Any, Any]] | None = None
        self.notes: list[str] = []
        # the notes that name a construct the interpreter did not follow (``Statements.
        # unfollowed``): the graph's ``unfollowed`` record, read by the matcher (session 38)
        self.unfollowed: set[str] = set()
        # the first event after which a parameter's ``requires_grad`` is not known
        # (interp/gradflag.py): None while every parameter still has torch's True
        self.grad_lost: str | None = None
        self.at_mod: Any = None  # the statement running now (for notes without a node)
        self.at_line = 0
        # ``number ** tensor`` places (value, where, holder): a RoPE base only a local holds,
        # for ``Graph.uses`` (``exprs.power_base``)
        self.power_bases: dict[tuple, tuple] = {}
        # other values the code computes with (key, value, where, holder), for
        # ``Graph.uses``: module constants with a fact's name that ``forward`` reads
        # (``forward/dataflow_eval.global_use``), the dimensions a rotary embedding's
        # frequencies cover (``exprs.rotary_dim``)
        self.value_uses: dict[tuple, tuple] = {}
        self.class_writes = 0  # assignments to class attributes so far (part of memo.py's keys)
        self.leaf_writes: dict[int, dict[str, Any]] = {}  # ``conv.in_channels = 4`` (attrs.py)
        self._where: tuple | None = None
        self.failures: list[Failure] = []  # what constructing would raise (importcheck.py)
        self.ranges: list[tuple[int, str, str | None, int | None]] = []
        self.exprs = Expressions(self)
        self.stmts = Statements(self)
        self.names = Names(self)
        self.classes = Classes(self)
        self.calls = Calls(self)
        self.attrs = Attributes(self)
        self.items = Items(self)
        self.configs = Configs(self)
        self.memo = Memo(self)
        self.library = Library(self)
        for name in PARTS:
            getattr(self, name).wire()

    def close(self) -> None:
        """End the analysis: each part forgets its owner and the parts it asks. The parts and
        the owner refer to each other, so without this everything the analysis holds (modules'
        globals, values, memo tables) would wait for the cyclic collector instead of being
        freed when the owner is dropped. The interpreter is not used after."""
        for name in PARTS:
            vars(getattr(self, name)).clear()


PARTS = (
    "exprs",
    "stmts",
    "names",
    "classes",
    "calls",
    "attrs",
    "items",
    "configs",
    "memo",
    "library",
)
"""``Interp``'s parts, in the order they are wired."""


# ``torch.nn.modules.conv._ConvNd.__init__``'s parameters, in order (torch 2.x)
_CONVND_PARAMS = (
    "in_channels",
    "out_channels",
    "kernel_size",
    "stride",
    "padding",
    "dilation",
    "transposed",
    "output_padding",
    "groups",
    "bias",
    "padding_mode",
    "device",
    "dtype",
)


def convnd_as_layer(args: list, kwargs: dict) -> tuple[str, list, dict, dict] | None:
    """``_ConvNd.__init__(...)`` (a conv layer written on torch's private base, its sizes as
    tuples): the public layer with the same weights -- ``Conv{n}d`` (weight ``(out, in //
    groups, *kernel_size)``), ``ConvTranspose{n}d`` when ``transposed`` (``(in, out //
    groups, *kernel_size)``), ``n`` the kernel tuple's length -- as (its name, no positional
    arguments, its keywords, ``_ConvNd``'s own attributes ``transposed`` / ``output_padding``).
    None where an argument is missing, not known or not modelled that way (a transposed
    layer with a padding text or another padding mode, which the public class refuses)."""
    if len(args) > len(_CONVND_PARAMS) or set(kwargs) - set(_CONVND_PARAMS):
        return None
    bound = dict(zip(_CONVND_PARAMS, args))
    if set(bound) & set(kwargs):
        return None
    bound.update(kwargs)
    if set(_CONVND_PARAMS[:11]) - set(bound):
        return None
    k, tr = plain(bound["kernel_size"]), plain(bound["transposed"])
    if type(k) is not tuple or not 1 <= len(k) <= 3 or type(tr) is not bool:
        return None
    extra = {"transposed": tr, "output_padding": bound["output_padding"]}
    del bound["transposed"]
    if tr:
        if plain(bound["padding_mode"]) != "zeros" or isinstance(plain(bound["padding"]), str):
            return None
        return f"torch.nn.ConvTranspose{len(k)}d", [], bound, extra
    del bound["output_padding"]
    return f"torch.nn.Conv{len(k)}d", [], bound, extra


class Library:
    """What the interpreter knows of code it does not read: torch layers (from torch's
    source or the catalogue), external base classes, builtins and the modelled callables
    of ``library/registry.py``."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares
        self._torch_cls: dict[str, Any] = {}
        self._posnames: dict[str, Any] = {}
        self._discards: dict[str, bool] = {}

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.stmts = ip.stmts  # note
        self.names = ip.names  # global_lookup
        self.calls = ip.calls  # call_func, find_init, init_dataclass
        self.attrs = ip.attrs  # register
        self.memo = ip.memo  # instantiate

    def hf_config_class(self, model_type: str) -> Cls | None:
        return hfauto.hf_config_class(self.ip, model_type)

    # ------------------------------------------------------------------ external calls
    def call_ext(self, f: Ext, args: list[Any], kwargs: dict[str, Any], loc: tuple) -> Any:
        q = f.qual
        if q.endswith(".__init__") and args and isinstance(plain(args[0]), Obj):
            # ``nn.LayerNorm.__init__(self, ...)`` in a subclass: the base's __init__ on self
            self.ext_init(plain(args[0]), Ext(q[: -len(".__init__")]), args[1:], kwargs, loc)
            return None
        if q.startswith("torch.nn.") and q.endswith(".__setattr__") and args:
            inst = plain(args[0])
            if isinstance(inst, Obj) and inst.module:
                # ``nn.Module.__setattr__(self, name, value)`` in a class's own hook: the
                # base's registering write, as ``super().__setattr__`` (interp/attrs.py)
                self._base_setattr(inst, args[1:])
                return None
        scratch = self.ip.__dict__.get("_scratchfs")
        if scratch is not None and scratch.get("writers") and q != "json.dump":
            # a file open for writing handed to a library call whose writes are not followed
            # (``print(..., file=f)``): its text is unknown (library/configtexts.py)
            for v in (*args, *kwargs.values()):
                if any(plain(v) is w for w in scratch["writers"]):
                    plain(v).escaped(q)
        entry = registry.lookup(q)  # a modelled callable (library/): builtins, stdlib, torch...
        if q in tensorvalues.FUNCS:  # a tensor whose values are known (library/tensorvalues.py)
            by_shape = entry.impl(registry.Call(self.ip, q, args, kwargs, loc)) if entry else None
            shape = by_shape.shape if isinstance(by_shape, Tensor) else None
            r = tensorvalues.call(q, args, kwargs, shape)
            if isinstance(r, Tensor) and r.dtype is None and isinstance(by_shape, Tensor):
                # values computed on first read may stay unknown (``torch.arange(0, 4, 0.5)``):
                # the dtype torch fixes without them (library/tensordtypes.factory) still holds
                r.dtype = by_shape.dtype
            if r is not None:
                return r
            if entry is not None:
                return by_shape
        if entry is not None:
            return entry.impl(registry.Call(self.ip, q, args, kwargs, loc))
        if q.startswith("builtins."):
            if not hasattr(builtins, q[9:]):
                # a name bound nowhere the analysis reads: what it returns may hold weights
                return UnknownModule(f"call of {q[9:]}, a name bound nowhere in the code read")
            return py_call(q[9:], self.ip, args, kwargs)
        if q.startswith("torch.nn.") and not q.startswith("torch.nn.functional"):
            short = q.rsplit(".", 1)[-1]
            if short in torchlib.CONTAINERS:
                return torchlib.container(short, args, kwargs, loc, self.ip)
            if short[:1].isupper():
                return self.torch_layer(q, args, kwargs, loc)
        if q.startswith(("torch.", "transformers.")):
            if any(is_module(plain(a)) for a in [*args, *kwargs.values()]):
                # an unmodelled torch function given a layer (``orthogonal(nn.Linear(...))``,
                # ``torch.compile(block)``) may return it, changed: its weights are unknown,
                # never silently dropped with the rest of the result
                return UnknownModule(f"call of {q} on a layer")
            return Unknown(f"call of {q}", called=q)
        if q.split(".")[0] not in EXT_TOPS:
            # a library we cannot read (not installed): a class or a factory function, what
            # it returns may be a layer with weights (``self.norm = lib.build_norm(...)``)
            return UnknownModule(q)
        return Unknown(f"call of {q}")

    def reparametrize(self, how: str, args: list, kwargs: dict, loc: tuple) -> Any:
        """``weight_norm`` / ``spectral_norm`` / ``orthogonal`` (old and ``parametrizations``
        APIs) on a layer.

        spectral_norm and orthogonal keep one trainable tensor per weight (``weight_orig`` /
        ``original``, its shape): the count is unchanged. weight_norm splits the weight into a direction ``v`` (same
        shape) and a magnitude ``g`` with one value per slice along ``dim`` (a scalar for
        ``dim=None`` or -1), so it adds parameters: recorded on the leaf, counted by build.
        """
        mod = plain(args[0]) if args else plain(kwargs.get("module"))
        if how in ("spectral_norm", "orthogonal"):
            return mod if is_module(mod) else UnknownModule(f"{how} of an unknown module")
        name = plain(args[1]) if len(args) > 1 else plain(kwargs.get("name", "weight"))
        dim = plain(args[2]) if len(args) > 2 else plain(kwargs.get("dim", 0))
        if not isinstance(name, str) or not (dim is None or isinstance(dim, int)):
            return Unknown("weight_norm with unknown arguments")
        if isinstance(mod, Leaf):
            mod.wnorm[name] = dim
            return mod
        if isinstance(mod, Obj) and isinstance(mod.params.get(name), Tensor):
            v = mod.params[name]
            shp = v.shape
            if isinstance(shp, Unknown) or dim is None or dim == -1:
                g = Tensor(shp if isinstance(shp, Unknown) else (), param=True)
            else:
                g = Tensor(tuple(d if i == dim % len(shp) else 1 for i, d in enumerate(shp)), True)
            g.owner, g.name, g.cond = mod, f"{name}_g", v.cond
            mod.params[f"{name}_g"] = g
            return mod
        return Unknown("weight_norm of an unknown module")

    def layer_posnames(self, q: str) -> list[str] | None:
        """The names of torch layer ``q``'s positional parameters (torch's source, else the
        shipped table), cached."""
        posnames = self._posnames.get(q, False)
        if posnames is False:
            posnames = None
            cls = self.torch_class(q)
            if cls is not None:
                init, where = self.calls.find_init(cls)
                if isinstance(init, Func):
                    posnames = torchlib.init_posnames(init.node, where)
            else:
                # torch is not installed here (pre-commit hook, Action): the shipped table
                posnames = torchlib.shipped_posnames(q)
            self._posnames[q] = posnames
        return posnames

    def torch_layer(self, q: str, args: list, kwargs: dict, loc: tuple) -> Any:
        short = q.rsplit(".", 1)[-1]
        if short in lazylayers.LAZY:  # ``nn.LazyLinear(256)``: library/lazylayers.py
            lazy = lazylayers.make(self, short, args, kwargs, loc)
            if lazy is not None:
                return lazy
        cls = self.torch_class(q)
        posnames = self.layer_posnames(q)
        if self._discards_extra(q, cls):
            # ``nn.Identity(in_channels=64)``: torch's ``__init__(self, *args, **kwargs)``
            # drops what its named parameters do not take
            args, kwargs = torchlib.drop_discarded(args, kwargs, posnames)
        guarded = bool(self.ip.tries) or self.stmts.suppressing > 0
        if cls is None and guarded and torchlib.shipped_refuses(q, len(args), list(kwargs)):
            # ``nn.Linear(12, 20, gain=2.0)`` under ``try: ... except TypeError:`` without
            # torch's source (the core install): the shipped signature refuses the keyword,
            # so torch's TypeError is raised where the handler surely catches it, as the
            # full install's reading of torch's ``__init__`` does (objmodel ``bind_args``)
            self.calls.raise_if_caught("TypeError", args, kwargs)
        leaf = torchlib.make_leaf(q, args, kwargs, loc, posnames)
        if cls is None and guarded and leaf is not None and _conv_groups_refused(leaf):
            # ``nn.Conv2d(24, 40, 3, groups=5)`` in ``contextlib.suppress(ValueError)`` without
            # torch's source (the core install): torch's ``_ConvNd.__init__`` raises
            # ValueError (groups not positive, or not dividing the channels), as the full
            # install's reading of that ``__init__`` does (session 33, wildfix33)
            from driftcheck.parsers.source.interp.statements import Raised

            raise Raised("ValueError", self.ip.at_line, getattr(self.ip.at_mod, "path", None))
        if leaf is not None and cls is not None and _index_objects(args, kwargs):
            # ``nn.Linear(10, Width(16, 3))``: an object of the code's own class with
            # ``__index__`` where a size goes. torch keeps the object and uses it as its own
            # ``__init__`` does (``torch.empty`` reads it through ``__index__``; Conv's
            # ``in_channels % groups`` raises): that ``__init__`` is interpreted, not the
            # catalogue's reading of plain ints (without torch's source: the leaf, unknown)
            leaf = None
        if leaf is not None and (cls is None or not guarded or not _catalogue_refuses(leaf)):
            return leaf
        # ``nn.Conv2d(24, 40, 3, groups=5)`` inside a ``try`` / ``contextlib.suppress``, with
        # arguments the catalogue refuses, all known, and torch's source here: its
        # ``__init__`` is interpreted, so that what it raises (``ValueError: in_channels must
        # be divisible by groups``) is raised here too and the handler skips the layer, as in
        # torch. Unguarded, the leaf stays (the verifier names the mismatch: conv-groups)
        if cls is None and q in TORCH_STACK_INITS:
            stack = self.torch_stack_init(q, args, kwargs, loc)
            if stack is not None:
                return stack
        if cls is None:
            self.stmts.note(f"{loc[0]}:{loc[1]}: unknown torch layer {q}")
            mod_name, _, attr = q.rpartition(".")
            if not self.ip.uncertain and module_lacks(self.ip.finder, mod_name, attr):
                # torch's own source has no such name: constructing this raises
                msg = f"module '{mod_name}' has no attribute '{attr}'"
                self.ip.failures.append(
                    Failure("AttributeError", msg, str(loc[0]), loc[1], "construction")
                )
            return Leaf("Unknown", {}, (str(loc[0]), loc[1]), torch=q, unresolved=["type"])
        obj = self.memo.instantiate(cls, args, kwargs, loc)
        if isinstance(obj, Obj):
            obj.qual = q if q.count(".") == 2 else f"torch.nn.{cls.name}"
        return obj

    def _discards_extra(self, q: str, cls: Cls | None) -> bool:
        """Whether torch's ``__init__`` of ``q`` drops its ``*args`` / ``**kwargs`` unread: read
        from torch's source, or (torch not installed) from the shipped table."""
        if q not in self._discards:
            if cls is None:
                self._discards[q] = torchlib.shipped_discards_extra(q)
            else:
                init, _ = self.calls.find_init(cls)
                self._discards[q] = isinstance(init, Func) and torchlib.init_discards_extra(
                    init.node
                )
        return self._discards[q]

    def torch_stack_init(self, q: str, args: list, kwargs: dict, loc: tuple) -> Obj | None:
        """``nn.TransformerEncoder(layer, n, norm)`` when torch's source is not on this machine
        (core install): what torch's ``__init__`` builds, ``layers`` = n deep copies of the
        given layer (its ``_get_clones``) and the optional final ``norm``; the forward pass
        chains them (``dataflow_call.torch_stack``). None when an argument is not known."""
        first = TORCH_STACK_INITS[q]
        layer = plain(args[0]) if args else plain(kwargs.get(first))
        n = plain(args[1]) if len(args) > 1 else plain(kwargs.get("num_layers"))
        norm = plain(args[2]) if len(args) > 2 else plain(kwargs.get("norm"))
        if not is_module(layer) or n.__class__ is not int or not 0 < n <= 4096:
            return None
        if norm is not None and not is_module(norm):
            return None
        at = (str(loc[0]), loc[1])
        obj = Obj(cls=None, module=True, loc=at, qual=q)
        layers = torchlib.container("ModuleList", [], {}, loc, self.ip)
        for _ in range(n):
            torchlib.container_add(layers, self.ip.items.clone_module(layer))
        obj.children["layers"] = layers
        if norm is not None:
            obj.children["norm"] = norm
        obj.attrs["num_layers"] = n
        return obj

    def torch_class(self, q: str) -> Cls | None:
        """A torch.nn class read from torch's source on disk (never imported)."""
        if q in self._torch_cls:
            return self._torch_cls[q]
        mod_name, _, name = q.rpartition(".")
        found: Cls | None = None
        for cand in (mod_name, "torch.nn.modules"):
            mod = self._torch_module(cand)
            if mod is None:
                continue
            if name in mod.defs:
                v = self.names.global_lookup(mod, name)
                found = v if isinstance(v, Cls) else None
                break
            if name in mod.imports:
                m, a = mod.imports[name]
                sub = self._torch_module(m)
                if sub is not None and a in sub.defs:
                    v = self.names.global_lookup(sub, a)
                    found = v if isinstance(v, Cls) else None
                    break
        self._torch_cls[q] = found
        return found

    def _torch_module(self, name: str) -> ModInfo | None:
        key = f"@torch:{name}"
        if key in self.ip.mods:
            return self.ip.mods[key]
        path = self.ip.finder.find(name)
        info = None
        if path is not None:
            try:
                info = parse_file(path, name, self.ip.ast_store)
                self.ip.files[str(path)] = info.lines
            except Exception:  # noqa: BLE001
                info = None
        self.ip.mods[key] = info
        return info

    # ------------------------------------------------------------------ ext bases
    def ext_init(self, obj: Obj, base: Ext, args: list, kwargs: dict, loc: tuple) -> None:
        q = base.qual
        short = q.rsplit(".", 1)[-1]
        if q == _HTML_PARSER:  # an HTMLParser subclass (library/htmlparse.py)
            from driftcheck.parsers.source.library import htmlparse

            htmlparse.init(obj, args, kwargs)
            return
        if q in _SAX_HANDLERS:  # a ContentHandler subclass (library/saxparse.py)
            from driftcheck.parsers.source.library import saxparse

            saxparse.init(obj)
            return
        if q in _DICT_BASES:
            d = py_call("dict", self.ip, [_items_of(a) for a in args], kwargs)
            obj.attrs["__items__"] = d if isinstance(d, dict) else {}
            return
        if q in _USER_DICTS:
            self._userdict_init(obj, args, kwargs)
            return
        if q == userlist.BASE and not obj.module:  # interp/userlist.py
            userlist.init(self.ip, obj, args, kwargs)
            return
        if q == threads.BASE and not obj.module:  # a Thread subclass (library/threads.py)
            threads.subclass_init(obj, args, kwargs)
            return
        if q in _NAMESPACES and obj.cls is not None and not obj.module:
            self._namespace_init(obj, q, args, kwargs, loc)
            return
        if short.endswith("PreTrainedModel") or short in PRETRAINED_BASES:
            cfg = args[0] if args else kwargs.get("config")
            if isinstance(plain(cfg), Config):
                obj.attrs["config"] = plain(cfg)
            return
        if q.startswith("torch.nn.") and short in torchlib.CONTAINERS:
            obj.kind = short
            torchlib.fill_container(obj, args, self.ip, kwargs)
            return
        if (
            q.startswith("torch.nn.")
            and short not in ("Module",)
            and short.lstrip("_")[:1].isupper()
        ):
            # a private base too (``class GraphNorm(_InstanceNorm)``): its weights, never none
            cls = self.torch_class(q)
            if cls is not None:
                init, _ = self.calls.find_init(cls)
                if isinstance(init, Func):
                    self.calls.call_func(
                        Func(init.node, init.mod, init.closure, init.owner, obj), args, kwargs
                    )
                    obj.qual = obj.qual or f"torch.nn.{short}"
                    # what torch's __init__ stored is the layer's: its place is where the layer
                    # was built (as catalogue_init places it), never a line of torch's source
                    torch_dir = cls.mod.path.parents[len(cls.mod.name.split(".")) - 1]
                    for name, at in list(obj.attr_locs.items()):
                        if obj.loc is not None and Path(at[0]).is_relative_to(torch_dir):
                            obj.attr_locs[name] = obj.loc
            else:  # torch is not installed (core install): the catalogue's weights
                self.catalogue_init(obj, q, args, kwargs, loc)
            return
        if short == "Module" and q in _MODULE_BASES and obj.module and not obj.kind:
            # torch's ``Module.__init__`` makes ``_parameters`` / ``_buffers`` / ``_modules``
            # anew: run a second time (``super().__init__()`` again, a mixin's own call) it
            # drops what was registered before (4,232 counted where torch has 72)
            if getattr(obj, _MODULE_INIT_RAN, False):
                obj.children.clear()
                obj.params.clear()
                obj.buffers.clear()
                obj.none_keys.clear()
            setattr(obj, _MODULE_INIT_RAN, True)
            return
        if q in _PYD_BASES and obj.cls is not None:
            # a pydantic model: keyword fields over the class's annotated defaults, validated
            # by the class's validators (interp/pydvalid.py)
            from driftcheck.parsers.source.interp import pydvalid

            pydvalid.init(self.ip, obj, obj.cls, kwargs, loc)
            return
        self._unmodelled_init_before_torch(obj, base)

    @staticmethod
    def _unmodelled_init_before_torch(obj: Obj, base: Ext) -> None:
        """``class L(contextlib.ContextDecorator, nn.Linear)``: the MRO reaches a library base
        we do not model before torch's layer, so whether torch's ``__init__`` runs (and builds
        the weights) depends on code we do not read -- ``ContextDecorator`` has none, so Python
        runs ``Linear.__init__``. Nothing ran here, so the layer came out with no weights: a
        confident 0 where torch has 30. The instance is unresolved instead."""
        if not obj.module or not isinstance(obj.cls, Cls):
            return
        mro = obj.cls.mro()
        at = next((i for i, c in enumerate(mro) if c is base), None)
        if at is None:
            return
        later = [
            c.qual
            for c in mro[at + 1 :]
            if isinstance(c, Ext)
            and c.qual.startswith("torch.nn.")
            and "functional" not in c.qual
            and c.qual.rsplit(".", 1)[-1] != "Module"
        ]
        if later:
            obj.unresolved.append(
                f"{obj.cls.name}: {base.qual}.__init__ (not modelled) comes before torch's "
                f"{later[0]} in the MRO: whether torch's __init__ runs is unknown"
            )

    def _namespace_init(self, obj: Obj, q: str, args: list, kwargs: dict, loc: tuple) -> None:
        """``argparse.Namespace.__init__(**kwargs)`` / ``types.SimpleNamespace``'s in a subclass
        (momentfm's ``NamespaceWithDefaults(Namespace)`` with its own ``getattr`` method): each
        keyword set as an attribute by ``setattr(self, name, value)``, so a subclass's own
        ``__setattr__`` runs as in CPython. Positional arguments (a TypeError for
        ``Namespace``; ``SimpleNamespace(mapping)`` on 3.13) or keywords we cannot list leave
        the object unknown."""
        from driftcheck.parsers.source.library.python import setattr_call

        if args or "**" in kwargs:
            obj.unresolved.append(f"{q}.__init__ with arguments we cannot list")
            self.stmts.note(f"{loc[0]}:{loc[1]}: {q} subclass built with arguments we cannot list")
            return
        for k, v in kwargs.items():
            setattr_call(self.ip, obj, k, v, loc)

    def _userdict_init(self, obj: Obj, args: list, kwargs: dict) -> None:
        """``collections.UserDict.__init__(mapping, **kw)``: its items live in ``self.data``
        (the same dict as the dict subclass's ``__items__``), and each initial item is stored
        through ``self[key] = value``, so a subclass's own ``__setitem__`` (one that
        validates or converts) runs on every one, as CPython's ``MutableMapping.update``
        does; one that raises makes the construction raise. Initial items we cannot list
        leave the mapping unknown (havoc), never partly filled."""
        data: dict = {}
        obj.attrs["__items__"] = data
        obj.attrs["data"] = data
        d = py_call("dict", self.ip, args[:1], kwargs) if len(args) <= 1 else None
        if not isinstance(d, dict):
            self.ip.havoc[id(data)] = (data, "UserDict() of items we cannot list")
            return
        for k, v in d.items():
            self.ip.items.setitem(obj, k, v)

    def _userdict_read(self, obj: Obj, name: str, over: set, a: list, k: dict) -> Any:
        """``get`` / ``values`` / ``items`` of a UserDict subclass whose class read from source
        defines ``__getitem__`` / ``__missing__`` / ``__contains__`` / ``__iter__`` / ``keys``:
        CPython's mixins read every value through ``self[key]`` (``Mapping.get`` tries
        ``self[key]``; 3.12's ``UserDict.get`` asks ``key in self`` first), so the override
        runs, as here; an override of the key walk itself (``__iter__`` / ``keys`` /
        ``__contains__``) is not followed: unknown."""
        from driftcheck.parsers.source.interp.statements import Raised

        items = obj.attrs["__items__"]
        why = f"UserDict.{name}() of a class overriding {', '.join(sorted(over))}"
        if over & {"__iter__", "keys", "__contains__"} or id(items) in self.ip.havoc or k:
            return Unknown(why)
        if name == "get":
            if not 1 <= len(a) <= 2 or isinstance(plain(a[0]), Unknown):
                return Unknown(why)
            key, default = plain(a[0]), (a[1] if len(a) > 1 else None)
            if "get" in collections.UserDict.__dict__ and key not in items:
                return default  # 3.12+: ``if key in self: return self[key]``
            try:
                return self.ip.items.getitem(obj, key)
            except Raised as e:
                if e.what.rsplit(".", 1)[-1] == "KeyError":
                    return default
                raise
        if a:
            return Unknown(why)
        vals = [self.ip.items.getitem(obj, key) for key in list(items)]
        return vals if name == "values" else list(zip(list(items), vals))

    def _userdict_mixin(self, obj: Obj, name: str, a: list, k: dict) -> Any:
        """``MutableMapping.update(other=(), /, **kw)`` / ``setdefault(key, default=None)``
        on a UserDict subclass's instance, as CPython's ``collections.abc`` writes them: every
        store is ``self[key] = value``. Items we cannot list leave the mapping unknown."""
        items = obj.attrs["__items__"]
        if name == "setdefault":
            if k or not 1 <= len(a) <= 2 or isinstance(plain(a[0]), Unknown):
                self.ip.havoc[id(items)] = (items, "UserDict.setdefault() not followed")
                return Unknown("UserDict.setdefault() with arguments not modelled")
            key = plain(a[0])
            if key in items:
                return items[key]
            default = a[1] if len(a) > 1 else None
            self.ip.items.setitem(obj, key, default)
            return default
        d = py_call("dict", self.ip, a[:1], {}) if len(a) <= 1 else None
        if not isinstance(d, dict) or "**" in k:
            self.ip.havoc[id(items)] = (items, "UserDict.update() of items we cannot list")
            return None
        for kk, v in (*d.items(), *k.items()):
            self.ip.items.setitem(obj, kk, v)
        return None

    def catalogue_init(self, obj: Obj, q: str, args: list, kwargs: dict, loc: tuple) -> None:
        """``super().__init__(n, d)`` in a subclass of a torch layer when torch's source is not
        on this machine: the catalogue entry's weights (bound as ``nn.X(n, d)`` would be) become
        the object's parameters and its bound arguments its attributes, as torch's
        ``__init__`` sets them. Without an entry, or with an argument it does not model, the
        layer's weights are unresolved (never 0)."""
        orig_q, extra = q, None
        if q.startswith("torch.nn.") and q.rsplit(".", 1)[-1] == "_Loss":
            # torch's loss base: ``__init__(size_average=None, reduce=None, reduction="mean")``
            # stores ``reduction`` and registers nothing -- ``L1Loss``'s own ``__init__`` is that
            # call alone, so its catalogue entry binds the same (pykeen's losses, core install)
            q = "torch.nn.L1Loss"
        if q.rsplit(".", 1)[-1] == "_ConvNd":
            got = convnd_as_layer(args, kwargs)
            if got is not None:  # the public layer of that rank with the same weights
                q, args, kwargs, extra = got
        posnames = torchlib.shipped_posnames(q)
        if torchlib.shipped_discards_extra(q):
            args, kwargs = torchlib.drop_discarded(args, kwargs, posnames)
        args, kwargs, act = _module_activation(q, args, kwargs, posnames)
        leaf = torchlib.make_leaf(q, args, kwargs, loc, posnames)
        spec = catalogue.get(leaf.type) if leaf is not None else None
        if leaf is None or spec is None or leaf.unresolved:
            why = "unresolved " + ", ".join(leaf.unresolved) if leaf else "no catalogue entry"
            obj.unresolved.append(f"{q}.__init__ without torch installed ({why})")
            self.stmts.note(f"{loc[0]}:{loc[1]}: {q} subclass: its weights are unknown ({why})")
            return
        try:
            weights = spec.weights(spec.bind(leaf.params))
        except (catalogue.CatalogueError, TypeError, ValueError, KeyError):
            obj.unresolved.append(f"{q}.__init__ arguments the catalogue cannot bind")
            return
        # the arguments as given (a value read from a config keeps where it was read), as
        # torch's ``__init__`` stores them (``self.eps = eps``), placed where the layer was built
        # and the parameters not given at their defaults, as torch's ``__init__`` sets them all
        # (not ``bias``: torch holds the weight there, never a flag)
        given = self._catalogue_given(spec, q, args, kwargs)
        bound = dict(leaf.params)
        for p in spec.params:
            if p.name not in bound and not p.required and p.name not in weights:
                if p.name != "bias" and isinstance(p.default, (int, float, str, bool)):
                    bound[p.name] = p.default
        for name, v in bound.items():
            # as torch's ``__init__`` stores it: a ConvNd's sizes as n-tuples (``_pair``)
            obj.attrs[name] = conv_tuple(leaf, name, given.get(name, v))
            if obj.loc is not None:
                obj.attr_locs[name] = obj.loc
        for name, v in (extra or {}).items():  # ``_ConvNd``'s own: transposed, output_padding
            obj.attrs[name] = v
            if obj.loc is not None:
                obj.attr_locs[name] = obj.loc
        q = orig_q
        kids = self._catalogue_children(leaf, weights, loc)
        for name, child in kids or ():  # torch's sub-modules, as its ``__init__`` builds them
            self.ip.attrs.register(obj, name, child, loc[1], str(loc[0]))
        for name, shape in weights.items() if kids is None else ():
            obj.params[name] = Tensor(tuple(shape), param=True)
            obj.params[name].owner, obj.params[name].name = obj, name
        obj.qual = obj.qual or q
        if act is not None:  # ``self.activation = activation``: a module, registered
            self.ip.attrs.register(obj, "activation", act, loc[1], str(loc[0]))

    def _catalogue_children(self, leaf: Leaf, weights: dict, loc: tuple) -> list | None:
        """The torch children of a composite catalogue layer (interp/leafparts.py's table:
        ``linear1``, ``self_attn``, ``norm1``... of a ``TransformerEncoderLayer``) as catalogue
        layers of their own, for a subclass's ``__init__`` to read and replace
        (``self.linear1 = nn.Linear(self.linear1.in_features, ...)``: as flat weights the
        child was unknown, and a replaced one would have been counted twice). Used only when
        their weights are exactly the catalogue's for the whole layer; None otherwise (the
        flat weights, as before)."""
        from driftcheck.parsers.source.interp import leafparts

        ps = leafparts.parts(leaf, self.ip)
        if not ps:
            return None
        out: list = []
        got: dict = {}
        for name, m in ps:
            if not isinstance(m, leafparts.PartLeaf):
                return None
            child = torchlib.make_leaf(m.torch, [], dict(m.params), loc, None)
            cspec = catalogue.get(child.type) if child is not None else None
            if child is None or cspec is None or child.unresolved:
                return None
            try:
                w = cspec.weights(cspec.bind(child.params))
            except (catalogue.CatalogueError, TypeError, ValueError, KeyError):
                return None
            got.update({f"{name}.{k}": tuple(s) for k, s in w.items()})
            out.append((name, child))
        if got != {k: tuple(s) for k, s in weights.items()}:
            return None
        return out

    @staticmethod
    def _catalogue_given(spec: Any, q: str, args: list, kwargs: dict) -> dict[str, Any]:
        """The arguments of ``nn.X(*args, **kwargs)`` that carry where they were read
        (``Sourced``), by the catalogue's parameter names."""
        names, alias = spec.name_tables
        given = {**dict(zip(torchlib.shipped_posnames(q) or [], args)), **kwargs}
        out = {}
        for k, v in given.items():
            n = k if k in names else alias.get(k)
            if n is not None and isinstance(v, Sourced) and not getattr(v, "bare", False):
                out[n] = v
        return out

    def ext_method(self, inst: Any, base: Ext, name: str) -> Any:
        if name == "__getstate__" and base.qual in _MODULE_BASES and isinstance(inst, Obj):
            from driftcheck.parsers.source.interp.copyhooks import module_state

            return BuiltinMethod(lambda a, k: module_state(inst) if not a and not k else None)
        if name == "__setstate__" and base.qual in _MODULE_BASES and isinstance(inst, Obj):
            from driftcheck.parsers.source.interp import copyhooks

            if copyhooks.setting_state(self.ip):  # a deep copy's (interp/copyhooks.py)
                return BuiltinMethod(
                    lambda a, k: copyhooks.module_setstate(
                        self.ip, plain(a[0]) if len(a) == 1 and not k else None
                    )
                )
        if name == "__init__" or name == "__post_init__" and isinstance(inst, Config):
            if isinstance(inst, Config):
                if name == "__post_init__":  # PreTrainedConfig's: RoPE standardised (configs.py)
                    return self.ip.configs.base_method(inst, name)

                def cinit(a: list, k: dict) -> None:
                    for kk, vv in k.items():
                        if kk != "**":
                            inst.fields.setdefault(inst.aliases.get(kk, kk), vv)

                return BuiltinMethod(cinit)
            return BuiltinMethod(
                lambda a, k: (
                    self.ext_init(inst, base, a, k, ("", 0)) if isinstance(inst, Obj) else None
                )
            )
        if isinstance(inst, Config) and (got := self.ip.configs.base_method(inst, name)):
            return got  # ``super().convert_rope_params_to_dict(**kwargs)`` (configs.py)
        if name == "__new__" and base.qual in numsub.BASES:
            # ``super().__new__(cls, text)`` in a ``str`` / ``int`` / ``float`` subclass's own
            # ``__new__``: an instance holding the builtin's value (interp/strsub.py)
            return strsub.base_new(self.ip, base.qual)
        if isinstance(inst, Obj) and base.qual == "builtins.str" and not name.startswith("__"):
            got = strsub.method(self.ip, inst, name)  # ``super().split(",")``: str's on the text
            if got is not None:
                return got
        if name == "__new__" and base.qual in tensorsub.TENSOR_BASES:
            # ``super().__new__(cls, data, requires_grad)`` in a ``Parameter`` subclass
            return BuiltinMethod(lambda a, k: tensorsub.base_new(base, a, k))
        if name == "__new__" and self.ip.classes.is_module_cls(base):
            # ``super().__new__(cls)`` in a module class's ``__new__``: a fresh instance of
            # ``cls``, which ``instantiate`` then runs ``__init__`` on (as Python does)
            def new(a: list, k: dict) -> Any:
                c = plain(a[0]) if a else None
                if not isinstance(c, Cls):
                    return Unknown("__new__ of an unknown class")
                return Obj(cls=c, module=True)

            return BuiltinMethod(new)
        if name == "__call__" and base.qual in ("builtins.type", "abc.ABCMeta"):
            # ``super().__call__(*args, **kwargs)`` in a metaclass's ``__call__``: the instance
            # made as ``type.__call__`` makes it (objmodel.py ``instantiate(meta=False)``)
            def make(a: list, k: dict) -> Any:
                c = plain(inst)
                if not isinstance(c, Cls):
                    return Unknown("type.__call__ of a class not read from source")
                return self.ip.calls.instantiate(c, a, dict(k), ("", 0), meta=False)

            return BuiltinMethod(make)
        if name == "__new__" and base.qual in ("builtins.type", "abc.ABCMeta"):
            # ``super().__new__(mcls, name, bases, ns)`` in a metaclass hook that
            # interp/metaregistry.py runs on a class statement: that class
            from driftcheck.parsers.source.interp.metaregistry import type_new

            return BuiltinMethod(lambda a, k: type_new(self.ip, a))
        if name == "__getattr__" and isinstance(inst, Obj) and inst.module:
            # ``super().__getattr__(name)`` in a class's own ``__getattr__``: torch's lookup
            # of what the module registered (interp/modgetattr.py), not None
            from driftcheck.parsers.source.interp.modgetattr import module_getattr

            return BuiltinMethod(lambda a, k: module_getattr(self.ip, inst, a))
        if name == "__setattr__" and isinstance(inst, Obj) and inst.module:
            # ``super().__setattr__(key, value)`` in a class's own ``__setattr__`` hook
            # (interp/attrs.py ``module_setattr``): the base's plain write, which registers
            return BuiltinMethod(lambda a, k: self._base_setattr(inst, a))
        if name == "__setattr__" and isinstance(inst, Obj) and base.qual in _OBJECT_SETATTR:
            # ``super().__setattr__(key, value)`` in a plain class or a dict subclass
            # (pythae's ``ModelOutput.__setitem__`` also sets the attribute): object's own
            # write, into the instance's namespace, never the class's ``__setattr__`` again
            return BuiltinMethod(lambda a, k: object_setattr(inst, a))
        if (
            name in ("register_buffer", "register_parameter", "add_module", "register_module")
            and isinstance(inst, Obj)
            and inst.module
        ):
            # ``super().register_parameter(name, p)`` in a class's own override (gpytorch's
            # ``Module``): torch's registration, never a call that does nothing
            return BuiltinMethod(lambda a, k: self._register(inst, name, a, k))
        if (
            isinstance(inst, Obj)
            and inst.kind
            and base.qual.startswith("torch.nn.")
            and base.qual.rsplit(".", 1)[-1] == inst.kind
        ):
            # ``super().__delitem__(i)`` / ``super().append(m)`` in a container subclass's
            # own method: torch's container method (library/torchlib.py), as on the instance
            got = torchlib.container_method(inst, name, self.ip)
            if got is not None:
                return got
        if isinstance(inst, Obj) and inst.module and self.ip.classes.is_module_cls(base):
            # ``super().named_parameters()`` in a mixin whose next class is ``nn.Module`` (or
            # a torch layer): torch's own walk, as ``self.named_parameters()`` reads it; it was
            # a call that returned None (opacus' ``RenameParamsMixin``: every parameter
            # re-registered under an unknown name)
            if name in modtree.WALKS:
                return modtree.walk_method(inst, name, self.ip)
            if name in modtree.PARAM_WALKS:
                return modtree.param_walk(inst, name, self.attrs)
            if name in modtree.BUFFER_WALKS:
                return modtree.buffer_walk(inst, name, self.attrs)
            got = basemethods.module_base_method(self, inst, base, name)
            if got is not None:  # ``super().train(mode)``: torch's own (library/basemethods.py)
                return got
        if base.qual == _HTML_PARSER and isinstance(inst, Obj):
            # ``super().feed(text)`` / ``super().handle_starttag(...)`` (library/htmlparse.py)
            from driftcheck.parsers.source.library import htmlparse

            got = htmlparse.method(self.ip, inst, name)
            if got is not None:
                return got
        if base.qual in _SAX_HANDLERS:  # ``super().startElement(...)`` (library/saxparse.py)
            from driftcheck.parsers.source.library import saxparse

            got = saxparse.base_method(name)
            if got is not None:
                return got
        if base.qual == userlist.BASE and userlist.is_userlist(inst):  # interp/userlist.py
            got = userlist.method(self.ip, inst, name)
            if got is not None:
                return got
        if base.qual == threads.BASE and threads.is_thread(inst):  # library/threads.py
            got = threads.subclass_method(self.ip, inst, name)
            if got is not None:
                return got
        if base.qual in ("builtins.tuple", "typing.Tuple"):  # interp/tuplesub.py
            from driftcheck.parsers.source.interp import tuplesub

            got = tuplesub.base_method(self.ip, inst, name)
            if got is not None:
                return got
            return BuiltinMethod(lambda a, k: Unknown(f"tuple.{name}"))
        if (
            base.qual in _USER_DICTS
            and name in ("update", "setdefault")
            and isinstance(inst, Obj)
            and isinstance(inst.attrs.get("__items__"), dict)
        ):
            # MutableMapping's mixins, which UserDict inherits: each item stored through
            # ``self[key] = value`` (a subclass's own ``__setitem__`` runs; a dict
            # subclass's ``update`` does not call it, CPython's C code)
            return BuiltinMethod(lambda a, k: self._userdict_mixin(inst, name, a, k))
        if (
            base.qual in _USER_DICTS
            and name in ("get", "values", "items")
            and isinstance(inst, Obj)
            and isinstance(inst.attrs.get("__items__"), dict)
        ):
            over = _userdict_overrides(inst, self.ip.classes)
            if over:  # reads through the subclass's own ``__getitem__`` (``_userdict_read``)
                return BuiltinMethod(lambda a, k: self._userdict_read(inst, name, over, a, k))
        if isinstance(inst, Obj) and "__items__" in inst.attrs:
            items = inst.attrs["__items__"]
            if name == "__getitem__":
                if not isinstance(items, dict):  # changed one way of an undecided condition
                    return BuiltinMethod(lambda a, k: Unknown("key of a mapping of unknown items"))
                return BuiltinMethod(lambda a, k: items.get(plain(a[0]), Unknown("key")))
            if name == "__setitem__" and isinstance(items, dict):
                # ``super().__setitem__(key, value)`` in a dict / UserDict subclass's own
                # ``__setitem__``: the base's store, the item the subclass checked
                return BuiltinMethod(lambda a, k: self.ip.items.setitem(items, *a[:2]))
            return value_method(items, name, self.ip)
        # any other library method: an unknown naming it, never None (library/basemethods.py)
        return basemethods.unmodelled(base, name)

    def _base_setattr(self, inst: Obj, a: list) -> None:
        if len(a) < 2:
            return
        if isinstance(plain(a[0]), str):
            self.attrs.setattr(inst, plain(a[0]), a[1], None, None)
        else:  # a name we cannot compute: a layer under it is unresolved, never dropped
            from driftcheck.parsers.source.library.python import unnamed_setattr

            unnamed_setattr(inst, plain(a[0]), a[1], (inst.cls.mod.path if inst.cls else "", 0))

    # ------------------------------------------------------------------ attributes
    def obj_method(self, obj: Obj, name: str) -> Any:
        if obj.__class__ is Obj and obj.attrs:
            got = strsub.method(self.ip, obj, name)  # a str subclass's (interp/strsub.py)
            if got is not None:
                return got
        if obj.kind:
            m = torchlib.container_method(obj, name, self.ip)
            if m is not None:
                return m
        if userlist.is_userlist(obj):  # a method a UserList subclass leaves (interp/userlist.py)
            got = userlist.method(self.ip, obj, name)
            if got is not None:
                return got
        if threads.is_thread(obj):  # a method a Thread subclass leaves (library/threads.py)
            got = threads.subclass_method(self.ip, obj, name)
            if got is not None:
                return got
        if name in ("get", "values", "items") and isinstance(obj.attrs.get("__items__"), dict):
            over = _userdict_overrides(obj, self.ip.classes)
            if over:  # a UserDict subclass reading through its own ``__getitem__``
                return BuiltinMethod(lambda a, k: self._userdict_read(obj, name, over, a, k))
        if "__items__" in obj.attrs and name in ("get", "keys", "values", "items", "__getitem__"):
            return self.ext_method(obj, Ext("builtins.dict"), name)
        if (
            name in ("update", "setdefault")
            and isinstance(obj.attrs.get("__items__"), dict)
            and isinstance(obj.cls, Cls)
            and any(getattr(c, "qual", None) in _USER_DICTS for c in obj.cls.mro())
        ):
            # a UserDict subclass: MutableMapping's mixins store through ``self[key] = v``
            return BuiltinMethod(lambda a, k: self._userdict_mixin(obj, name, a, k))
        if isinstance(obj.attrs.get("__items__"), dict) and name in _DICT_WRITES:
            return _dict_write(obj.attrs["__items__"], name, self.ip)
        if "__htmlparser__" in obj.attrs:  # ``parser.feed(text)`` (library/htmlparse.py)
            from driftcheck.parsers.source.library import htmlparse

            got = htmlparse.method(self.ip, obj, name)
            if got is not None:
                return got
        if obj.module:
            if name in modtree.WALKS:
                return modtree.walk_method(obj, name, self.ip)
            if name in modtree.PARAM_WALKS:
                return modtree.param_walk(obj, name, self.attrs)
            if name in modtree.BUFFER_WALKS:
                return modtree.buffer_walk(obj, name, self.attrs)
            if name in ("register_buffer", "register_parameter", "add_module", "register_module"):
                return BuiltinMethod(lambda a, k: self._register(obj, name, a, k))
            if wildlib.is_hook_registration(name):
                run = fwdhooks.registration(obj, name, self.ip)  # forward hooks run (interp)
                return run if run is not None else wildlib.hook_method(obj, name)
            if name == "apply":  # ``fn`` on every sub-module (interp/modtree.py)
                return modtree.apply_method(obj, self.ip)
            if name in submodpath.METHODS:  # dotted paths (interp/submodpath.py)
                return submodpath.method(self.ip, obj, name)
            if name in modmethods.CASTS:
                modmethods.mark_cast(obj)  # ``self.double()``: the layers registered so far
                if name != "type":  # called: the dtype it names, where it names one
                    return BuiltinMethod(lambda a, k: modmethods.cast_call(obj, name, a, k))
            if name == "post_init":  # transformers' ``PreTrainedModel.post_init`` returns None
                return self._post_init(obj)
            if name in (
                "to",
                "train",
                "eval",
                "requires_grad_",
                "cuda",
                "float",
                "to_empty",
            ):
                return BuiltinMethod(lambda a, k: obj)
            if name == "training":
                return True
            if name in _HF_PART_NAMES:  # ``t5.get_encoder()`` of a transformers model
                got = self._hf_part(obj, name)
                if got is not None:
                    return got
            method = modmethods.module_method(obj, name, self.ip.classes)  # ``m.forward``
            if method is not None:
                return method
        if name == "__class__" and obj.cls is not None:
            return obj.cls
        if name == "__setattr__":  # ``obj.__setattr__(key, value)``: a plain attribute write
            return BuiltinMethod(
                lambda a, k: (
                    self.attrs.register(obj, plain(a[0]), a[1], None)
                    if len(a) > 1 and isinstance(plain(a[0]), str)
                    else None
                )
            )
        return Unknown(f"attribute {name}")

    def _post_init(self, obj: Obj) -> Any:
        """``model.post_init()`` a module inherits: transformers 5's ``PreTrainedModel.
        post_init`` returns None (it returned the model here); any other module lacks it
        (torch raises AttributeError): unknown."""
        if obj.cls is not None:
            ok, _v, where = self.ip.classes.mro_attr(obj.cls, "post_init")
            short = where.qual.rsplit(".", 1)[-1] if isinstance(where, Ext) else ""
            if not ok and (short.endswith("PreTrainedModel") or short in PRETRAINED_BASES):
                return BuiltinMethod(lambda a, k: None)
        return Unknown("post_init of a module that is no transformers model")

    def _hf_part(self, obj: Obj, name: str) -> BuiltinMethod | None:
        """``model.get_encoder()`` / ``get_decoder()`` that a transformers model inherits from
        ``PreTrainedModel`` (transformers 5): the first of its attributes named in the method's
        own list that the model has; unknown where none is known to be there (the method then
        looks through ``base_model``, not followed). None: a class that defines it itself."""
        if obj.cls is None:
            return None
        ok, _v, where = self.ip.classes.mro_attr(obj.cls, name)
        short = where.qual.rsplit(".", 1)[-1] if isinstance(where, Ext) else ""
        if ok or not (short.endswith("PreTrainedModel") or short in PRETRAINED_BASES):
            return None

        def part(a: list, k: dict) -> Any:
            if a or k:  # ``get_encoder(modality="image")``: other names, not modelled
                return Unknown(f"{name}() with arguments")
            for attr in _HF_PART_NAMES[name]:
                has = self.ip.items.hasattr(obj, attr)
                if has is True:
                    return self.attrs.getattr(obj, attr, obj.loc or ("?", 0))
                if has is not False:
                    break
            return Unknown(f"{name}() of a model without {' / '.join(_HF_PART_NAMES[name])}")

        return BuiltinMethod(part)

    def _register(self, obj: Obj, how: str, a: list, k: dict) -> None:
        # torch's own keywords (``register_parameter(name="w", param=p)``) count as positions
        name = plain(a[0]) if a else k.get("name")
        val = a[1] if len(a) > 1 else k.get("tensor", k.get("param", k.get("module")))
        if not isinstance(name, str):
            if how == "register_buffer":
                # torch stores a buffer (it raises if the name is already a parameter or a
                # module): no parameter is added or removed, so the count stands; which
                # buffer it is stays unknown (a note, never a parameter count made unknown)
                note = "register_buffer with an unknown name (buffers not known)"
                if note not in obj.notes:
                    obj.notes.append(note)
                return
            obj.unresolved.append(f"{how} with an unknown name")
            return
        if how == "register_buffer":
            obj.buffers[name] = val
            return
        if how == "register_parameter":
            if plain(val) is None:
                obj.params.pop(name, None)
                obj.attrs[name] = None
                return
        self.attrs.register(obj, name, plain(val), None)

    def leaf_attr(self, leaf: Leaf, name: str) -> Any:
        if name in ("weight", "bias") and leafclass.surely_not_a_weight(self.attrs, leaf, name):
            # torch raises AttributeError (interp/leafclass.py): unknown, not a weight
            return Unknown(f"{leaf.type}.{name}: torch's layer has no such attribute")
        if name in ("weight", "bias") or name.startswith(("weight_", "bias_", "in_proj")):
            return leafclass.weight_attr(leaf, name)  # None when turned off (interp/leafclass.py)
        if name in leafclass.NONE_WHEN_ABSENT.get(leaf.type, ()):  # MHA's ``q_proj_weight``
            return leafclass.weight_attr(leaf, name)  # None when turned off (interp/leafclass.py)
        if name == "__class__":
            return leafclass.leaf_class(leaf)
        if name == "_parameters":  # torch's dict of the layer's parameters (interp/leafregs.py)
            from driftcheck.parsers.source.interp import leafregs

            return leafregs.params_view(leaf)
        if name in leaf.params or leaf_default(leaf, name) is not None:
            return conv_tuple(leaf, name, unhole(leaf.params.get(name, leaf_default(leaf, name))))
        if name in modtree.WALKS:
            return modtree.walk_method(leaf, name, self.ip)
        if name in modtree.PARAM_WALKS:
            return modtree.param_walk(leaf, name, self.attrs)
        if name in modtree.BUFFER_WALKS:
            return modtree.buffer_walk(leaf, name, self.attrs)
        if name == "apply":  # ``fn`` on every sub-module (interp/modtree.py)
            return modtree.apply_method(leaf, self.ip)
        if name in submodpath.METHODS:  # dotted paths (interp/submodpath.py)
            return submodpath.method(self.ip, leaf, name)
        if name in modmethods.CASTS:
            modmethods.mark_cast(leaf)  # reading ``layer.double`` is enough (no guess)
            if name != "type":
                return BuiltinMethod(lambda a, k: modmethods.cast_call(leaf, name, a, k))
        if name in ("to", "requires_grad_", *_RETURN_SELF):
            return BuiltinMethod(lambda a, k: leaf)  # torch's ``Module.eval()`` returns self
        if name == "reset_parameters":  # torch's re-draws the values in place: None
            return BuiltinMethod(lambda a, k: None)
        if wildlib.is_hook_registration(name):
            run = fwdhooks.registration(leaf, name, self.ip)  # forward hooks run (interp)
            return run if run is not None else wildlib.hook_method(leaf, name)
        if name in ("register_parameter", "add_module", "register_module"):
            from driftcheck.parsers.source.interp.attrs import leaf_addition

            def add(a: list, k: dict) -> Any:  # interp/attrs.py ``leaf_addition``
                # torch's own keywords (``register_parameter(name="b", param=None)``) too
                key = plain(a[0]) if a else plain(k.get("name"))
                given = [*a[1:2], *(k[w] for w in ("param", "module") if w in k)]
                if not isinstance(key, str) or not given:
                    if name == "register_parameter" and (a or k):
                        leaf.unresolved.append("register_parameter with arguments not read")
                    return None
                v = given[0]
                if name == "register_parameter" and key in ("weight", "bias"):
                    # torch's ``register_parameter("bias", None)`` / ``(name, Parameter)``
                    # sets the layer's own weight as ``layer.bias = None`` / ``= p`` does (it
                    # was read as an addition: the bias kept, a confident overcount)
                    self.attrs.setattr(leaf, key, v, None, None)
                else:
                    leaf_addition(leaf, key, v, None, bool(self.ip.uncertain))
                return None

            return BuiltinMethod(add)
        method = modmethods.layer_method(leaf, name)  # library/modmethods.py
        if method is None:  # ``mha.out_proj``: torch's child (interp/leafparts.py)
            method = leafparts.part(leaf, name, self.ip)
        return method if method is not None else Unknown(f"{leaf.type}.{name}")

    def weight_copy(self, v: WeightRef) -> Tensor:
        """A plain tensor of ``v``'s shape (``Parameter.data`` / ``.detach()`` / ``.clone()``):
        torch returns a ``Tensor``, not the ``Parameter``, so a module attribute holding it
        registers nothing; the shape is the weight's where torch allocates it from known
        arguments, else unknown."""
        shape = wildlib.weight_shape(self.attrs, v)
        return Tensor(shape if shape is not None else Unknown("weight shape"))

    def tensor_attr(self, t: Tensor, name: str) -> Any:
        return torchlib.tensor_method(self.ip, t, name)

    def value_attr(self, v: Any, name: str) -> Any:
        if isinstance(v, WeightRef):
            if name == "requires_grad":  # True until a write may have changed it (interp)
                return gradflag.read(self.ip, v)
            if name in wildlib.WEIGHT_SIZE_ATTRS:  # ``lin.weight.shape[-1]`` of a known layer
                return wildlib.weight_size_attr(self.attrs, v, name)
            if name == "shape":
                return Unknown("weight shape")
            if name in _PLAIN_COPIES:  # ``lin.bias.data``: a plain tensor, never registered
                return self.weight_copy(v) if name == "data" else _copy_method(self, v)
            if name == "device":  # ``next(net.parameters()).device`` (torchlib.OneDevice)
                return torchlib.ONE_DEVICE
            if name in _NEW_BY_SIZE:  # ``conv.weight.new_zeros((r * k, c * k))``: loralib
                return BuiltinMethod(lambda a, k: Tensor(torchlib.shape_of(a, "zeros")))
            if name in SAMEISH:
                return BuiltinMethod(lambda a, k: v)
            # any other tensor method (``w.sum(dim=1, keepdim=True)``, ``w.flip(0)``) of a weight
            # whose shape torch allocates from known arguments: a new tensor, shape-followed
            shape = wildlib.weight_shape(self.attrs, v)
            if shape is not None:
                return self.tensor_attr(Tensor(shape), name)
            return Unknown(f"weight.{name}")
        if name in ("__next__", "__iter__") and v.__class__ is tuplesub.PrefixGen:
            pg = v  # ``g.__next__()`` as ``next(g)``: the items known before an unknown point
            if name == "__iter__":
                return BuiltinMethod(lambda a, k: pg if not a and not k else Unknown("__iter__"))
            return BuiltinMethod(
                lambda a, k: pg.next_item() if not a and not k else Unknown("__next__")
            )
        if isinstance(v, Unknown):
            return v
        if name in ("__next__", "__iter__") and isinstance(v, (tuplesub.Generator, tuplesub.Once)):
            # ``cls.iterator().__next__()`` (cuequivariance's ``Irrep.trivial``): the method
            # ``next()`` / ``iter()`` call on the iterator, run as they run it
            it = v
            if name == "__iter__":
                return BuiltinMethod(lambda a, k: it if not a and not k else Unknown("__iter__"))
            return BuiltinMethod(
                lambda a, k: (
                    py_call("next", self.ip, [it], {}) if not a and not k else Unknown("__next__")
                )
            )
        if name == "close" and v.__class__.__name__ == "Generator" and _is_generator(v):
            # ``g.close()``: the generator is finished, nothing more is yielded (a loop over
            # it afterwards read the items the eager run had left: a confident wrong count)
            gen = v
            return BuiltinMethod(
                lambda a, k: gen.__setattr__("rest", []) if not a and not k else None
            )
        if isinstance(v, ModuleNamespace):
            if name == "get":  # ``self.__dict__.get("_memories")`` (interp/modnamespace.py)
                return BuiltinMethod(lambda a, k: modnamespace.get(v, *[plain(x) for x in a][:2]))
            return Unknown(f"__dict__.{name} of a module")
        if isinstance(v, wildlib.ModGlobals) and name in ("items", "keys", "values"):
            return selfmodule.dict_method(self.ip, v, name)  # interp/selfmodule.py
        if isinstance(v, wildlib.ModGlobals) and name in ("update", "setdefault"):
            # ``globals().update(DEPTH=3)`` run in order (a script up to ``model = M()``):
            # the module's namespace written, as Python's dict is (was dropped: the global kept
            # its first binding, a confident wrong count)
            return BuiltinMethod(lambda a, k: wildlib.globals_write(self.ip, v, name, a, k))
        if isinstance(v, wildlib.ModGlobals) and name == "get":
            # ``globals().get(name)`` (asteroid-filterbanks' ``get("free")``)
            return BuiltinMethod(lambda a, k: wildlib.globals_get_or(self.ip, v, a, k))
        if isinstance(v, Func) and name in propobj.PARTS and propobj.is_property_def(v.node):
            return propobj.part(self.ip.classes, v, name)  # ``Klass.prop.fset`` (interp)
        if isinstance(v, Func) and name in _WRAPPER_COPIES and WRAPPED in (v.closure or {}):
            from driftcheck.parsers.source.library.stdlib import wrapped_attr

            return wrapped_attr(v, name)  # ``functools.wraps`` copied them (stdlib.wrap_func)
        if isinstance(v, Func) and name == "__name__":
            return v.name
        if isinstance(v, Func) and name == "__module__":
            return v.mod.name
        if isinstance(v, Func) and name in ("__code__", "__globals__"):
            from driftcheck.parsers.source.library import codeobj

            if name == "__code__":  # ``hook.__code__.co_argcount`` (library/codeobj.py)
                return codeobj.code_of(v)
            return wildlib.ModGlobals(v.mod)  # its module's namespace, as ``globals()`` there
        if isinstance(v, Func) and name in ("__defaults__", "__kwdefaults__"):
            from driftcheck.parsers.source.library import pyprotocols

            return pyprotocols.func_defaults(self.ip, v, name)
        if hasattr(type(v), "library_type"):  # a library value's attributes (partial.func)
            return v.attr(name)
        if isinstance(v, NamedTupleValue):  # a namedtuple (library/stdlib.py)
            return namedtuple_attr(v, name)
        if isinstance(v, NamedTupleType):  # ``NT._make(row)`` (library/stdlib.py)
            return namedtuple_class_attr(v, name)
        if getattr(v, "_enum_member", False):  # ``Color.RED.value`` (library/enums.py)
            got = enums.class_defined(self.ip, v, name)  # ``Act.GELU.module``: its class's
            return got if got is not None else enums.member_attr(v, name)
        return value_method(v, name, self.ip)


# what ``functools.update_wrapper`` sets on the wrapper from the function it wraps
_WRAPPER_COPIES = frozenset(("__wrapped__", "__name__", "__qualname__", "__module__", "__doc__"))
# (not ``t``: a transposed weight has the transposed shape, a new tensor below -- read as the
# weight itself, ``nn.Parameter(enc.weight.t())`` had the encoder's shape, not its transpose)
SAMEISH = {"to", "float"}
# a Parameter's ``data`` / ``detach()`` / ``clone()``: a plain torch.Tensor (CPython
# ``type(lin.bias.data) is torch.Tensor``), a new object torch does not register
_PLAIN_COPIES = frozenset({"data", "detach", "clone"})


def _copy_method(lib: Any, v: WeightRef) -> BuiltinMethod:
    return BuiltinMethod(lambda a, k: lib.weight_copy(v))


# the attributes ``PreTrainedModel.get_encoder()`` / ``get_decoder()`` return, in the order
# transformers 5 tries them (modeling_utils.py)
_HF_PART_NAMES = {
    "get_encoder": ("text_encoder", "encoder"),
    "get_decoder": ("language_model", "text_model", "decoder", "text_decoder"),
}
# a weight's methods making a new tensor whose shape is their argument (never the weight's)
_NEW_BY_SIZE = frozenset(("new_zeros", "new_ones", "new_empty"))
# mapping bases whose items live in ``self.data`` and whose ``__init__`` stores each through
# ``self[key] = value`` (``Machine._userdict_init``)
_USER_DICTS = ("collections.UserDict",)
_NAMESPACES = ("argparse.Namespace", "types.SimpleNamespace")
_CONV = re.compile(r"Conv(?:Transpose)?([123])d")
_CONV_TUPLES = ("kernel_size", "stride", "padding", "dilation", "output_padding")


def leaf_default(leaf: Leaf, name: str) -> Any:
    """The value torch gives a layer argument the call left out (``conv.groups`` is 1), from
    the catalogue's defaults; None when there is none (or the layer is not catalogued)."""
    spec = catalogue.get(leaf.type)
    if spec is None or leaf.unresolved:
        return None
    for p in spec.params:
        if p.name == name and not p.required and p.default is not None:
            return p.default
    return None


def conv_tuple(leaf: Leaf, name: str, v: Any) -> Any:
    """``conv.kernel_size`` as torch stores it: a ConvNd turns an int into an n-tuple."""
    if name == "normalized_shape" and leaf.type in ("LayerNorm", "RMSNorm"):
        # torch stores ``(d,)`` for ``LayerNorm(d)`` and a tuple for a list (``assert
        # norm.normalized_shape == (d,)`` held in torch, was decided false here)
        p = plain(v)
        if isinstance(p, int) and not isinstance(p, bool):
            return (p,)
        return tuple(p) if isinstance(p, list) else v
    m = _CONV.fullmatch(leaf.type)
    if m and name in _CONV_TUPLES and isinstance(plain(v), int) and not isinstance(plain(v), bool):
        return (plain(v),) * int(m.group(1))
    return v


_ = (ast, Sourced, MATH_CONST)


# bases whose ``__setattr__`` is ``object.__setattr__`` (``super().__setattr__`` in a plain
# class or a container subclass writes the instance's own namespace)
_OBJECT_SETATTR = frozenset(
    (
        "builtins.object",
        "builtins.dict",
        "builtins.list",
        "builtins.set",
        "collections.OrderedDict",
        "collections.defaultdict",
        "collections.UserDict",
        "typing.Dict",
        "typing.OrderedDict",
        # bases that define no ``__setattr__`` of their own, so ``super().__setattr__`` is
        # object's (pfhedge's ``BaseInstrument(ABC)`` derivatives keep their underliers so)
        "abc.ABC",
        "typing.Generic",
        # ``argparse.Namespace`` keeps object's ``__setattr__``; ``types.SimpleNamespace``'s
        # is the generic store too (a plain write into the instance's namespace)
        "argparse.Namespace",
        "types.SimpleNamespace",
    )
)


def _module_activation(
    q: str, args: list, kwargs: dict, posnames: list[str] | None
) -> tuple[list, dict, Any]:
    """``super().__init__(..., activation=ReGLU())`` in a subclass of a torch transformer
    layer, torch not installed: torch's ``__init__`` keeps a callable ``activation`` as it is
    (``self.activation = activation``), so a module instance is registered as the child
    ``activation`` and the layer's own weights do not depend on it (the catalogue's string
    parameter only names which function). The arguments without it and the module; the
    arguments unchanged and None when no module is passed there (or the class has no such
    parameter in the shipped signature table)."""
    if not posnames or "activation" not in posnames:
        return args, kwargs, None
    i = posnames.index("activation")
    v = kwargs.get("activation") if "activation" in kwargs else (args[i] if i < len(args) else None)
    if v is None or not is_module(plain(v)):
        return args, kwargs, None
    if "activation" in kwargs:
        kwargs = {k: x for k, x in kwargs.items() if k != "activation"}
        return args, kwargs, plain(v)
    if i == len(args) - 1:
        return args[:i], kwargs, plain(v)
    return args, kwargs, None  # positional arguments after it: left to make_leaf (unknown)


def _is_generator(v: Any) -> bool:
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    return v.__class__ is tuplesub.Generator


def object_setattr(inst: Obj, a: list) -> None:
    """``object.__setattr__(inst, key, value)`` on a plain object (not a module: torch's write
    registers layers, ``_base_setattr``): the attribute, under a name we can compute."""
    if len(a) < 2:
        return
    key = plain(a[0])
    if isinstance(key, str):
        inst.attrs[key] = a[1]
    elif inst.module:
        from driftcheck.parsers.source.library.python import unnamed_setattr

        unnamed_setattr(inst, key, a[1], (inst.cls.mod.path if inst.cls else "", 0))


# ``dict`` methods that write a dict subclass's items, when its class does not define them
# (diffwave's ``AttrDict.override``: ``self.__dict__.update(**attrs)`` with ``self.__dict__ =
# self``): the base's, on the same items -- a dropped write kept stale values, a wrong count
_DICT_WRITES = frozenset(("update", "setdefault", "pop", "__setitem__"))
_HTML_PARSER = "html.parser.HTMLParser"  # a base modelled by library/htmlparse.py
# ``xml.sax``'s ContentHandler, a base modelled by library/saxparse.py (its ``BASES``)
_SAX_HANDLERS = frozenset(("xml.sax.ContentHandler", "xml.sax.handler.ContentHandler"))


_MODULE_BASES = NN_MODULE
_MODULE_INIT_RAN = "_dc_module_init_ran"  # on an Obj: torch's Module.__init__ ran on it (ext_init)


def _catalogue_refuses(leaf: Leaf) -> bool:
    """Whether the catalogue's weight rule refuses a leaf whose arguments are all known plain
    values (ints, floats, bools, strings, None, tuples of them): torch's constructor may
    raise for them."""
    from driftcheck.graph.counting import _layer_weights

    if leaf.unresolved or not all(_plain_arg(v) for v in leaf.params.values()):
        return False
    spec = catalogue.get(leaf.type)
    return spec is not None and _layer_weights(spec, leaf.params) is None


_CONVS = frozenset(f"Conv{t}{n}d" for t in ("", "Transpose") for n in (1, 2, 3))


def _conv_groups_refused(leaf: Leaf) -> bool:
    """A torch convolution whose known ``groups`` torch's ``_ConvNd.__init__`` refuses with
    ValueError: not positive, or not dividing ``in_channels`` / ``out_channels``."""
    if leaf.type not in _CONVS or leaf.unresolved:
        return False
    p = leaf.params
    g, i, o = p.get("groups", 1), p.get("in_channels"), p.get("out_channels")
    if not all(type(x) is int for x in (g, i, o)):
        return False
    return g <= 0 or i % g != 0 or o % g != 0


def _plain_arg(v: Any) -> bool:
    if isinstance(v, tuple):
        return all(_plain_arg(x) for x in v)
    return v is None or type(v) in (int, float, bool, str)


def _items_of(v: Any) -> Any:
    """A dict subclass instance given where a mapping is read (``dict(other)``,
    ``d.update(other)``): its items, as Python reads them."""
    u = plain(v)
    if isinstance(u, Obj) and isinstance(u.attrs.get("__items__"), dict) and not u.module:
        return u.attrs["__items__"]
    return v


_USERDICT_READS = frozenset(("__getitem__", "__missing__", "__contains__", "__iter__", "keys"))


def _userdict_overrides(obj: Obj, classes: Any) -> set[str]:
    """The reading methods a UserDict subclass's classes read from source define (before
    ``collections.UserDict`` in the MRO); empty for any other class."""
    if not isinstance(obj.cls, Cls):
        return set()
    found: set[str] = set()
    for c in obj.cls.mro():
        if getattr(c, "qual", None) in _USER_DICTS:
            return found
        if isinstance(c, Cls):
            found |= {n for n in _USERDICT_READS if classes.class_attr(c, n)[0]}
    return set()


def _dict_write(items: dict, name: str, ip: Any) -> Any:
    if name == "__setitem__":
        return BuiltinMethod(lambda a, k: ip.items.setitem(items, *a[:2]))
    if name != "update":
        return value_method(items, name, ip)

    def update(a: list, k: dict) -> None:
        srcs = [plain(_items_of(x)) for x in a]
        if "**" in k or not all(isinstance(x, dict) for x in srcs):
            # a mapping we cannot read: any item may be overwritten, none stays as it was
            for key in items:
                items[key] = Unknown("item of a dict updated from an unknown mapping")
            return None
        for x in srcs:
            items.update(x)
        items.update(k)
        return None

    return BuiltinMethod(update)


def _index_objects(args: list, kwargs: dict) -> bool:
    """Whether an argument is an instance of a class read from source (not a module) that
    defines ``__index__`` (interp/numproto.py ``index_value``)."""
    from driftcheck.parsers.source.interp import numproto  # a cycle at import

    for o in (*args, *kwargs.values()):
        # the raw value, never ``plain()``: a config hole read here would be a use a
        # template records (tests/test_template.py); a size object is never wrapped
        if numproto.applies(o) and not o.module:
            if any(isinstance(c, Cls) and "__index__" in body_index(c.node) for c in o.cls.mro()):
                return True
    return False
