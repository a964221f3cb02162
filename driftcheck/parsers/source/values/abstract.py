"""Abstract values of the source interpreter.

Plain Python constants (int, float, str, bool, None) and containers (tuple, list, dict) stand
for themselves. Everything else the analyzed code can hold is one of the classes below:
``Unknown`` (anything the interpreter cannot know -- it poisons arithmetic instead of being
guessed), ``Ext`` (a name from a library we do not interpret, by qualified name), user
classes / functions / instances, torch layers (``Leaf``), module containers, tensors with a
(maybe unknown) shape and config objects whose fields carry where each value came from.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from driftcheck.parsers.source.loader import ModInfo


class Unknown:
    """A value the interpreter could not compute; ``why`` says what it came from."""

    __slots__ = ("why", "called")

    def __init__(self, why: str = "", called: str | None = None) -> None:
        self.why = why
        # the qualified name of the library function whose call gave this value, where it
        # is known (library/machine.py): code that needs it reads this, never ``why``'s
        # text, so rewording a note changes no verdict (session 39, ``called_of``)
        self.called = called

    def __repr__(self) -> str:
        return f"Unknown({self.why})"

    def __bool__(self) -> bool:  # pragma: no cover - callers must test with is_unknown
        raise TypeError("truth value of Unknown")


def called_of(v: Any, prefix: str = "") -> str | None:
    """The qualified name of the library function whose unmodelled call gave ``v``, a plain
    ``Unknown`` (not a subclass), where it starts with ``prefix``; None otherwise."""
    if v.__class__ is not Unknown:
        return None
    q = getattr(v, "called", None)
    return q if isinstance(q, str) and q.startswith(prefix) else None


class UnknownState(Unknown):
    """An unknown because code the import ran may have changed it (a class attribute or module
    global read lazily, interp/classtype.py ``state_at_import``, interp/modglobals.py); a read
    of the launch's environment is an ``UnknownRead`` (session 35): a layer built from it names this reason (the construct and its
    file:line) in its note, not only the argument (library/torchlib.py); ``int`` / ``float``
    / ``len``... of it keep the reason (library/pybuiltins.py ``_STATE_KEPT``)."""

    __slots__ = ()


class UnknownModule(Unknown):
    """The result of constructing a class we cannot see (an unresolvable import): it may
    well be a layer with weights, so assigning it to a module registers an Unknown layer."""

    __slots__ = ("qual",)

    def __init__(self, qual: str) -> None:
        super().__init__(f"instance of {qual}")
        self.qual = qual


class UnknownNumber(Unknown):
    """A number whose value is unknown, known to be a plain number (an item of
    ``np.random.permutation(n)``): a list of them has a known shape as tensor data."""

    __slots__ = ()


class ObjId(UnknownNumber):
    """``id(x)``: a number whose value is unknown, known to be the identity of ``x`` (the
    object itself, ``target``): a ``copy.deepcopy`` memo seeded ``{id(x): x}`` reads it
    (interp/copyhooks.py). Anything else sees an unknown number, as before."""

    __slots__ = ("target",)

    def __init__(self, target: Any) -> None:
        super().__init__("id")
        self.target = target


class UnknownPlain(Unknown):
    """A value whose value is unknown but that is never an ``nn.Module`` or ``nn.Parameter``:
    a name an undecided ``if`` binds to a device in one branch and a tensor in the other.
    Stored on a module it is not a layer that may be missed (interp/opaque.py)."""

    __slots__ = ()


class UnknownStr(UnknownPlain):
    """A ``str`` whose text is unknown (a class body's ``__module__``: the importing name):
    ``isinstance`` decides it as a string (interp/items.py), anything else sees an unknown."""

    __slots__ = ()


class UnknownContainer(Unknown):
    """An unknown plain container: a list / dict / set a statement we did not interpret changed
    in place, a dict either branch of an undecided ``if`` leaves, what ``vars()`` returns where
    we cannot read it. Stored on a module it is never registered (torch registers modules and
    parameters, not containers); an item of it may be a layer (``interp/opaque.py`` reads this
    type, not the reason text: session 36, hygiene36)."""

    __slots__ = ()


class UnknownRead(UnknownPlain):
    """A value read from outside the program, never a layer: ``os.environ.get(K, D)`` /
    ``os.getenv(K, D)`` in the analyzed code, a string the launch may set or the plain default
    ``D`` (library/stdlib.py ``_env_default``; session 35). Unlike ``UnknownState`` it says
    nothing about state the import changed: stored on a module it is no layer that may be
    missed. Its ``why`` names the read and its file:line; a layer sized from it carries that
    in its note (library/torchlib.py) and ``int`` / ``float`` / ``len``... of it keep it
    (library/pybuiltins.py ``_STATE_KEPT``)."""

    __slots__ = ()


class EnvUnset(UnknownRead):
    """``os.environ.get(K)`` with no default (or a ``None`` one) in the analyzed code under
    ``--assume-env-defaults`` (session 38): still unknown as a value (``int(...)`` of it, a
    size built from it: the code expects ``K`` set), but on the clean environment the flag
    assumes it is None, so its truth is False (``interp/exprs.py truth_of``: ``os.environ.get(
    "HIDDEN") or 64`` is 64, ``if os.environ.get("USE_BIAS"):`` not taken), with a note naming
    ``key`` at ``where`` when that is read."""

    __slots__ = ("key", "where")

    def __init__(self, why: str, key: str, where: str) -> None:
        super().__init__(why)
        self.key = key
        self.where = where


class UnknownDescriptor(Unknown):
    """A class attribute known to be a data descriptor whose ``__set__`` is not followed
    (``w = property(get, set)``): an instance write goes through it, not into a plain store
    (interp/propset.py)."""

    __slots__ = ()


class UnknownRun(Unknown):
    """Items of a list or deque we cannot count: ``xs.extend(v)`` (``extendleft``) with ``v``
    not enumerable adds a run of unknown length (none, one or many items), held in place as
    this one marker. Readers honour it: iterating the list, ``len()``, ``in``, an index at or
    past the run and unpacking are unknown (a loop over it is a loop we cannot enumerate);
    one unknown item there was a length we claimed (20 parameters for torch's 40)."""

    __slots__ = ()


def has_run(v: Any) -> bool:
    """A list/tuple/deque holding an unknown run (``UnknownRun``)."""
    # ``in`` over the items' types runs in C (len() reads this on every call)
    return isinstance(v, (list, tuple)) and UnknownRun in map(type, v)


def is_unknown(v: Any) -> bool:
    return isinstance(v, Unknown)


@dataclass(eq=False)
class Ext:
    """A name from code we do not interpret (torch, math, transformers utilities...)."""

    qual: str

    def attr(self, name: str) -> Ext:
        return Ext(f"{self.qual}.{name}")


@dataclass(eq=False)
class ExtClass(Ext):
    """A class of code we do not interpret, known to be a class: a row of a library module's
    namespace (``vars(torch.nn.modules.activation)``); ``module`` when it derives from
    ``nn.Module``. It is called and read as its ``Ext``; ``__name__`` is its own name."""

    module: bool = False

    def attr(self, name: str) -> Any:
        if name == "__name__":
            return self.qual.rsplit(".", 1)[-1]
        return Ext(f"{self.qual}.{name}")


class NotAClass(Unknown):
    """A name of a library module's namespace known not to be a class (a function, a module,
    a constant): any use is unknown, but ``isinstance(v, type)`` is False."""

    __slots__ = ()


# a class's namespace key (no Python name can be it): a ``setattr`` wrote some name of it we
# could not compute (library/python.py ``_setattr``), so every name of it reads as unknown
UNNAMED_SETATTR = "\0unnamed setattr"
# a function's closure key (no Python name can be it) holding what ``functools.wraps`` /
# ``update_wrapper`` made it wrap: its ``__wrapped__``, ``__name__``, ... (library/stdlib.py)
WRAPPED = "\0wrapped"
# the names written on a class after its body ran (``Klass.x = v``, ``setattr``): a set, under
# a key no Python name can be (interp/attrs.py writes it, library/classvars.py reads it)
CLASS_WRITES = "\0class writes"


@dataclass(eq=False)
class Cls:
    """A class defined in analyzed source."""

    name: str
    mod: ModInfo
    node: ast.ClassDef
    bases: list[Any] = field(default_factory=list)
    ns: dict[str, Any] = field(default_factory=dict)  # class-level names, evaluated lazily
    evaluated: bool = False
    # ``mro()``'s answer, kept off ``ns``: a class's namespace holds only the names its body
    # binds (``vars(C)``, ``C.__mro__`` read ``ns``; a cache there answered for them)
    mro_cache: list[Any] | None = field(default=None, repr=False)

    @property
    def qual(self) -> str:
        return f"{self.mod.name}.{self.name}"

    def mro(self) -> list[Any]:
        """Python's C3 linearisation (an ``Ext`` base is a leaf: its own bases are unseen).

        Depth-first order is wrong for diamonds through mixins: ``ForTDT(TDTMixin, ForRNNT)``
        with ``TDTMixin -> RNNTMixin -> GenerationMixin`` must reach ``ForRNNT.__init__``
        before the framework's GenerationMixin. Inconsistent hierarchies fall back to
        depth-first, left to right."""
        if self.mro_cache is not None:
            return self.mro_cache
        self.mro_cache = [self]  # a cycle in the bases ends here
        out = _c3(self, 0)
        self.mro_cache = out
        return out


def _c3(c: Any, depth: int) -> list[Any]:
    if not isinstance(c, Cls):
        return [c]
    if depth > 50:
        return [c]
    seqs = [b.mro() if isinstance(b, Cls) else [b] for b in c.bases]
    seqs = [list(s) for s in seqs if s] + [list(c.bases)]
    ordered = _torch_ordered(c, seqs)
    if ordered is not None:
        return ordered
    out: list[Any] = [c]
    while any(seqs):
        seqs = [s for s in seqs if s]
        head = next(
            (
                s[0]
                for s in seqs
                if not any(_key(s[0]) in map(_key, t[1:]) for t in seqs)
                and not (_key(s[0]) == _OBJECT_KEY and any(_key(t[0]) != _OBJECT_KEY for t in seqs))
            ),
            None,
        )
        if head is None:
            # Python refuses such a class statement (TypeError): the heads left, named as
            # CPython names them; importcheck reports it. Ext bases are leaves here, which
            # drops ordering constraints and so can hide a conflict but never invent one
            names: list[str] = []
            for s in seqs:
                n = s[0].name if isinstance(s[0], Cls) else s[0].qual.rsplit(".", 1)[-1]
                if n not in names:
                    names.append(n)
            c.ns["__mro_conflict__"] = names
            return _dfs(c)
        out.append(head)
        seqs = [s[1:] if _key(s[0]) == _key(head) else s for s in seqs]
    return out


def _torch_ancestors(b: Any) -> list[str] | None:
    """The qualified names of a torch.nn class's ``nn.Module`` ancestors after itself, from
    the shipped table (``nn.LSTM``: ``torch.nn.RNNBase``, ``torch.nn.Module``); None for any
    other ``Ext``."""
    if not isinstance(b, Ext) or not b.qual.startswith("torch.nn.") or "functional" in b.qual:
        return None
    from driftcheck.parsers.source.library.torchlib import shipped_mro

    tail = shipped_mro(b.qual)
    if not tail or tail[-1] != "Module":
        return None
    return [f"torch.nn.{n}" for n in tail[1:]]


def _tkey(c: Any) -> Any:
    """``_key``, with a torch.nn class named by its exported name (``torch.nn.modules.rnn.
    RNNBase`` and ``torch.nn.RNNBase`` are one class)."""
    if isinstance(c, Ext) and c.qual.startswith("torch.nn.modules."):
        q = c.qual.rsplit(".", 1)[-1]
        if _torch_ancestors(c) is not None or q == "Module":
            return ("ext", f"torch.nn.{q}")
    return _key(c)


def _torch_ordered(c: Cls, seqs: list[list[Any]]) -> list[Any] | None:
    """C3 over ``seqs`` where each torch.nn base brings its shipped ancestors' order along
    (``class LSTM(RNN, nn.LSTM)`` with ``class RNN(ABC, nn.RNNBase)``: Python puts
    ``nn.LSTM`` before ``nn.RNNBase``, since ``RNNBase`` is ``LSTM``'s base; a leaf ``Ext``
    left ``RNNBase`` first, its ``__init__`` ran without a mode and the LSTM counted 0). The
    ancestors only order the classes the hierarchy names: the answer holds the same entries
    as the plain linearisation. None when no torch.nn base has ancestors to add, or when the
    ordered merge fails (the plain one then answers, as before)."""
    named: dict[Any, Any] = {}
    for s in seqs:
        for x in s:
            named.setdefault(_tkey(x), x)
    grown = False
    ext: list[list[Any]] = []
    for s in seqs:
        t: list[Any] = []
        for x in s:
            t.append(x)
            anc = _torch_ancestors(x)
            if anc and any(("ext", q) in named for q in anc):
                grown = True
                t.extend(Ext(q) for q in anc)
        ext.append(t)
    if not grown:
        return None
    # an ancestor added to one sequence must keep its place there only: drop repeats
    seqs = []
    for t in ext:
        seen: set[Any] = set()
        u = []
        for x in t:
            if _tkey(x) not in seen:
                seen.add(_tkey(x))
                u.append(x)
        seqs.append(u)
    out: list[Any] = [c]
    while any(seqs):
        seqs = [s for s in seqs if s]
        head = next(
            (
                s[0]
                for s in seqs
                if not any(_tkey(s[0]) in map(_tkey, t[1:]) for t in seqs)
                and not (
                    _tkey(s[0]) == _OBJECT_KEY and any(_tkey(t[0]) != _OBJECT_KEY for t in seqs)
                )
            ),
            None,
        )
        if head is None:
            return None
        k = _tkey(head)
        if k in named:
            out.append(named[k])
        seqs = [s[1:] if _tkey(s[0]) == k else s for s in seqs]
    return out


# ``object`` ends every class's linearisation: an ``Ext`` base is a leaf here, so its own
# ``object`` is unseen, and ``class R(object)`` mixed before ``nn.Sequential``
# (``class RS(R, nn.Sequential)``) put ``object`` before ``Sequential``: its ``__init__`` was
# ``object``'s and the container came out empty (pfrl's ``RecurrentSequential``: 0 parameters).
# ``object`` is taken as a head only once no other class is left, as in CPython.
_OBJECT_KEY = ("ext", "builtins.object")


def _key(c: Any) -> Any:
    """One identity per class: an ``Ext`` base is named by its qualified name."""
    return ("ext", c.qual) if isinstance(c, Ext) else id(c)


def _dfs(c: Cls) -> list[Any]:
    out: list[Any] = []
    seen: set[int] = set()

    def visit(x: Any, depth: int) -> None:
        if id(x) in seen or depth > 50:
            return
        seen.add(id(x))
        out.append(x)
        if isinstance(x, Cls):
            for b in x.bases:
                visit(b, depth + 1)

    visit(c, 0)
    return out


@dataclass(eq=False)
class Func:
    """A function or method defined in analyzed source, with its defining scope."""

    node: ast.FunctionDef | ast.Lambda
    mod: ModInfo
    closure: dict[str, Any] | None = None
    owner: Cls | None = None  # the class it is defined in (for super())
    bound: Any = None  # the instance for a bound method
    is_static: bool = False
    is_classmethod: bool = False

    @property
    def name(self) -> str:
        return getattr(self.node, "name", "<lambda>")


@dataclass(eq=False)
class Obj:
    """An instance of a user class. ``module`` when it derives from ``nn.Module``.

    ``children`` holds sub-modules in registration order (as torch's ``_modules``),
    ``params`` holds ``nn.Parameter`` leaves, ``attrs`` every other attribute.
    """

    cls: Cls | None
    module: bool = False
    attrs: dict[str, Any] = field(default_factory=dict)
    children: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    buffers: dict[str, Any] = field(default_factory=dict)
    loc: tuple[str, int] | None = None
    kind: str | None = None  # ModuleList / Sequential / ModuleDict / ParameterList ...
    notes: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    qual: str | None = None  # torch class qualname when interpreted from torch source
    attr_locs: dict[str, tuple[str, int]] = field(default_factory=dict)  # where attrs were set
    # keys of a container's ``None`` items (``ModuleList([norm, None])``: torch keeps the slot in
    # ``_modules``, so it counts in ``len`` and indexing); ``children`` holds modules only
    none_keys: list[str] = field(default_factory=list)


def container_values(obj: Obj) -> list[Any]:
    """A ModuleList's / Sequential's items in torch's order, ``None`` in the slots of its
    ``None`` items (``obj.none_keys``)."""
    if not obj.none_keys:
        return list(obj.children.values())
    slots = {**obj.children, **dict.fromkeys(obj.none_keys)}
    keys = list(slots)
    if all(k.isdigit() for k in keys):
        keys.sort(key=int)
    return [slots[k] for k in keys]


def param_items(obj: Obj) -> list[Any]:
    """A ParameterList's items in torch's index order: its parameters and the modules set
    in it (``setattr`` registers a module item as a submodule, torchlib.container_add)."""
    if not obj.children:
        return list(obj.params.values())
    slots = {**obj.params, **obj.children}
    keys = list(slots)
    if all(k.isdigit() for k in keys):
        keys.sort(key=int)
    return [slots[k] for k in keys]


@dataclass(eq=False)
class Leaf:
    """A catalogue layer built from a known constructor (``nn.Linear(...)``).

    ``params`` are catalogue parameters; ``param_keys`` maps a parameter to the config key
    and line it was read from; ``unresolved`` lists parameters we could not compute.
    """

    type: str
    params: dict[str, Any]
    loc: tuple[str, int] | None
    torch: str | None = None
    param_keys: dict[str, tuple[str | None, str | None, int | None]] = field(default_factory=dict)
    unresolved: list[str] = field(default_factory=list)
    tied: dict[str, tuple[Any, str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    # ``weight_norm(layer, name, dim)``: weight name -> dim; the weight is then stored as a
    # direction (its own shape) plus a magnitude (one value per slice along ``dim``)
    wnorm: dict[str, Any] = field(default_factory=dict)
    # modules torch registers on the layer beyond the catalogue's weights: a parametrization
    # that holds parameters (``parametrizations.weight.0``), by that path (interp/ownedparts.py)
    owned: dict[str, Any] = field(default_factory=dict)
    # catalogue weights torch no longer holds (``del layer._parameters["weight"]`` with the
    # layer's weights known): counted without them (interp/leafregs.py, output/builder.py)
    gone: list[str] = field(default_factory=list)
    # attribute names user code wrote on the layer (``layer.flag = 1``): ``hasattr`` is True
    # for them (interp/leafhas.py) though nothing counted changes
    written: set[str] = field(default_factory=set)
    # built with ``dtype=`` / ``factory_kwargs`` / ``**kw``, or a module cast ran on it or on a
    # module above it (``.double()``, ``.to(...)``, ``.half()``): its weights' dtype is then not
    # known to be float32, so forward's weight-dtype checks stay silent (dataflow_checks.py);
    # the dtype's canonical name (``"float64"``) where the last cast named one exactly
    # (``self.double()`` run in ``__init__``: library/modmethods.cast_call)
    cast: bool | str = False


class TensorValue:
    """The one family of tensor values; each kind has a ``shape``. Two kinds, for the two
    interpreters: ``Tensor`` (below) is a tensor ``__init__`` *makes* (a concrete, maybe
    unknown shape; a parameter or buffer with an owner, for ties and counts);
    ``dataflow_values.Tens`` is a tensor ``forward`` *passes* (the graph node that made it,
    a symbolic shape), and ``Tens.view_of`` is how ``forward`` sees a ``Tensor``."""

    __slots__ = ()
    shape: Any


@dataclass(eq=False)
class Tensor(TensorValue):
    """A tensor made in ``__init__`` (``torch.zeros(3, 4)``); shape may hold Unknowns."""

    shape: tuple[Any, ...] | Unknown
    param: bool = False  # wrapped in nn.Parameter
    owner: Any = None  # Leaf/Obj whose attribute this is (for tying)
    name: str | None = None
    cond: str | None = None  # registered under a condition we could not decide
    data: Any = None  # its values (a numpy array) when known: library/tensorvalues.py
    cls: Any = None  # an instance of a tensor subclass read from source (interp/tensorsub.py)
    attrs: dict | None = None  # attributes written on such an instance (``t.manifold = m``)
    # its dtype (``float64``, canonical) when torch fixes it without its values (a factory's
    # ``dtype=``, a cast): library/tensordtypes.py; None when unknown
    dtype: str | None = None


@dataclass(eq=False)
class WeightRef:
    """``module.weight``: a parameter of a leaf, so ``a.weight = b.weight`` can tie them."""

    owner: Any
    name: str


@dataclass(eq=False)
class Sourced:
    """A value read from a config field: the value plus the key and line it came from."""

    value: Any
    key: str | None
    file: str | None
    line: int | None


@dataclass(eq=False)
class ReadOnlyView(Sourced):
    """``types.MappingProxyType(d)`` (session 35, wildfix35): a live, read-only view of ``d``.
    Reads see ``d`` (``plain`` unwraps it, as a config field's value); an item assignment or
    ``del`` through it raises TypeError and a mutating method is an AttributeError, as CPython's
    ``mappingproxy`` (read as ``d`` itself before, a write through it changed ``d``: a
    confident wrong, fresh29 mappingproxy_readonly_fallback)."""


@dataclass(eq=False)
class Config:
    """A config object: fields by name, plus aliases (HF ``attribute_map``).

    ``origin`` names where the fields came from (a config.json path, or the config class file
    for class defaults) and ``lines`` the line of each field's default where known.
    """

    fields: dict[str, Any]
    aliases: dict[str, str] = field(default_factory=dict)
    origin: str | None = None
    lines: dict[str, int] = field(default_factory=dict)
    cls: Cls | None = None
    prefix: str = ""
    # the namespace class that made it (``argparse.Namespace``, ``types.SimpleNamespace``):
    # ``dir()`` of it is its fields plus that class's own names
    made_by: str | None = None

    def lookup(self, name: str) -> tuple[bool, Any]:
        name = self.aliases.get(name, name)
        if name in self.fields:
            return True, self.fields[name]
        return False, None


class Return(Exception):
    """Unwinds a function body at ``return``."""

    def __init__(self, value: Any) -> None:
        self.value = value


class Budget(Exception):
    """The analysis ran out of its step / depth / node / time budget."""


class SymBase(Sourced):
    """Base of ``symbolic.SymVal`` (a traced config number): ``graph_value`` hands one on as a
    hole instead of reading it."""

    def hole(self) -> Any:
        raise NotImplementedError


class Probe(Sourced):
    """A plain ``int`` argument of a layer construction, watched for use (see ``memo.py``).

    It travels like the int it wraps (stored, passed on, returned); the moment anything reads
    its value (``plain``, ``unwrap``) the recording it belongs to is abandoned, because the
    layer then depends on that value and cannot be reused for another one.
    """

    def __init__(self, value: Any, rec: Any, slot: int) -> None:
        super().__init__(value, None, None, None)
        self.rec = rec
        self.slot = slot

    def touch(self) -> None:
        if self.rec.active:
            raise ProbeUsed(self.rec)


class ProbeUsed(BaseException):
    """A ``Probe``'s value was read. A BaseException: no ``except Exception`` may absorb it."""

    def __init__(self, rec: Any) -> None:
        super().__init__("probe used")
        self.rec = rec


def unwrap(v: Any) -> Any:
    """Strip ``Sourced`` wrappers of ``v`` itself (not of the items it holds)."""
    while isinstance(v, Sourced):
        if v.__class__ is Probe:
            v.touch()
        v = v.value
    return v


def plain(v: Any) -> Any:
    """Strip ``Sourced`` wrappers (recursively through tuples / lists)."""
    while isinstance(v, Sourced):
        if v.__class__ is Probe:
            v.touch()
        v = v.value
    if isinstance(v, tuple):
        return tuple(plain(x) for x in v)
    if isinstance(v, list) and any(isinstance(x, Sourced) for x in v):
        return [plain(x) for x in v]
    return v


INT64 = 2**63


def graph_value(v: Any) -> Any:
    """A value as graph JSON holds it, for every place the parser puts a value into the graph
    (a layer's or op's params, a fact): ``Sourced`` wrappers stripped, containers kept (tuples
    stay tuples: the result cache tags them), and anything else the interpreter made (``Unknown``,
    a symbolic size, an object, a weight reference) becomes None, the graph's "unknown". An
    internal value left in would make ``Graph.to_json`` raise (sam2_video, zamba2...)."""
    if isinstance(v, SymBase):
        return v.hole()
    v = plain(v)
    if v.__class__ is int and not -INT64 <= v < INT64:
        return None  # no torch size or index is past int64 (torch raises "Overflow when
        # unpacking long long"); a number that big held in the graph breaks its readers
    if getattr(v.__class__, "_enum_member", False) and isinstance(v, (int, str)):
        # an enum member (``IntEnum``, ``StrEnum``): its plain value, as graph JSON holds it
        # (the matcher checks ``type(x) is int``). Other int subclasses (a template's traced
        # numbers) pass as they are: the template reads where they came from
        return next(t for t in (bool, int, float, str) if isinstance(v, t))(v)
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return type(v)(graph_value(x) for x in v)
    if isinstance(v, dict) and all(isinstance(k, str) for k in v):
        return {k: graph_value(x) for k, x in v.items()}
    return None


def is_module(v: Any) -> bool:
    return isinstance(v, Leaf) or (isinstance(v, Obj) and v.module)
