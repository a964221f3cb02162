"""Subscripts, iteration, ``+=``, ``isinstance``/``hasattr`` and copies on abstract values.

The ``items`` part of ``machine.Interp``.
"""

from __future__ import annotations

import collections
import itertools
from typing import TYPE_CHECKING, Any

from driftcheck.parsers.source.importcheck import module_names
from driftcheck.parsers.source.interp import (
    classproxy,
    classtype,
    clonetie,
    copyhooks,
    dictkeys,
    dunders,
    fwdhooks,
    genreplay,
    modnamespace,
    opaque,
    protocols,
    reducecopy,
    strsub,
    submodpath,
    tuplesub,
    userlist,
)
from driftcheck.parsers.source.interp.modtree import ModulesView
from driftcheck.parsers.source.library import (
    enums,
    intindex,
    pyprotocols,
    stdlib,
    tensorvalues,
    torchlib,
    typehints,
    typeunion,
    wildlib,
)
from driftcheck.parsers.source.library.pybuiltins import whole_dict
from driftcheck.parsers.source.library.python import BUILTIN_CALLABLE_TYPES, builtin_callable_type
from driftcheck.parsers.source.library.stdlib import LIBRARY_TYPES, NamedTupleType, NamedTupleValue
from driftcheck.parsers.source.sizes import SIZE_LIMIT
from driftcheck.parsers.source.speed.symbolic import SymVal, plain_bare
from driftcheck.parsers.source.stoplist import MODULE_BASES
from driftcheck.parsers.source.values.abstract import (
    Cls,
    Config,
    Ext,
    ExtClass,
    Func,
    Leaf,
    NotAClass,
    Obj,
    Probe,
    ReadOnlyView,
    Sourced,
    Tensor,
    Unknown,
    UnknownNumber,
    UnknownPlain,
    UnknownRun,
    UnknownStr,
    WeightRef,
    container_values,
    has_run,
    is_module,
    param_items,
    plain,
    unwrap,
)

if TYPE_CHECKING:
    from driftcheck.parsers.source.library.machine import Interp

_PY_TYPES = {
    "builtins.int": int,
    "builtins.float": float,
    "builtins.str": str,
    "builtins.bool": bool,
    "builtins.list": list,
    "builtins.tuple": tuple,
    "builtins.dict": dict,
    "builtins.set": set,
    "builtins.frozenset": frozenset,
    "numbers.Integral": int,
    "numbers.Number": (int, float),
    "numbers.Real": (int, float),
    "collections.abc.Sequence": (list, tuple, str),
    "collections.abc.Iterable": (list, tuple, str, dict, set, frozenset),
    "collections.abc.Mapping": dict,
    "typing.Sequence": (list, tuple, str),
    "typing.Iterable": (list, tuple, str, dict, set, frozenset),
    "typing.Mapping": dict,
    "collections.OrderedDict": dict,
    "builtins.NoneType": type(None),
    # ``isinstance(key, slice)`` in a ``__getitem__``: a slice is a real ``slice`` here (the
    # subscript ``x[2:]`` and ``slice(...)`` of known bounds); the type cannot be subclassed
    "builtins.slice": slice,
}
_CONST = frozenset((int, float, str, bool, type(None)))
# the builtin a class read from source may derive from (``class Dims(tuple)``), and the real
# type an ``isinstance`` against such an instance asks about where ``_PY_TYPES`` stands a
# plain value's type in for it (an OrderedDict is a plain dict here, a subclass of it is not)
_BUILTIN_BASES = {
    "builtins.int": int,
    "builtins.float": float,
    "builtins.str": str,
    "builtins.list": list,
    "builtins.tuple": tuple,
    "builtins.dict": dict,
    "builtins.set": set,
    "typing.NamedTuple": tuple,
    "collections.OrderedDict": collections.OrderedDict,
}
_OBJ_PY_TYPES = {"collections.OrderedDict": collections.OrderedDict}


def _builtin_base(raw: Any) -> type | None:
    """The builtin type an instance of a class read from source derives from (a tuple
    subclass, a namedtuple's subclass, a dict subclass), else None. ``isinstance(d, tuple)``
    of ``class Dims(tuple)`` answered False (every object was no plain value): a confident
    wrong branch."""
    if not isinstance(raw, Obj) or raw.module or not isinstance(raw.cls, Cls):
        return None
    for c in raw.cls.mro():
        if isinstance(c, NamedTupleType):
            return tuple
        if isinstance(c, Ext) and c.qual in _BUILTIN_BASES:
            return _BUILTIN_BASES[c.qual]
    return None


_PLAIN_TYPES = (int, float, str, bool, type(None), list, tuple, dict, set, frozenset)


def _abc_class(q: str) -> Any:
    """The real abstract class ``collections.abc.X`` / ``typing.X`` names (``Hashable``,
    ``Collection``, ``Sized``...): a plain value's ``isinstance`` against it is Python's own."""
    import collections.abc
    import typing

    mod, _, name = q.rpartition(".")
    src = {"collections.abc": collections.abc, "typing": typing}.get(mod)
    c = getattr(src, name, None) if src is not None and not name.startswith("_") else None
    try:
        isinstance(0, c)  # typing.Any and friends refuse isinstance
    except TypeError:
        return None
    return c


_DICT_BASES = ("collections.OrderedDict", "builtins.dict", "typing.OrderedDict")


def _number(x: Any) -> bool:
    """A plain number or a number whose value is unknown (not a list, a tensor, a layer)."""
    return isinstance(x, (int, float, UnknownNumber))


# the classes a ``types.MappingProxyType`` is an instance of (values/abstract.py ReadOnlyView)
_VIEW_BASES = frozenset(
    (
        "types.MappingProxyType",
        "builtins.object",
        *(
            f"{m}.{n}"
            for m in ("collections.abc", "typing")
            for n in ("Mapping", "Collection", "Iterable", "Container", "Sized", "Reversible")
        ),
    )
)

_VIEW_NOT = frozenset(
    f"{m}.{n}"
    for m in ("collections.abc", "typing")
    for n in ("MutableMapping", "Sequence", "MutableSequence", "Set", "MutableSet")
)


def _view_isinstance(t: Any) -> Any:
    """``isinstance(proxy, t)``: True for ``_VIEW_BASES``, False for another builtin class
    (``dict``: a mappingproxy is none), unknown otherwise (an ABC may register it)."""
    q = getattr(t, "qual", None) if isinstance(t, Ext) else None
    if q in _VIEW_BASES:
        return True
    if q is not None and (q.startswith("builtins.") or q in _VIEW_NOT):
        return False
    return Unknown("isinstance of a types.MappingProxyType")


class Items:
    """Items, iteration and the predicates ``isinstance``/``hasattr``; copies of values."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.classes = ip.classes  # mro_attr
        self.calls = ip.calls  # call_func
        self.attrs = ip.attrs  # bind, register
        self.configs = ip.configs  # config_attr, has_config_attr
        self.memo = ip.memo  # probe_index
        self.library = ip.library  # torch_class

    # ------------------------------------------------------------------ items
    def _missing_key_caught(self, raw: Any) -> bool:
        """Whether a key missing from the plain dict ``raw`` is Python's ``KeyError`` here: the
        dict was never written under a key we could not compute (``havoc``), and the innermost
        running ``try`` surely catches ``KeyError`` on a decided path (the statement runner
        turns it into that handler, ``_caught_here``). Elsewhere a missing key stays an
        unknown value, never a confident raise."""
        if type(raw) is not dict or id(raw) in self.ip.havoc:
            return False
        if self.ip.uncertain or not self.ip.tries:
            return False
        mark = self.ip.tries[-1]
        stmts = self.ip.stmts
        return any(stmts._catches(h, "KeyError", mark.fr) is True for h in mark.st.handlers)

    def getitem(self, obj: Any, key: Any) -> Any:
        # only the outer Sourced wrapper comes off here: ``plain`` of a whole list or tuple
        # copies it, which made ``config.layer_types[i]`` in a loop quadratic; the item
        # picked is made plain below, as a deep ``plain`` of the container would have made it
        if key.__class__ is Probe and key.rec.active:
            return self.memo.probe_index(obj, key)  # a layer index into the config (memo.py)
        raw = unwrap(obj)
        k = plain(key)
        if isinstance(raw, Unknown):
            if opaque.is_container(raw):
                return Unknown(f"item of {raw.why}")  # an item of a list may be a layer
            return raw
        if isinstance(raw, (list, tuple)) and has_run(raw):
            return _past_run(raw, k)
        if isinstance(k, Unknown):
            if isinstance(raw, (list, tuple)) and all(opaque.never_a_layer(plain(x)) for x in raw):
                # ``query_strides[i]`` over numbers (Hiera): unknown, never a layer
                return UnknownPlain("unknown index")
            vals = _candidates(raw)
            if vals is not None:  # one of the modules it holds (interp/submodpath.py)
                return submodpath.one_of(vals, "an item under a key not known statically")
            return Unknown("unknown index")
        if isinstance(raw, wildlib.ModGlobals):
            return wildlib.globals_get(self.ip, raw, k)
        if raw.__class__ is str and "driftcheck-scratch-" in raw:  # library/scratchfs.MARK
            # a temporary file's name: its characters are CPython's random name's
            return UnknownPlain("a character of a temporary file's name (random in CPython)")
        if isinstance(raw, modnamespace.ModuleNamespace):
            return modnamespace.getitem(raw, k)
        if isinstance(raw, Ext) and raw.qual == "sys.modules" and isinstance(k, str):
            return self.ip.names.import_value(k, None)  # ``sys.modules[fn.__module__]``
        if isinstance(raw, Config):
            return (
                self.configs.config_attr(raw, str(k), self.ip._where)
                if raw.lookup(str(k))[0]
                else Unknown(f"config[{k}]")
            )
        if isinstance(raw, Cls) and dunders.own_code(raw):
            # ``ViT["tiny"]``: Python calls the class's ``__class_getitem__`` (an implicit
            # classmethod), here one of the analyzed code returning a configured subclass
            fn = dunders.own_method(self.ip, raw, "__class_getitem__")
            if fn is not None:
                return self.calls.call_func(self.attrs.bind(fn, raw), [key], {})
        if isinstance(raw, Obj):
            if raw.kind in ("ModuleList", "Sequential", "ParameterList"):
                vals = param_items(raw) if raw.kind == "ParameterList" else container_values(raw)
                if isinstance(k, slice):
                    new = Obj(cls=None, module=True, kind=raw.kind, loc=raw.loc, qual=raw.qual)
                    for v in vals[k]:
                        torchlib.container_add(new, v)
                    return new
                try:
                    return vals[k]
                except (IndexError, TypeError):
                    return Unknown("index")
            if raw.kind in ("ModuleDict", "ParameterDict"):
                src = raw.params if raw.kind == "ParameterDict" else raw.children
                return src.get(str(k), Unknown(f"key {k}"))
            if raw.cls is not None:
                ok, fn, where = self.classes.mro_attr(raw.cls, "__getitem__")
                if ok and isinstance(fn, Func):
                    return self.calls.call_func(self.attrs.bind(fn, raw), [key], {})
                if ok and userlist.is_userlist(raw):  # a ``__getitem__`` we do not read
                    return Unknown("item of a UserList")
            if userlist.is_userlist(raw):  # UserList's ``__getitem__`` (userlist.py)
                return userlist.getitem(self.ip, raw, key)
            if "__items__" in raw.attrs:
                items = raw.attrs["__items__"]
                if not isinstance(items, dict):
                    # a dict subclass changed in place one way of a condition we cannot
                    # decide (branchstate): its items are unknown, and so is any key's value
                    return Unknown(f"key {k} of a mapping whose items are unknown")
                if k not in items and raw.cls is not None:
                    # a dict (or UserDict) subclass's own ``__missing__`` supplies a key the
                    # mapping lacks, as ``dict.__getitem__`` calls it (release defaults)
                    ok, fn, _ = self.classes.mro_attr(raw.cls, "__missing__")
                    if ok and isinstance(fn, Func):
                        return self.calls.call_func(self.attrs.bind(fn, raw), [key], {})
                return items.get(k, Unknown(f"key {k}"))
            its = tuplesub.items(raw)
            if its is not None:
                return tuplesub.index(its, key)
            if strsub.is_text_obj(raw):  # ``s[1:3]`` of a str subclass: str's (strsub.py)
                return strsub.index(raw, k)
            return Unknown("subscript of object")
        if isinstance(raw, Tensor):
            if raw.data is not None:  # known values (library/tensorvalues.py)
                got = tensorvalues.index(raw, key)
                if got is not None:
                    return got
            adv = intindex.index_shape(raw.shape, key)  # ``x[rows, topk_indices]``
            if adv is not None:
                return Tensor(adv, dtype=raw.dtype)  # indexing keeps the dtype
            return Tensor(torchlib.index_shape(raw.shape, k), dtype=raw.dtype)
        if isinstance(raw, WeightRef):
            # ``emb.weight[0]`` of a torch layer built from known arguments: a tensor of the
            # row's shape (a new tensor, never the parameter itself); unknown otherwise
            shape = wildlib.weight_shape(self.attrs, raw)
            if shape is None:
                return Unknown(f"{raw.name}[...] of a layer whose weight shape is not known")
            return Tensor(torchlib.index_shape(shape, k))
        if isinstance(raw, Ext):
            if raw.qual in stdlib.ANNOTATED:  # ``Annotated[int, 2]``: sizes as metadata
                return stdlib.annotated(key)
            if raw.qual in pyprotocols.LITERAL:  # ``Literal[64]``: sizes as hint arguments
                return pyprotocols.literal(key)
            if raw.qual in typehints.ORIGINS:  # ``tuple[int, ...]``: a hint (library/typehints.py)
                return typehints.subscript(raw.qual, key)
            return Unknown(f"{raw.qual}[...]")
        if enums.is_enum(raw) and isinstance(k, str):  # ``Color["RED"]``
            m = enums.member(self.ip, raw, k)
            return m if m is not None else Unknown(f"{raw.name}[{k!r}] is no member")
        if hasattr(type(raw), "library_getitem"):  # ``registry[Cls]`` (library/stdlib.py)
            return raw.library_getitem(k)
        if type(raw) is dict:
            k = dictkeys.stored_key(self.classes, raw, k)  # ``d[type(m)]`` (interp/dictkeys.py)
            if isinstance(k, Unknown):
                return Unknown(f"subscript: {k.why}")
        try:
            v = raw[k]
        except KeyError:
            if self._missing_key_caught(raw):
                raise  # ``try: FFN = OVERRIDES["ffn"] except KeyError: FFN = 224``
            return Unknown("subscript")
        except (IndexError, TypeError, ValueError):
            return Unknown("subscript")
        if isinstance(raw, tuple):
            return plain_bare(v)
        if isinstance(raw, list):
            # as ``plain(list)`` does: items come out plain only when some item is Sourced
            # (asked only when it matters: a constant item is itself either way)
            if isinstance(k, slice):
                if all(x.__class__ in _CONST for x in v):
                    return list(v)
                deep = any(isinstance(x, Sourced) for x in raw)
                return [plain_bare(x) for x in v] if deep else list(v)
            if v.__class__ in _CONST:
                return v
            return plain_bare(v) if any(isinstance(x, Sourced) for x in raw) else v
        return v

    def setitem(self, obj: Any, key: Any, v: Any) -> None:
        if obj.__class__ is ReadOnlyView:  # ``proxy[k] = v``: TypeError (no __setitem__)
            from driftcheck.parsers.source.interp.statements import Raised  # a cycle

            raise Raised("TypeError", self.ip.at_line, None)
        raw, k = plain(obj), plain(key)
        if raw.__class__ is Ext and raw.qual == "copyreg.dispatch_table":
            # ``copyreg.dispatch_table[cls] = reducer`` (interp/reducecopy.py)
            reducecopy.register(self.ip, k, v, "a dispatch_table[...] assignment")
            return
        if copyhooks.memo_write(self.ip, raw, k):
            # ``memo[id(self)] = new`` in a ``__deepcopy__``: the deep copy's own memo, keyed
            # by identity as CPython's is (interp/copyhooks.py): ``self`` copies to ``new``
            raw[id(plain(k.target))] = v
            return
        if isinstance(k, Unknown):
            if isinstance(raw, dict):
                self.ip.havoc[id(raw)] = (raw, f"written under an unknown key ({k.why})")
            elif isinstance(raw, Tensor):
                raw.data = None  # some element changed: its values are no longer known
            elif isinstance(raw, Obj) and raw.kind:
                # ``self.convs[f"{a},{b}"] = Conv(...)`` with a key we cannot compute: a slot
                # of the container is set (a new one, or one replaced): its count is unknown
                raw.unresolved.append(f"item assigned under an unknown key ({k.why})")
            elif isinstance(raw, ModulesView):
                raw.owner.unresolved.append(f"module assigned under an unknown name ({k.why})")
            elif isinstance(raw, wildlib.ModGlobals):  # read by interp/modglobals.py
                self.ip.havoc[id(raw.mod)] = (
                    raw.mod,
                    f"a global bound under an unknown name ({k.why})",
                )
            elif isinstance(raw, list):
                # ``inv[p] = i`` with ``p`` unknown (FrEIA's inverse permutation): some item
                # changed, the length did not -- every item unknown, none kept stale
                why = f"list item written under an unknown index ({k.why})"
                numbers = all(_number(x) for x in [*raw, plain(v)])
                raw[:] = [UnknownNumber(why) if numbers else Unknown(why)] * len(raw)
            return
        if raw.__class__ is dict and k.__class__ is Obj:
            kind = dunders.hash_kind(k)
            if kind == "unhashable" and not self.ip.uncertain:
                from driftcheck.parsers.source.interp.statements import Raised  # a cycle

                raise Raised("TypeError", self.ip.at_line, None)  # ``d[Key(1)] = v``
            # (a key with the class's own ``__hash__``: stored, then the dict is forgotten by
            # the statement that wrote it, statements.py)
        if isinstance(raw, modnamespace.ModuleNamespace):
            modnamespace.setitem(raw, k, v)  # ``self.__dict__[k] = v`` (interp/modnamespace.py)
            return
        if isinstance(raw, wildlib.ModGlobals):
            self.ip.globals.setdefault(id(raw.mod), {})[str(k)] = v  # ``globals()[k] = v``
        elif isinstance(raw, Config):
            raw.fields[str(k)] = v
        elif isinstance(raw, Obj) and raw.kind in ("ModuleList", "Sequential"):
            # torch's ``__setitem__``: an int index names an existing slot (negative from the
            # end; out of range raises), whatever that slot's key (a Sequential built from an
            # OrderedDict keeps its names)
            if not isinstance(k, int) or isinstance(k, bool):
                raw.unresolved.append(f"item [{k!r}] assigned")
                return
            slots = {**raw.children, **dict.fromkeys(raw.none_keys)}
            keys = list(slots)
            if all(x.isdigit() for x in keys):
                keys.sort(key=int)
            if not -len(keys) <= k < len(keys):
                raw.unresolved.append(f"item [{k}] assigned out of range")
                return
            torchlib.container_add(raw, v, keys[k])
        elif isinstance(raw, Obj) and raw.kind:
            torchlib.container_add(raw, v, str(k))
        elif isinstance(raw, ModulesView):
            self.attrs.register(raw.owner, str(k), v, None)
        elif isinstance(raw, Obj) and isinstance(raw.attrs.get("__items__"), dict):
            # a dict subclass: its own ``__setitem__`` from source, else dict's
            # (an installed library's, transformers' ModelOutput: left as it was)
            got = self.classes.mro_attr(raw.cls, "__setitem__") if raw.cls else (0, 0, 0)
            ok, fn, where = got
            if ok and isinstance(fn, Func) and dunders.own_code(where):
                self.calls.call_func(self.attrs.bind(fn, raw), [key, v], {})
            elif not ok:  # dict's own ``__setitem__``
                raw.attrs["__items__"][k] = v
        elif isinstance(raw, Obj) and raw.cls is not None and self._own_setitem(raw, key, v):
            pass  # a plain class's own ``__setitem__`` (an alias-mapping settings object)
        elif isinstance(raw, (list, dict)):
            if type(raw) is dict:
                k = dictkeys.stored_key(self.classes, raw, k)  # the same key object, if stored
                if isinstance(k, Unknown):
                    self.ip.havoc[id(raw)] = (raw, f"written under a key we cannot match ({k.why})")
                    return
            try:
                raw[k] = v
            except (IndexError, TypeError):
                pass
        elif hasattr(type(raw), "library_setitem"):  # ``parser["model"]["x"] = "3"``
            raw.library_setitem(k, v)
        elif isinstance(raw, Tensor):  # ``mask[::2] = -1``: its known values change
            tensorvalues.setitem(raw, key, v)

    def _own_setitem(self, raw: Obj, key: Any, v: Any) -> bool:
        """``obj[key] = v`` on an instance of a class of the analyzed code that defines
        ``__setitem__`` (a settings class mapping GPT-2 names onto Llama names, storing in
        its own dict): Python calls that method, so its stores are what later reads see.
        Before, the store was dropped and every size read back was unknown."""
        fn = dunders.own_method(self.ip, raw.cls, "__setitem__")
        if fn is None:
            return False
        self.calls.call_func(self.attrs.bind(fn, raw), [key, v], {})
        return True

    def iterate(self, v: Any) -> list[Any] | None:
        raw = plain_bare(v)
        if isinstance(raw, tuplesub.ONE_SHOT):  # before lists: ``Once`` is one
            return raw.take()
        if raw.__class__ is set and id(raw) in self.ip.havoc and self.ip.havoc[id(raw)][0] is raw:
            return None  # a set given instances with their own hash (library/pybuiltins.py)
        if isinstance(raw, genreplay.ReplayGen):  # a loop over a coroutine (genreplay.py)
            return raw.iterate()
        if type(raw) in _FINITE_ITERATORS:
            # ``iter(xs)`` of a known sequence (returned by a ``__reversed__`` / ``__iter__``):
            # read once, as Python's iterator is (a second loop sees nothing)
            return list(raw)
        if isinstance(raw, (list, tuple)):
            # a run of items we cannot count (``xs.extend(v)``, values/abstract.py): a loop we
            # cannot enumerate, never one item
            return None if has_run(raw) else list(raw)
        if isinstance(raw, range):
            if len(raw) > 100_000:
                return None
            return list(raw)
        if type(raw) is bytes:  # its ints, as a loop over bytes gives them
            return list(raw)
        if raw.__class__ is str and "driftcheck-scratch-" in raw:  # library/scratchfs.MARK
            return None  # a temporary file's name: its characters are CPython's random ones
        if isinstance(raw, (dict, set, frozenset, str)):
            raw = whole_dict(raw)  # a registry made on lookup: made whole (interp/decorated.py)
            return None if isinstance(raw, Unknown) else list(raw)
        if isinstance(raw, Obj):
            its = tuplesub.items(raw)
            if its is not None:
                return None if dunders.defines(raw.cls, "__iter__") else list(its)
            if strsub.is_text_obj(raw):  # a str subclass's characters (interp/strsub.py)
                got = strsub.text(raw, "__iter__", "__getitem__")
                return list(got) if isinstance(got, str) else None
            if raw.kind in ("ModuleDict", "ParameterDict"):
                return list((raw.params if raw.kind == "ParameterDict" else raw.children).keys())
            if raw.kind == "ParameterList":
                return param_items(raw)
            if raw.kind:
                return container_values(raw)
            got = self.user_iter(raw)
            if got is not _NO_ITER:
                return got
            if userlist.is_userlist(raw):  # Sequence.__iter__ over UserList's (userlist.py)
                return userlist.items(self.ip, raw)
            got = self._user_getitem_iter(raw)
            if got is not _NO_ITER:
                return got
            if "__items__" in raw.attrs:
                items = raw.attrs["__items__"]
                # items unknown (changed one way of an undecided condition): not enumerable
                return list(items) if isinstance(items, dict) else None
        if isinstance(raw, Config):
            return list(raw.fields)
        if isinstance(raw, wildlib.ModGlobals):  # ``for k in mod.__dict__`` (interp/selfmodule.py)
            from driftcheck.parsers.source.interp.selfmodule import namespace_names

            return namespace_names(self.ip, raw.mod)
        if isinstance(raw, Tensor) and isinstance(raw.shape, tuple) and raw.shape:
            # ``[x.item() for x in torch.linspace(0, rate, depth)]``: one tensor per row, of
            # known shape, values unknown (a drop-path rate per layer)
            n = plain(raw.shape[0])
            if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10_000:
                return [Tensor(tuple(raw.shape[1:])) for _ in range(n)]
            return None
        if isinstance(raw, NamedTupleValue):  # a namedtuple's items (library/stdlib.py)
            return list(raw.values)
        if getattr(raw, "elementwise", False):  # a numpy array's numbers (library/arrays.py)
            return list(raw)
        if enums.is_enum(raw):  # ``for c in Color``: its members (library/enums.py)
            return enums.unique(self.ip, raw)
        if hasattr(type(raw), "library_iter"):  # a library value's keys (a cookie jar's)
            return raw.library_iter()
        return None

    def user_iter(self, obj: Obj) -> Any:
        """``for x in obj`` on an object whose class (read from source, not torch's) defines
        ``__iter__`` (se3-transformer's ``Fiber``: ``for degree, dim in self``): it is run and
        its result enumerated, an ``iter()`` of a known sequence or a generator; anything else
        is unknown (None). ``_NO_ITER`` when the class defines none."""
        if obj.cls is None:
            return _NO_ITER
        fn = dunders.source_method(self, obj.cls, "__iter__")  # not torch's (interp/dunders.py)
        if fn is None:
            return _NO_ITER
        depth = getattr(self, "_iter_depth", 0)
        if depth >= _MAX_ITER_DEPTH:  # ``__iter__`` iterating its own object
            return None
        self._iter_depth = depth + 1
        try:
            r = plain_bare(self.calls.call_func(self.attrs.bind(fn, obj), [], {}))
        finally:
            self._iter_depth = depth
        if type(r) in _FINITE_ITERATORS:
            return list(r)
        if isinstance(r, Obj) and r.cls is not None:
            got = self._user_next(r)
            if got is not _NO_ITER:
                return got
        if r is obj or isinstance(r, Unknown):
            return None
        return self.iterate(r)

    def _user_getitem_iter(self, obj: Obj) -> Any:
        """``for x in obj`` on a plain object (no base but ``object``) whose class, read from
        source, defines ``__getitem__`` and no ``__iter__``: CPython's old sequence protocol,
        ``obj[0]``, ``obj[1]``, ... until it raises ``IndexError`` (or ``StopIteration``).
        Anything else it raises, a value we cannot know, or more than ``_MAX_NEXT`` items:
        unknown (None). ``_NO_ITER`` where the protocol does not apply."""
        from driftcheck.parsers.source.interp.statements import Raised

        if not isinstance(obj.cls, Cls) or obj.module or "__items__" in obj.attrs:
            return _NO_ITER
        if any(
            not isinstance(c, Cls) and getattr(c, "qual", "") != "builtins.object"
            for c in obj.cls.mro()
        ):
            return _NO_ITER  # a library base (``dict``, ``list``...) iterates its own way
        ok, fn, where = self.classes.mro_attr(obj.cls, "__getitem__")
        if not ok or not isinstance(fn, Func) or not isinstance(where, Cls):
            return _NO_ITER
        out: list[Any] = []
        for i in range(_MAX_NEXT):
            try:
                x = self.calls.call_func(self.attrs.bind(fn, obj), [i], {})
            except Raised as e:
                stop = ("IndexError", "builtins.IndexError", "StopIteration")
                return out if e.what in (*stop, "builtins.StopIteration") else None
            if isinstance(plain_bare(x), Unknown):
                return None
            out.append(x)
        return None

    def _user_next(self, it: Obj) -> Any:
        """The items of an iterator object whose class (read from source, not torch's) defines
        ``__next__`` (gin's ``ConfigParser``: ``__iter__`` returns ``self``): ``__next__`` is
        called until it raises ``StopIteration``, as ``for`` does. Anything else it raises, a
        value we cannot know, or more than ``_MAX_NEXT`` items: unknown (None). ``_NO_ITER``
        when the class defines none."""
        from driftcheck.parsers.source.interp.statements import Raised

        fn = dunders.source_method(self, it.cls, "__next__")  # not torch's (interp/dunders.py)
        if fn is None:
            return _NO_ITER
        out: list[Any] = []
        for _ in range(_MAX_NEXT):
            try:
                x = self.calls.call_func(self.attrs.bind(fn, it), [], {})
            except Raised as e:
                return out if e.what in ("StopIteration", "builtins.StopIteration") else None
            if isinstance(plain_bare(x), Unknown):
                return None
            out.append(x)
        return None

    def _own_method(self, obj: Obj, name: str) -> Any:
        """``name`` bound to ``obj`` where its class, read from source (not torch's), defines
        it; None otherwise."""
        if not isinstance(obj.cls, Cls) or obj.module:
            return None
        ok, fn, where = self.classes.mro_attr(obj.cls, name)
        mod = getattr(getattr(where, "mod", None), "name", None) or ""
        if not ok or not isinstance(fn, Func) or mod == "torch" or mod.startswith("torch."):
            return None
        return self.attrs.bind(fn, obj)

    def user_next_one(self, it: Obj, default: list) -> Any:
        """``next(it[, default])`` of an object whose class defines ``__next__``: one call, as
        CPython makes it; ``StopIteration`` gives the default (without one: unknown). Another
        exception: unknown. NotImplemented when the class defines no ``__next__``."""
        from driftcheck.parsers.source.interp.statements import Raised

        fn = self._own_method(it, "__next__")
        if fn is None:
            return NotImplemented
        try:
            return self.calls.call_func(fn, [], {})
        except Raised as e:
            if e.what in ("StopIteration", "builtins.StopIteration") and default:
                return default[0]
            return Unknown(f"next() of {it.cls.name} raised {e.what}")

    def user_iterator(self, obj: Obj) -> Any:
        """``iter(obj)`` where the class's own ``__iter__`` returns an object whose class
        defines ``__next__``: that object (CPython's ``iter`` returns it; nothing is read
        yet). NotImplemented where this does not apply (the caller enumerates)."""
        fn = self._own_method(obj, "__iter__")
        if fn is None:
            return NotImplemented
        r = plain_bare(self.calls.call_func(fn, [], {}))
        if r.__class__ is Obj and self._own_method(r, "__next__") is not None:
            return r
        # anything else, as ``iterate`` reads ``__iter__``'s result (``user_iter``)
        if type(r) in _FINITE_ITERATORS:
            items = list(r)
        elif r is obj or isinstance(r, Unknown) or r.__class__ is Obj:
            items = None
        else:
            items = self.iterate(r)
        if items is None:
            return Unknown(f"iter() of {obj.cls.name}: its __iter__ gave no iterator read here")
        return iter(items)

    def inplace_add(self, cur: Any, rhs: Any) -> bool:
        """``cur += rhs`` in place: a list extended by ``rhs``'s items; a ``ModuleList`` by any
        iterable's; a ``Sequential`` only by another ``Sequential`` (torch's ``__iadd__`` raises
        ValueError on anything else, a list or a layer too: the container is then unresolved,
        never a count for a program that crashes). False where no in-place rule applies."""
        raw = plain(cur)
        if isinstance(raw, list):
            items = self.iterate(rhs)
            if items is not None and len(raw) + len(items) > SIZE_LIMIT:
                return False  # ``+`` then says unknown, with its note (sizes.py)
            # a right side we cannot enumerate adds a run of unknown length, never one item
            # (``buf += b`` of a bytes value was one item: len 1 where CPython has 2)
            raw.extend(items if items is not None else [UnknownRun("+= of items not known")])
            return True
        if isinstance(raw, Obj) and raw.kind in ("ModuleList", "Sequential"):
            other = plain(rhs)
            if raw.kind == "Sequential" and not (
                isinstance(other, Obj) and other.module and other.kind == "Sequential"
            ):
                raw.unresolved.append("Sequential += a value that is no Sequential (ValueError)")
                return True
            items = self.iterate(rhs)
            if items is None:
                raw.unresolved.append("+=")
            else:
                for x in items:
                    torchlib.container_add(raw, x)
            return True
        return False

    # ------------------------------------------------------------------ predicates
    def isinstance(self, x: Any, t: Any) -> Any:
        if x.__class__ is ReadOnlyView and not isinstance(plain(t), tuple):
            return _view_isinstance(plain(t))
        if classproxy.is_candidate(x) and not isinstance(plain(t), tuple):
            # a class defining ``__class__`` (a proxy): CPython reads it too (classproxy.py)
            return classproxy.isinstance_via_class(self.ip, x, t, self._isinstance(x, t))
        return self._isinstance(x, t)

    def _isinstance(self, x: Any, t: Any) -> Any:
        t = typeunion.members(plain(t))  # ``isinstance(x, A | B)``: as ``(A, B)``
        if isinstance(t, tuple):
            rs = [self.isinstance(x, tt) for tt in t]
            if any(r is True for r in rs):
                return True
            return False if all(r is False for r in rs) else Unknown("isinstance")
        # a traced number's type is the template's key (or follows from it): no pin
        raw = x._v if x.__class__ is SymVal else plain(x)
        if isinstance(t, Ext) and t.qual == "builtins.type":
            return is_class(raw)
        if raw.__class__ is UnknownStr:
            raw = ""  # a string of unknown text: its type is all isinstance reads
        if isinstance(raw, Unknown):
            return Unknown("isinstance")
        if t is typeunion.NONE_TYPE:  # ``None`` in a union ``A | None``
            return raw is None
        if t.__class__ is Cls and protocols.is_protocol(t):  # ``typing.Protocol`` (protocols.py)
            return protocols.protocol_isinstance(self, raw, t, self._cls_isinstance(raw, t))
        if isinstance(t, Ext):
            q = t.qual
            own = getattr(type(raw), "library_isinstance", None)
            if own is not None:  # a library value that answers for itself (library/astnodes.py)
                return own(raw, q)
            if q.startswith("builtins.") and q[len("builtins.") :] in BUILTIN_CALLABLE_TYPES:
                return self._builtin_callable(raw, q)
            if q in ("types.FunctionType", "types.LambdaType", "types.MethodType"):
                # timm's ``get_norm_act_layer``: a function of the analyzed code (bound: a
                # method) or a class (never a function); a library's callable stays unknown
                if isinstance(raw, Func):
                    return (raw.bound is not None and not raw.is_static) == (
                        q == "types.MethodType"
                    )
                if is_class(raw) is True or isinstance(raw, _PLAIN_TYPES):
                    return False
                if isinstance(raw, Ext) and raw.qual.startswith("torch.nn."):
                    from driftcheck.graph import catalogue

                    name = raw.qual.rsplit(".", 1)[-1]
                    if catalogue.get(name) is not None or (
                        self.library.torch_class(raw.qual) is not None
                    ):
                        return False  # ``nn.BatchNorm2d``: a layer class (catalogue / source)
                return Unknown("isinstance")
            if q in ("typing.Callable", "collections.abc.Callable"):
                # ``isinstance(backbone.feature_info, Callable)`` (effdet): as ``callable(x)``
                got = self.library.call_ext(Ext("builtins.callable"), [raw], {}, ("", 0))
                return got if isinstance(got, bool) else Unknown("isinstance Callable")
            if q == "numpy.ndarray":  # a flat array of known numbers (library/arrays.py)
                from driftcheck.parsers.source.library.arrays import is_ndarray

                return is_ndarray(raw)
            if q in LIBRARY_TYPES:  # ``isinstance(f, functools.partial)`` (library values)
                return getattr(type(raw), "library_type", None) == q
            if q in _PY_TYPES:
                if getattr(raw, "single_pass", False):
                    # a ``zip`` / ``map`` / generator: an iterator, no list, tuple or sequence
                    # (interp/tuplesub.py ``Once`` is a list to the analyzer only)
                    kind = q.rsplit(".", 1)[-1]
                    if kind in ("Iterable", "Iterator"):
                        return True
                    if kind == "Generator":
                        return Unknown("isinstance of an iterator against Generator")
                    return False
                if q.endswith(".Iterable") and isinstance(raw, (Obj, Leaf, Tensor, WeightRef)):
                    return self._iterable(raw)
                base = _builtin_base(raw)
                if base is not None:  # ``class Dims(tuple)``: Python's answer for its base
                    return issubclass(base, _OBJ_PY_TYPES.get(q, _PY_TYPES[q]))
                if isinstance(raw, Obj) and raw.cls is not None:
                    abcs = [
                        c.qual
                        for c in raw.cls.mro()
                        if isinstance(c, Ext)
                        and c.qual.startswith(("collections.abc.", "typing.", "numbers."))
                    ]
                    if q.rsplit(".", 1)[-1] in {a.rsplit(".", 1)[-1] for a in abcs}:
                        return True  # ``class Dims(collections.abc.Sequence)``: inherited
                    if any(a.rsplit(".", 1)[-1] not in ("Generic", "Protocol") for a in abcs):
                        return Unknown(f"isinstance: class {raw.cls.name} derives from {abcs[0]}")
                    reg = classtype.std_registered(self.ip, raw.cls, q)
                    if reg is not None:  # ``Sequence.register(Dims)``: a virtual subclass
                        return True if reg is True else Unknown(f"isinstance: {reg}")
                if isinstance(raw, (Obj, Leaf, Tensor, Config, WeightRef)):
                    return (
                        isinstance(raw, Config)
                        and q in ("builtins.dict", "collections.abc.Mapping")
                        and not raw.cls
                    )
                py = _PY_TYPES[q]
                return isinstance(raw, py) and not (
                    py is int and isinstance(raw, bool) and q == "numbers.Integral" and False
                )
            if getattr(raw, "_enum_member", False) and q.startswith("enum."):
                # a member of an enum read from source (a str/int mix-in member is also a str)
                return q == "enum.Enum" or any(
                    isinstance(c, Ext) and c.qual == q for c in raw.cls.mro()
                )
            if q in ("enum.EnumMeta", "enum.EnumType") and isinstance(raw, (Cls, *_PLAIN_TYPES)):
                return enums.is_enum(raw)  # ``isinstance(supported, enum.EnumMeta)``
            abc = _abc_class(q)
            if abc is not None and getattr(raw, "single_pass", False):
                # an iterator (interp/tuplesub.py ``Once``, a list to the analyzer only): the
                # answer of CPython's iterators (an Iterator, Hashable; no Sized, Container)
                if q.rsplit(".", 1)[-1] in ("Generator", "Reversible"):
                    return Unknown(f"isinstance of an iterator against {q}")
                return isinstance(iter(()), abc)
            if abc is not None and isinstance(raw, _PLAIN_TYPES):
                return isinstance(raw, abc)  # ``isinstance(opt, Hashable)``: Python's own answer
            if q in dunders.NN_MODULE:
                return is_module(raw)
            if q in ("torch.nn.Parameter", "torch.nn.parameter.Parameter") and isinstance(
                raw, Tensor
            ):
                # a buffer / a plain tensor is no Parameter (``isinstance(self.b, nn.Parameter)``
                # was True); a tensor subclass's instance: not decided here
                return True if raw.param else (Unknown("isinstance") if raw.cls else False)
            if q in ("torch.Tensor", "torch.nn.Parameter"):
                return isinstance(raw, (Tensor, WeightRef))
            if q.rsplit(".", 1)[-1] in ("PreTrainedConfig", "PretrainedConfig"):
                return isinstance(raw, Config)
            if isinstance(raw, Obj) and raw.cls is not None:
                if any(isinstance(c, Ext) and c.qual == q for c in raw.cls.mro()):
                    return True
                got = self._torch_subclass(raw.cls, q)
                if isinstance(got, Unknown) and _torch_module_mro(raw.cls, q):
                    return False
                return got
            if isinstance(raw, (Leaf, Obj)):  # a catalogue layer, or a container
                tq = raw.torch if isinstance(raw, Leaf) else raw.qual
                if tq == q:
                    return True
                cls = self.library.torch_class(tq) if tq and tq.startswith("torch.nn.") else None
                if cls is not None:
                    return self._torch_subclass(cls, q)
                return self._shipped_subclass(tq, q)
            if isinstance(raw, _PLAIN_TYPES):
                return False
            return Unknown("isinstance")
        if isinstance(t, Cls):
            meta = self._instancecheck(raw, t)
            if meta is not None:
                return meta[0]
            got = self._cls_isinstance(raw, t)
            if got is True and not classtype.may_deny(self.ip, t):
                return True  # a real subclass is an instance unless a hook may deny it
            hook = classtype.virtual_hook(self.ip, t)
            if hook is None:
                return got
            if isinstance(hook, str):
                return Unknown(f"isinstance: {hook}")
            if not hook:
                return got
            # ``abc.ABCMeta``: a class registered on ``t`` (or a subclass) and its subclasses
            busy = self.ip.__dict__.setdefault("_dc_abc_asking", [])
            if any(c is t for c in busy):
                return Unknown(f"isinstance: registrations of {t.name} form a cycle")
            busy.append(t)
            try:
                return self.isinstance(x, hook)
            finally:
                busy.pop()
        return Unknown("isinstance")

    def _instancecheck(self, raw: Any, t: Cls) -> tuple | None:
        """``(answer,)`` of ``isinstance(raw, t)`` where ``type(t)`` is a metaclass read from
        source whose MRO defines ``__instancecheck__`` in source: CPython answers True for an
        instance whose type is ``t`` itself without asking, else calls
        ``type(t).__instancecheck__(t, raw)`` and takes its truth (unknown where the answer is
        not a plain value). None where no such metaclass hook applies."""
        meta = classtype.class_type(self.ip, t)
        if not isinstance(meta, Cls):
            return None
        ok, fn, where = self.classes.mro_attr(meta, "__instancecheck__")
        if not ok or not isinstance(fn, Func) or not isinstance(where, Cls):
            return None
        if isinstance(raw, Obj) and raw.cls is t:
            return (True,)
        got = plain(self.calls.call_func(self.attrs.bind(fn, t), [raw], {}))
        if got is None or isinstance(got, (bool, int, float, str)):
            return (bool(got),)
        return (Unknown(f"isinstance: {meta.name}.__instancecheck__ answered a value not known"),)

    @staticmethod
    def _cls_isinstance(raw: Any, t: Cls) -> bool:
        """``isinstance(raw, t)`` by ``t``'s place in the instance's class MRO alone."""
        if isinstance(raw, Obj) and raw.cls is not None:
            return t in raw.cls.mro()
        if isinstance(raw, Tensor) and isinstance(raw.cls, Cls):  # interp/tensorsub.py
            return t in raw.cls.mro()
        if isinstance(raw, Config):
            return raw.cls is not None and t in raw.cls.mro()
        return False

    def _builtin_callable(self, raw: Any, q: str) -> Any:
        """``isinstance(fn, type(sum))`` (gin's ``_ensure_wrappability``): a builtin named by
        the analyzer is asked of CPython; a function, class or instance read from source, a
        torch layer, a tensor or a plain value is never one (CPython lets no class subclass
        these types); anything else (a library's callable) is unknown."""
        t = BUILTIN_CALLABLE_TYPES[q[len("builtins.") :]]
        got = builtin_callable_type(raw)
        if got is not None:
            return got is t
        if getattr(type(raw), "library_type", None) == q:  # tensorinit's ``method-wrapper``
            return True
        if isinstance(raw, (Func, Cls, Obj, Leaf, Tensor, WeightRef, Config, *_PLAIN_TYPES)):
            return False
        if is_class(raw) is True:  # a class (``nn.ReLU``) is an instance of its metaclass
            return False
        return Unknown("isinstance of a builtin callable type")

    def _iterable(self, raw: Any) -> Any:
        """``isinstance(x, Iterable)`` of a module or tensor: Python asks for ``__iter__``.
        torch's containers and tensors define it, ``nn.Module`` does not; a class read from
        source may (a ``ModuleList`` subclass was read as not iterable: a confident wrong
        branch)."""
        if isinstance(raw, (Tensor, WeightRef)):
            return True
        if isinstance(raw, Leaf):
            return False  # a catalogue layer: an ``nn.Module`` without ``__iter__``
        if raw.kind in torchlib.CONTAINERS:
            return True
        if raw.cls is not None:
            ok, _, where = self.classes.mro_attr(raw.cls, "__iter__")
            if ok and isinstance(where, Cls):
                return True
            if any(
                isinstance(c, Ext) and c.qual.rsplit(".", 1)[-1] in torchlib.CONTAINERS
                for c in raw.cls.mro()
            ):
                return True
            if all(
                isinstance(c, Cls) or (isinstance(c, Ext) and c.qual in MODULE_BASES)
                for c in raw.cls.mro()
            ):
                return False
        return Unknown("isinstance Iterable")

    def _torch_subclass(self, cls: Cls, q: str) -> Any:
        """Is ``cls`` (user code or torch's own source) a subclass of torch class ``q``?

        Decided when its MRO is visible: classes read from source, torch classes read from
        torch's source, and framework bases outside ``torch.nn`` (``nn.Module`` itself,
        ``PreTrainedModel``, mixins), which are no torch layer.
        """
        if not q.startswith("torch.nn."):
            return Unknown("isinstance")
        short = q.rsplit(".", 1)[-1]
        for c in cls.mro():
            if isinstance(c, Cls):
                if c.name == short and c.mod.name.startswith("torch."):
                    return True
            elif (
                isinstance(c, Ext) and c.qual.startswith("torch.nn.") and c.qual not in MODULE_BASES
            ):
                sub = self.library.torch_class(c.qual)
                found = (
                    self._torch_subclass(sub, q)
                    if sub is not None
                    else self._shipped_subclass(c.qual, q)
                )
                if found is not False:
                    return found
        return False

    @staticmethod
    def _shipped_subclass(tq: str | None, q: str) -> Any:
        """Is torch class ``tq`` a subclass of ``q`` by the table shipped for machines without
        torch's source (``tools/gen_torch_signatures.py``: torch's own MROs, checked against the
        installed torch in the tests)? Unknown for a class the table does not hold."""
        if not tq or not tq.startswith("torch.nn.") or not q.startswith("torch.nn."):
            return Unknown("isinstance")
        mro = torchlib.shipped_mro(tq)
        if mro is None:
            return Unknown("isinstance")
        return q.rsplit(".", 1)[-1] in mro

    def _own_getattr_has(self, obj: Obj, name: str) -> Any:
        """``hasattr`` of a name the object and its class lack, where a class read from
        source defines ``__getattr__``: Python calls it, and only an ``AttributeError`` it
        raises makes the answer False (a config returning 0 or None for any missing key has
        every name: ``getattr(cfg, "extra", 5)`` is 0). None: no such hook (the caller's
        answer stands)."""
        from driftcheck.parsers.source.interp.statements import Raised

        ok, fn, where = self.classes.mro_attr(obj.cls, "__getattr__")
        if not ok or not isinstance(fn, Func) or not isinstance(where, Cls):
            return None
        if where.mod.name.split(".")[0] == "torch":
            return None  # torch's own (``nn.Module.__getattr__``): modelled by the registries
        try:
            got = self.ip.calls.call_func(self.ip.attrs.bind(fn, obj), [name], {})
        except Raised as e:
            return (
                False
                if e.what.split(":")[0].split("(")[0] == "AttributeError"
                else None
                if obj.module
                else Unknown(f"hasattr: {where.name}.__getattr__ raised {e.what}")
            )
        if isinstance(plain(got), Unknown):
            # a module's hook we cannot follow (diffusers' ``ModelMixin.__getattr__`` reading
            # ``self.__dict__``): the answer stays what the registries say, as before
            return None if obj.module else Unknown(f"hasattr through {where.name}.__getattr__")
        return True

    def _property_has(self, obj: Obj, name: str) -> Any:
        """``hasattr(obj, name)`` where ``name`` is a property of its class read from source:
        the getter run; True where it returns, False where it raises ``AttributeError``."""
        from driftcheck.parsers.source.interp.statements import Raised

        try:
            got = self.attrs.getattr(obj, name)
        except Raised as e:
            return False if e.what == "AttributeError" else Unknown("hasattr of a property")
        return Unknown("hasattr of a property") if isinstance(got, Unknown) else True

    def hasattr(self, x: Any, name: Any) -> Any:
        from driftcheck.parsers.source.interp.attrs import ModRef

        raw = plain(x)
        if not isinstance(name, str) or isinstance(raw, Unknown):
            return Unknown("hasattr")
        if isinstance(raw, Config):
            return self.configs.has_config_attr(raw, name)
        if isinstance(raw, Obj):
            if any(name in d for d in (raw.attrs, raw.children, raw.params, raw.buffers)):
                return True
            if raw.cls is not None:
                from driftcheck.parsers.source.interp import propobj

                found, v, _ = self.classes.mro_attr(raw.cls, name)
                if found and isinstance(v, Func) and propobj.is_property_def(v.node):
                    # Python runs the getter: an AttributeError it raises makes hasattr False
                    # (and ``getattr(obj, name, default)`` the default); another exception
                    # goes through: unknown here
                    return self._property_has(raw, name)
                if found:
                    return True
                hook = self._own_getattr_has(raw, name)
                if hook is not None:
                    return hook
            elif raw.qual is not None:
                # a container (``nn.ModuleDict``'s ``keys``, ``nn.ParameterList``): its torch
                # class read from source (interp/leafhas.py), not "absent" for every method
                from driftcheck.parsers.source.interp.leafhas import torch_class_has
                from driftcheck.parsers.source.interp.objmodel import NN_MODULE_MEMBERS

                if name in NN_MODULE_MEMBERS:
                    return True
                if name in raw.none_keys:
                    return True  # ``ModuleList([norm, None])``: the slot is in ``_modules``
                got = torch_class_has(self.ip, raw.qual, name, recorded=not raw.unresolved)
                if got is not None:
                    return got
            return False
        if isinstance(raw, Leaf):
            from driftcheck.parsers.source.interp.leafhas import leaf_hasattr
            from driftcheck.parsers.source.interp.objmodel import NN_MODULE_MEMBERS

            return leaf_hasattr(self.ip, raw, name, NN_MODULE_MEMBERS)
        if isinstance(raw, Ext):
            from driftcheck.parsers.source.interp.leafhas import torch_class_object_has
            from driftcheck.parsers.source.interp.objmodel import NN_MODULE_MEMBERS

            got = torch_class_object_has(self.ip, raw.qual, name, NN_MODULE_MEMBERS)
            return got if got is not None else self.ext_hasattr(raw, name)
        if isinstance(raw, Tensor):
            return Unknown("hasattr")
        if isinstance(raw, Cls):
            return self.classes.mro_attr(raw, name)[0]
        if isinstance(raw, ModRef):  # a module: a name its top level binds; else not decided
            m = raw.mod
            found = m is not None and (name in m.defs or name in m.assigns or name in m.imports)
            if found:
                return True
            if m is not None and name not in self.ip.globals.get(id(m), {}):
                from driftcheck.parsers.source.importcheck import modinfo_lacks

                if modinfo_lacks(self.ip.finder, m, name):  # no way to bind it: absent
                    return False
            return Unknown("hasattr")
        if isinstance(raw, WeightRef):
            # a reference to a layer's weight (values/abstract.py): Python's hasattr on it would
            # answer for the analyzer's object, not for the Parameter it stands for (attributes
            # can be set on Parameters, e.g. mup's ``infshape``)
            return Unknown("hasattr")
        own = getattr(type(raw), "library_hasattr", None)
        if own is not None:  # a library value that answers for itself (library/astnodes.py)
            return own(raw, name)
        return hasattr(raw, name)

    def ext_hasattr(self, mod: Ext, name: str) -> Any:
        """``hasattr(m, name)`` on a library module we do not interpret (``hasattr(nn, "SiLU")``):
        the torch tables shipped with driftcheck (the same with and without torch), else the
        module's source on disk (True when it binds the name, False when it cannot hold it)."""
        from driftcheck.parsers.source.importcheck import module_lacks

        if mod.qual == "torch.nn" and torchlib.is_nn_class(f"torch.nn.{name}"):
            return True
        ns = torchlib.namespace(mod.qual)
        if ns is not None:
            return name in ns
        names = module_names(self.ip.finder, mod.qual)
        if names is not None and name in names:
            return True
        if names is None and self.ip.finder.find(mod.qual) is None:
            shipped = torchlib.shipped_dir(mod.qual)  # torch not installed: the shipped dir()
            if shipped is not None:
                return name in shipped
        if module_lacks(self.ip.finder, mod.qual, name):
            return False
        return Unknown("hasattr")

    def copy_hook(self, raw: Any, own: str) -> tuple[str, Any] | None:
        """How ``copy.copy`` (``own="__copy__"``) / ``copy.deepcopy`` (``"__deepcopy__"``)
        copies an object of a class read from source, as CPython's copy module asks: the
        class's own hook first (``("call", method)``); else a pickle protocol hook
        (``__reduce_ex__``, ``__reduce__``, ``__getstate__``, ``__setstate__``...) that makes
        the copy the class's own way (``("refuse", name)``: not followed); None where the
        default copy (the instance's ``__dict__`` copied) is what Python does."""
        if not isinstance(raw, Obj) or not isinstance(raw.cls, Cls):
            return None
        ok, fn, where = self.classes.mro_attr(raw.cls, own)
        if ok and isinstance(where, Cls):
            return ("call", fn) if isinstance(fn, Func) else ("refuse", own)
        got = reducecopy.hook(self.ip, raw)  # copyreg's dispatch table (interp/reducecopy.py)
        if got is not None:
            return got
        for name in copyhooks.PICKLE_HOOKS:
            ok, fn, where = self.classes.mro_attr(raw.cls, name)
            if ok and isinstance(where, Cls):
                if reducecopy.plain_reducible(self.ip, raw):
                    return ("reduce", None)  # a plain object: rebuilt by its reduce protocol
                return ("refuse", name)
        return None

    def copy_value(self, v: Any) -> Any:
        raw = plain(v)
        hook = self.copy_hook(raw, "__copy__")
        if hook is not None:
            return copyhooks.run_copy(self.ip, raw, hook)
        if isinstance(raw, Config):
            return Config(
                dict(raw.fields),
                dict(raw.aliases),
                raw.origin,
                dict(raw.lines),
                raw.cls,
                raw.prefix,
            )
        if isinstance(raw, (list, dict)):
            return type(raw)(raw)
        if type(raw) is set:  # a set is mutable too: ``copy.copy(self.LAZY_ATTRS)`` per instance
            return set(raw)
        if isinstance(raw, (Obj, Leaf)) and (isinstance(raw, Leaf) or raw.module):
            # ``copy.copy(module)``: a twin sharing its parameters and children (modcopy.py)
            from driftcheck.parsers.source.library.modcopy import shallow_copy_module

            return shallow_copy_module(raw)
        if isinstance(raw, Obj) and not raw.kind and not raw.children and not raw.params:
            # ``copy.copy(obj)`` of a plain object: a new instance whose ``__dict__`` holds the
            # same values (its lists shared with the original, as Python's copy leaves them:
            # a deep clone here kept ``b.widths.append(16)`` off ``a``, a confident wrong);
            # a dict subclass's items copied one level (``__reduce_ex__`` rebuilds them)
            out = Obj(cls=raw.cls, module=False, attrs=dict(raw.attrs), loc=raw.loc, qual=raw.qual)
            if isinstance(raw.attrs.get("__items__"), dict):
                out.attrs["__items__"] = dict(raw.attrs["__items__"])
            if userlist.is_userlist(raw) and isinstance(raw.attrs.get("data"), list):
                out.attrs["data"] = list(raw.attrs["data"])  # UserList.__copy__: ``data[:]``
            return out
        if isinstance(raw, (Obj, Leaf)):
            return self.clone_module(raw)
        return v

    def deep_copy_value(self, v: Any, memo: dict[int, Any] | None = None, top: bool = False) -> Any:
        """``copy.deepcopy(v)``: lists, dicts, sets and tuples copied all the way down, so a
        list of configs or layers copied and then changed leaves the original alone (a shallow
        copy shared the inner lists and layers: one layer counted once where torch has two);
        an object shared inside ``v`` stays shared in the copy, as Python's memo keeps it.
        Anything else as ``copy_value``."""
        if memo is None or top:
            memo = {} if memo is None else memo
            out = self.deep_copy_value(v, memo)
            clonetie.retie(memo)  # ties inside the copy, to the copy (interp/clonetie.py)
            return out
        raw = plain(v)
        if id(raw) in memo:
            return memo[id(raw)]
        t = type(raw)
        if t is list:
            out: Any = []
            memo[id(raw)] = out
            out.extend(self.deep_copy_value(x, memo) for x in raw)
        elif t is dict:
            out = {}
            memo[id(raw)] = out
            for k, x in raw.items():
                out[k] = self.deep_copy_value(x, memo)
        elif t is set:
            out = set(raw)  # items are hashable: atoms, or objects compared by identity
        elif t is tuple:
            items = tuple(self.deep_copy_value(x, memo) for x in raw)
            out = raw if all(a is plain(b) for a, b in zip(items, raw)) else items
        elif isinstance(raw, (Obj, Leaf)):
            out = self.clone_module(raw, memo)
        elif t is reducecopy.Reduced:  # loaded by pickle: rebuilt (interp/reducecopy.py)
            out = reducecopy.rebuild(self.ip, raw, memo)
        elif getattr(t, "library_deepcopy", None) is not None:
            out = raw.library_deepcopy()  # a library value with state (arrays.RandomGenerator)
        else:
            return self.copy_value(v)
        memo[id(raw)] = out
        return out

    def clone_module(self, m: Any, memo: dict[int, Any] | None = None) -> Any:
        """``copy.deepcopy(layer)``: a distinct module with the same structure. As Python's
        deepcopy memo does, a module or parameter met twice in the tree is one copy, and a
        weight tied inside the tree (``lm_head.weight = emb.weight``) is tied to the copy's own
        (tied to the original, the copy's embedding was counted again); a weight tied to a
        module outside the tree is a parameter of the copy's own, as torch deep-copies it."""
        top = memo is None
        memo = {} if memo is None else memo
        out = self._clone(m, memo)
        if top:
            clonetie.retie(memo)
        return out

    def _clone(self, m: Any, memo: dict[int, Any]) -> Any:
        if id(m) in memo:
            return memo[id(m)]
        mode = self.__dict__.get(reducecopy.MODE)
        if mode is None:
            hook = self.copy_hook(m, "__deepcopy__")
        else:  # pickle's snapshot or load: no copy hook asked (interp/reducecopy.py)
            hook = reducecopy.pickle_hook(self.ip, m) if mode == "dumps" else None
            if hook is not None and hook[0] == "reduce":
                return reducecopy.snapshot(self.ip, m, hook[1], memo)
        if hook is not None:
            got = copyhooks.run_deepcopy(self.ip, m, hook, memo, self._clone_new)
            memo[id(m)] = got
            return got
        out = self._clone_new(m, memo)
        memo[id(m)] = out
        clonetie.note(memo, m, out)
        return out

    def _clone_new(self, m: Any, memo: dict[int, Any]) -> Any:
        if isinstance(m, Leaf):
            leaf = Leaf(
                m.type,
                dict(m.params),
                m.loc,
                m.torch,
                dict(m.param_keys),
                list(m.unresolved),
                wnorm=dict(m.wnorm),
                gone=list(m.gone),
            )
            for path, items in m.owned.items():  # a parametrization's own: copied too
                leaf.owned[path] = [
                    (n, Tensor(p.shape, param=True) if isinstance(p, Tensor) else p)
                    for n, p in items
                ]
                if any(not isinstance(p, Tensor) for _, p in items):
                    leaf.unresolved.append(f"deep copy of {path} holding a layer: not followed")
            fwdhooks.after_clone(m, leaf)
            return leaf
        new = Obj(
            cls=m.cls, module=m.module, attrs=dict(m.attrs), loc=m.loc, kind=m.kind, qual=m.qual
        )
        memo[id(m)] = new  # a child holding its parent (a back reference) finds this copy
        for k, v in m.attrs.items():
            if type(plain_bare(v)) in _DEEP:
                # the instance's own lists / dicts / objects are copied too, as Python's
                # deepcopy copies ``__dict__`` (shared, ``c.widths.append(32)`` on the copy
                # changed the original: a confident wrong count)
                new.attrs[k] = self.deep_copy_value(v, memo)
        new.children = {k: self._clone(c, memo) for k, c in m.children.items()}
        new.none_keys = list(m.none_keys)
        new.params = {k: clonetie.param(memo, p, new, k) for k, p in m.params.items()}
        new.buffers = dict(m.buffers)
        new.unresolved = list(m.unresolved)
        fwdhooks.after_clone(m, new)  # forward hooks go with the copy, rebound
        return new


def is_class(v: Any) -> Any:
    """``isinstance(v, type)``: True for classes read from source and library classes known to
    be classes, False for instances, functions and plain values, else unknown."""
    if isinstance(v, (Cls, ExtClass)):
        return True
    if isinstance(v, NotAClass):
        return False
    if v.__class__ is Ext and v.qual.startswith("torch.nn.") and "functional" not in v.qual:
        from driftcheck.graph import catalogue

        short = v.qual.rsplit(".", 1)[-1]
        if short[:1].isupper() and catalogue.get(short) is not None:
            return True  # a torch layer class of the catalogue (``inspect.isclass(nn.SiLU)``)
    if isinstance(v, (Unknown, Ext)):
        return Unknown("isinstance(x, type)")
    return False


_DEEP = (list, dict, set, tuple, Obj)  # attribute values a deep copy copies (``_clone_new``)
_NO_ITER = object()  # the class defines no ``__iter__`` of its own
_MAX_ITER_DEPTH = 8
_MAX_NEXT = 4096  # items a user iterator's ``__next__`` is called for (then unknown)
# what ``iter()`` of a known list / tuple / range / string makes (library/pybuiltins.py)
_FINITE_ITERATORS = tuple(
    type(iter(x)) for x in ([], (), range(0), "", {}.keys(), {}.values(), {}.items())
) + (type(itertools.tee(())[0]),)  # library/stdlib.py ``tee`` copies only finite iterators


_STRUCTURAL_TOPS = frozenset(
    ("builtins", "collections", "typing", "typing_extensions", "abc", "numbers", "types")
)


def _torch_module_mro(cls: Cls, q: str) -> bool:
    """Whether an instance of ``cls`` is known not to be an instance of the class ``q`` from
    outside ``torch.nn``: every class in its MRO is read from source (so listed) or is a
    ``torch.nn`` class or ``object``, and none is ``q``. torch's layer classes derive from
    ``nn.Module`` (and mixins of ``torch.nn``) only, so ``q`` cannot be hidden in their MROs
    (skorch's ``to_device(X)`` asks ``isinstance(X, torch.distributions.Distribution)`` of a
    user module; unknown before, so the call returned under an undecided condition)."""
    if q.startswith("torch.nn.") or q.split(".")[0] in _STRUCTURAL_TOPS:
        # ``collections.abc.Iterable`` and the like check structure (a ``ModuleList``
        # subclass is iterable); ``object`` and the builtins: not decided here
        return False
    for c in cls.mro():
        if isinstance(c, Cls):
            continue
        if not isinstance(c, Ext):
            return False
        if c.qual == "builtins.object":
            continue
        if not (c.qual.startswith("torch.nn.") and "functional" not in c.qual):
            return False
    return True


def _candidates(raw: Any) -> list | None:
    """What ``raw[k]`` may be for a ``k`` not known: the values of a dict, list or tuple, the
    children of a module list / dict; None for anything else."""
    if isinstance(raw, dict):
        return list(raw.values())
    if isinstance(raw, (list, tuple)):
        return list(raw)
    if isinstance(raw, Obj) and raw.kind in ("ModuleList", "Sequential", "ModuleDict"):
        return list(raw.children.values())
    return None


def _past_run(raw: list | tuple, k: Any) -> Any:
    """``xs[k]`` of a list holding a run of unknown length (values/abstract.py): an index
    before the first run, or a negative one inside the items after the last, is known;
    at or past a run (or a slice, an unknown index) it is not."""
    runs = [i for i, x in enumerate(raw) if x.__class__ is UnknownRun]
    if isinstance(k, int) and not isinstance(k, bool):
        if 0 <= k < runs[0]:
            return raw[k]
        if k < 0 and -k < len(raw) - runs[-1]:
            return raw[k]
    return Unknown(f"item of a list holding {raw[runs[0]].why}")
