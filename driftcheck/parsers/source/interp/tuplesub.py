"""Instances of user subclasses of ``tuple`` built by their ``__new__``.

Library code describes structures as tuple subclasses whose ``__new__`` parses its argument
and ends in ``super().__new__(cls, items)``: e3nn's ``Irreps("16x0e + 8x1o")`` (a tuple of
``_MulIr(mul, Irrep(l, p))``), typed index records. Such an instance is an ``Obj`` of its class
holding its items (``attrs[ITEMS]``): the class's own methods and properties run on it as on any
object (``irreps.dim``, ``mul_ir.ir.l``), and the tuple behaviour the class does not override
(indexing, iteration and unpacking, ``len``, ``==``, truth) acts on the items. A protocol method
the class defines itself (``__eq__``, ``__len__``, ``__iter__``, ``__bool__``...) is never
replaced by the tuple's: those answers stay unknown unless the interpreter runs the method.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Cls, Ext, Func, Obj, Unknown, plain, unwrap
from driftcheck.speed import tree_memos

ITEMS = "__tuple_items__"
_TUPLE = ("builtins.tuple", "typing.Tuple")


def is_tuple_class(cls: Cls) -> bool:
    """A class read from source with ``tuple`` among its bases (not a NamedTuple)."""
    mro = cls.mro()
    return any(isinstance(c, Ext) and c.qual in _TUPLE for c in mro) and not any(
        isinstance(c, Ext) and c.qual.rsplit(".", 1)[-1] == "NamedTuple" for c in mro
    )


def namedtuple_base(cls: Cls, after: Any = None) -> Any:
    """The ``namedtuple(...)`` class among ``cls``'s bases (``class SparseFeat(namedtuple(
    "SparseFeat", [...]))``, deepctr's feature columns), after ``after`` in the MRO when
    given; None when there is none."""
    from driftcheck.parsers.source.library.stdlib import NamedTupleType

    mro = cls.mro()
    if after is not None and after in mro:
        mro = mro[mro.index(after) + 1 :]
    return next((c for c in mro if isinstance(c, NamedTupleType)), None)


def namedtuple_new(nt: Any) -> BuiltinMethod:
    """``super(SparseFeat, cls).__new__(cls, name, size, ...)``: the namedtuple's own
    ``__new__`` (fields by position or keyword, its defaults), making an instance of ``cls``
    that holds the items (tuple behaviour) and each field as an attribute (``feat.name``)."""

    def new(a: list, k: dict) -> Any:
        cls = plain(a[0]) if a else None
        if not isinstance(cls, Cls) or "**" in k or len(a) - 1 > len(nt.fields):
            return Unknown("namedtuple.__new__")
        vals: list[Any] = []
        nodef = len(nt.fields) - len(nt.defaults)
        for i, f in enumerate(nt.fields):
            if i + 1 < len(a):
                vals.append(a[i + 1])
            elif f in k:
                vals.append(k[f])
            elif i >= nodef:
                vals.append(nt.defaults[i - nodef])
            else:
                return Unknown(f"namedtuple.__new__ without {f}")
        obj = Obj(cls=cls, attrs={ITEMS: tuple(vals)})
        obj.attrs.update(zip(nt.fields, vals))
        return obj

    return BuiltinMethod(new)


def is_named_tuple(cls: Cls) -> bool:
    """``class P(NamedTuple)`` with annotated fields (``typing.NamedTuple`` directly a base)."""
    return any(isinstance(b, Ext) and b.qual == "typing.NamedTuple" for b in cls.bases)


def fields(cls: Cls) -> list[str]:
    """A NamedTuple class's fields, in order (its annotated class-body names)."""
    return [
        st.target.id
        for st in cls.node.body
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)
    ]


def items(v: Any) -> tuple | None:
    """The items of a tuple-subclass instance, or None for any other value."""
    v = plain(v)
    if isinstance(v, Obj) and ITEMS in v.attrs:
        return v.attrs[ITEMS]
    return None


def construct(ip: Any, cls: Cls, new: Func, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``cls(*args)``: its ``__new__`` run with ``cls`` first; ``__init__`` as Python calls
    it when ``__new__`` returned an instance of ``cls`` and a class read from source defines it."""
    made = ip.calls.call_func(Func(new.node, new.mod, new.closure, new.owner), [cls, *args], kwargs)
    raw = plain(made)
    if isinstance(raw, Obj) and raw.cls is not None and cls in raw.cls.mro():
        ok, init, _ = ip.classes.mro_attr(cls, "__init__")
        if ok and isinstance(init, Func):
            ip.calls.call_func(
                Func(init.node, init.mod, init.closure, init.owner, raw), args, kwargs
            )
    return made


def items_of_call(ip: Any, args: list[Any], kwargs: dict[str, Any]) -> tuple | None:
    """The items ``tuple.__new__`` gives ``cls(*args)`` (``()`` or the items of one iterable);
    None when Python would reject the call or the iterable's items are not known."""
    if kwargs or len(args) > 1:
        return None
    its = () if not args else ip.items.iterate(args[0])
    return tuple(its) if its is not None else None


def base_method(ip: Any, inst: Any, name: str) -> Any:
    """``super().<name>`` reaching ``tuple`` from a subclass's method; None when not modelled."""
    if name == "__new__":

        def new(a: list, k: dict) -> Any:
            cls = plain(a[0]) if a else None
            if not isinstance(cls, Cls) or k or len(a) > 2:
                return Unknown("tuple.__new__")
            its: Any = () if len(a) == 1 else ip.items.iterate(a[1])
            if its is None:
                return Unknown("tuple.__new__ of a value we cannot enumerate")
            return Obj(cls=cls, attrs={ITEMS: tuple(its)})

        return BuiltinMethod(new)
    mine = items(inst)
    if mine is None:
        return None
    if name == "__getitem__":
        return BuiltinMethod(lambda a, k: index(mine, a[0]) if len(a) == 1 else Unknown("index"))
    if name == "__len__":
        return BuiltinMethod(lambda a, k: len(mine))
    if name in ("__add__", "__mul__", "__rmul__"):

        def op(a: list, k: dict) -> Any:
            other = plain(a[0]) if len(a) == 1 else None
            if name == "__add__":
                its = items(other)
                its = tuple(other) if isinstance(other, (tuple, list)) and its is None else its
                return mine + its if its is not None else Unknown("tuple +")
            if isinstance(other, int) and not isinstance(other, bool) and 0 <= other <= 4096:
                return mine * other
            return Unknown("tuple *")

        return BuiltinMethod(op)
    return None


def index(mine: tuple, key: Any) -> Any:
    k = plain(key)
    if isinstance(k, bool) or not isinstance(k, (int, slice)):
        return Unknown("tuple index")
    try:
        return mine[k]
    except IndexError:
        return Unknown("tuple index out of range")


def as_value(v: Any, depth: int = 0) -> Any:
    """A comparable plain form: tuple-subclass instances (nested) as plain tuples; None when
    an item cannot be compared by value (an unknown, an object of another kind)."""
    raw = plain(v)
    its = items(raw)
    if its is not None:
        if depth > 20 or dunders.defines(raw.cls, "__eq__"):
            return None
        out = [as_value(x, depth + 1) for x in its]
        return None if any(x is None for x in out) else tuple(out)
    if isinstance(raw, (int, float, str, bool, type(None))):
        return ("v", raw)
    if isinstance(raw, (tuple, list)):
        out = [as_value(x, depth + 1) for x in raw]
        if any(x is None for x in out):
            return None
        return tuple(out) if isinstance(raw, tuple) else ("list", tuple(out))
    return None


def equal(a: Any, b: Any) -> Any:
    """``a == b`` with a tuple-subclass instance on a side (and no ``__eq__`` of its own)."""
    x, y = as_value(a), as_value(b)
    if x is None or y is None:
        return Unknown("tuple ==")
    return x == y


# ----------------------------------------------------------------------------- generators
YIELDS = "\0yields"  # a generator's frame: its state, under a key no Python name can be


class GenState:
    """What a generator function's body yields while it runs (eagerly, on the call)."""

    __slots__ = ("depth", "items", "_bad", "good")

    def __init__(self, depth: int) -> None:
        self.depth = depth  # unknown conditions already open at the call
        self.items: list[Any] = []
        self._bad: str | None = None
        # how many items were yielded before ``bad`` was first set: Python's generator
        # yields those first whatever happens after (``PrefixGen``)
        self.good = 0

    @property
    def bad(self) -> str | None:
        """Why its items are not known (None: they are)."""
        return self._bad

    @bad.setter
    def bad(self, why: str | None) -> None:
        if self._bad is None and why is not None:
            self.good = len(self.items)
        self._bad = why


class PrefixGen(Unknown):
    """A generator whose body ran to a point past which its items are not known (an endless
    ``for`` over ``itertools.count()`` cut, a ``yield`` under an unresolved condition, a
    raise), holding the items it yielded before that point, in order. An unknown to every
    reader (a loop, ``list``, ``len``...) except ``next(g)`` / ``g.__next__()``, which take
    those items one by one, as Python's generator gives them first (cuequivariance's
    ``Irrep.trivial``: ``cls.iterator().__next__()`` of an endless generator); past them,
    unknown."""

    __slots__ = ("rest",)

    def __init__(self, items: list[Any], why: str) -> None:
        super().__init__(why)
        self.rest = list(items)

    def next_item(self) -> Any:
        if self.rest:
            return self.rest.pop(0)
        return Unknown(self.why)


class Generator:
    """The result of calling a generator function whose body ran to its end with every yield
    known: a single-pass iterator over the yielded values (``for``, ``in``, ``next``, ``list``)."""

    __slots__ = ("rest", "lost", "effects", "touched")
    single_pass = True  # an iterator: truthy whatever is left (ops/operators.py ``truth``)

    def __init__(self, items: list[Any], effects: Any = None) -> None:
        self.rest = list(items)
        # a reader stopped at a point we could not tell (``any(it)`` at an unknown item): what
        # is left is unknown, so a later loop over it is an unknown loop (``take`` None)
        self.lost = False
        # (function, module globals its body changes): the body ran to its end when it was
        # called, so they hold what the last item left, not what a reader that stopped early
        # would see (``next(g)`` once: Python ran the body up to the first ``yield`` only)
        self.effects = effects
        self.touched = False

    def take(self) -> list[Any] | None:
        out, self.rest = self.rest, []
        if self.lost:
            self.touched = True  # read while a lazy reader of it is pending (lazy_inputs)
            return None
        return out


class Once(list):
    """What ``zip`` / ``map`` / ``filter`` / ``enumerate`` / ``reversed`` return: a list to the
    library's readers (``math.prod(map(int, s))``, ``"-".join(map(str, xs))`` read it as Python
    does), a single-pass iterator to the interpreter's (``for``, comprehensions, ``list()``,
    ``next``, ``in``, ``any``): a second loop over it sees nothing, as in Python."""

    single_pass = True  # truthy, equal only to itself, never a list to ``isinstance`` / ``type``
    _lost = False
    # (container, its items then): the mutable inputs (list / dict / set) as they were when the
    # iterator was made. Python's ``map`` / ``zip``... read them lazily, when drained, so an
    # input changed in between (``a.append(6)`` before ``list(z)``) makes the items made
    # eagerly here wrong: the iterator is then lost (an unknown), never those items
    watch: tuple = ()
    spent: tuple = ()  # ``watch`` as it was when drained (``take``)
    after: tuple = ()  # (single-pass input, the items it holds once this is drained)

    # a check (``names_watch``) that the names its items read (a generator expression's,
    # a mapped lambda's) hold what they held when the items were made: Python makes them as
    # the iterator is drained (``K = 3`` in between: each item reads 3)
    recheck: Any = None

    touched = False  # read while lost (``Generator.touched``)

    # what made it (``"enumerate"``, ``"zip"``, ``"chain"``...; "" not recorded) and how many
    # items it held then: ``made - len(self)`` is how many a reader took from its front
    producer = ""
    made = 0

    @property
    def taken(self) -> int:
        """How many of its items readers took so far (``for`` / ``next`` pop its front)."""
        return max(0, self.made - len(self))

    @property
    def lost(self) -> bool:  # as ``Generator.lost``; also when an input changed since
        if not self._lost and (
            (self.watch and _changed(self.watch, self.taken))
            or (self.recheck is not None and self.recheck())
            or any(src.touched for src, _ in self.after)  # an input read before this was
        ):
            self._lost = True
        return self._lost

    @lost.setter
    def lost(self, v: bool) -> None:
        self._lost = v

    @property
    def rest(self) -> list[Any]:
        if self.watch and self.lost:
            self.clear()
        return self

    @rest.setter
    def rest(self, items: list[Any]) -> None:
        self[:] = items

    def take(self) -> list[Any] | None:
        lost = self.lost
        if lost:
            self.touched = True
        k = self.taken
        out = list(self)
        self.clear()
        if not lost:
            for src, rest in self.after:  # what its single-pass inputs hold now (lazy_inputs)
                src.rest, src.lost = list(rest), False
        self.after = ()
        # drained to its end: an exhausted list iterator stays so, whatever is appended later
        # (a wrapper that drained it eagerly, ``starmap(f, zip(a, b))``, watches them instead)
        # its watch as seen by a wrapper reading it from here on (its ``k`` items taken before)
        self.spent = tuple((a, b, c, None if u is None else u[k:]) for a, b, c, u in self.watch)
        self.watch, self.recheck = (), None
        return None if lost else out


def _changed(watch: tuple, k: int = 0) -> bool:
    """Whether a watched input (``lazy_inputs``) no longer gives the items read from it eagerly,
    ``k`` items of the iterator having been taken. ``used`` (a position-aligned producer:
    enumerate / zip / map / filter / reversed / a plain generator expression over a list) maps
    ``k`` to how many items of the input Python's lazy iterator has read by then: rewriting
    those (``for i, d in enumerate(xs): xs[i] = f(d)``) changes nothing it reads later, so only
    the length and the items not yet read must be the same objects. ``used`` None (itertools
    chain and friends, dicts, sets): any change at all."""
    for now, then, prefix, used in watch:
        if used is None:  # a dict's keys, a set's items: not read by index
            if len(now) != len(then) or any(a is not b for a, b in zip(now, then)):
                return True
            continue
        try:
            j = used[k]
        except IndexError:
            j = 0
        if prefix:  # ``reversed(xs)``: reads the indices below the length it started at
            stop = len(then) - j  # the indices it reads from here on: below ``stop``
            if len(now) < stop or any(now[i] is not then[i] for i in range(stop)):
                return True
        elif len(now) != len(then) or any(now[i] is not then[i] for i in range(j, len(then))):
            return True
    return False


def _compose(outer: Any, inner: Any) -> Any:
    """``inner``'s map (its items taken -> an input's items read) seen through a wrapper whose
    map is ``outer`` (its items taken -> ``inner``'s items taken): None where either is."""
    if outer is None or inner is None:
        return None
    try:
        return tuple(inner[u] for u in outer)
    except IndexError:
        return None


_WATCHED = (list, dict, set, bytearray)


def lazy_inputs(
    out: Once,
    srcs: Any,
    read: Any = None,
    prefix: bool = False,
    left: Any = None,
    producer: str = "",
    used: Any = None,
) -> Once:
    """``out`` (a ``map`` / ``zip`` / ``filter`` / ``enumerate``... of ``srcs``, read eagerly)
    watching its inputs as Python's lazy iterator would read them: a mutable container is
    snapshotted (``Once.watch``; ``prefix``: only the items below its length now, as
    ``reversed`` reads them); a single-pass iterator was read to its end here where Python
    reads it as the result is drained, so whoever reads that iterator before ``out`` is
    drained reads an unknown point (``lost``). Drained to its end (``Once.take``), such an
    iterator holds what Python leaves in it: nothing, or for ``zip`` (``read``: the items read
    from each input) the items after those it pulled -- one past the shortest input's length
    for the inputs before the first shortest one; ``left``: the items after ``n`` read
    (``islice(it, n)``). ``producer``: what made it (recorded); ``used``: for a position-aligned
    producer, how many items of each input it has read once ``k`` of its own were taken
    (``used[k]``; ``_changed``); None (chain, islice...): any change to an input loses it."""
    watch = []
    after = []
    out.producer, out.made = producer, len(out)
    lens = [len(x) for x in read] if read is not None else None
    for i, s in enumerate(srcs):
        raw = unwrap(s)
        if isinstance(raw, ONE_SHOT):  # before lists: ``Once`` is one
            if raw is not out:
                spent = getattr(raw, "spent", ())
                watch.extend((a, b, c, _compose(used, u)) for a, b, c, u in spent)
                raw.lost = True
                if isinstance(raw, (Generator, Once)) and left is not None:
                    after.append((raw, tuple(left)))
                elif isinstance(raw, (Generator, Once)) and lens is None:
                    after.append((raw, ()))
                elif isinstance(raw, (Generator, Once)) and lens:
                    m = min(lens)
                    first = lens.index(m)
                    after.append((raw, tuple(read[i][m + 1 if i < first else m :])))
        elif isinstance(raw, _WATCHED):  # a dict's keys: what iterating it reads
            # a list / bytearray is read by index: the items read so far may be rewritten
            aligned = used if raw.__class__ in (list, bytearray) else None
            watch.append((raw, tuple(raw), prefix, aligned))
    if watch:
        out.watch = tuple(watch)
    if after:
        out.after = tuple(after)
    return out


# steps (statements run, calls made: ``ip.steps``) that draining an iterator in the statement
# that made it, or in the next one (``z = map(f, a)`` then ``ws = list(z)``), takes: within
# them nothing else ran, so what its items read cannot have changed
_SLACK = 2


def free_names(nodes: Any, bound: Any = (), key: str = "_dc_free_names") -> tuple[str, ...]:
    """The names ``nodes`` read (loads), but ``bound`` (cached on the first node, as ``key``)."""
    nodes = [n for n in nodes if n is not None]
    keep = tree_memos()  # the ``tree_memos`` switch
    got = (nodes[0].__dict__.get(key) if keep else None) if nodes else ()
    if got is None:
        seen: dict[str, None] = {}
        for node in nodes:
            for n in ast.walk(node):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in bound:
                    seen[n.id] = None
        got = tuple(seen)
        if keep:
            nodes[0].__dict__[key] = got
    return got


def _snapshot(v: Any) -> tuple:
    raw = unwrap(v)
    if raw.__class__ in (list, set, frozenset, bytearray):
        return (raw, tuple(raw))
    if raw.__class__ is dict:
        return (raw, tuple(x for kv in raw.items() for x in kv))
    if raw.__class__ is Obj:
        return (raw, tuple(x for kv in raw.attrs.items() for x in kv))
    return (raw, None)


def _same(then: tuple, now: tuple) -> bool:
    a, b = then[0], now[0]
    if a is not b:
        if a.__class__ is not b.__class__:
            return False
        if a.__class__ is Ext:
            return a.qual == b.qual
        if a.__class__ not in (int, float, str, bool, bytes, tuple, range):
            return False
        try:
            if not bool(a == b):
                return False
        except Exception:  # noqa: BLE001 -- an item whose ``==`` we cannot ask
            return False
    x, y = then[1], now[1]
    if x is None or y is None:
        return x is y
    return len(x) == len(y) and all(p is q for p, q in zip(x, y))


def names_watch(ip: Any, fr: Any, names: tuple[str, ...]) -> Any:
    """A check for ``Once.recheck``: True when, drained more than ``_SLACK`` steps after now,
    one of ``names`` (looked up in ``fr``) is bound to another value or a container / object
    it names changed its items or attributes in place. None when ``names`` is empty. Calls
    the items make are not followed here (their functions may read other state)."""
    if not names:
        return None
    look = ip.names.lookup
    then = [_snapshot(look(n, fr)) for n in names]
    made = ip.steps

    def changed() -> bool:
        if ip.steps - made <= _SLACK:
            return False
        return not all(_same(t, _snapshot(look(n, fr))) for n, t in zip(names, then))

    return changed


def func_watch(ip: Any, f: Any) -> Any:
    """``names_watch`` for the names a function of the analyzed code (a lambda handed to
    ``map`` / ``filter``) reads from outside: its closure's and its module's."""
    if not isinstance(f, Func):
        return None
    node = f.node
    a = node.args
    params = {x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if x}
    body = [node.body] if isinstance(node, ast.Lambda) else list(node.body)
    stores = {
        n.id
        for b in body
        for n in ast.walk(b)
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
    }
    from driftcheck.parsers.source.interp.exprs import Frame  # a cycle at import

    names = free_names(body, params | stores, "_dc_func_free_names")
    check = names_watch(ip, Frame(f.mod, f, f.closure), names)
    if not _has_effects(node, params | stores):
        return check
    # its calls change state outside it (``log.append(v)``): Python makes them as the iterator
    # is drained, here they were all made at ``map(...)``, so code run in between read their
    # effects early (``len(log)``: 3 where Python has 0). Drained later than ``_SLACK`` steps
    # after now: lost (unknown), as a changed name
    made = ip.steps

    def changed() -> bool:
        return ip.steps - made > _SLACK or (check is not None and check())

    return changed


def _has_effects(node: ast.AST, local: set[str]) -> bool:
    """Whether the function ``node`` changes state outside it: a ``global`` / ``nonlocal``
    statement, a container mutator called on / a store or ``del`` into / ``+=`` on a name
    that is not its own (``local``: its parameters and the names it binds). Calls it makes
    to other functions are not followed."""
    from driftcheck.parsers.source.interp.modglobals import MUTATORS  # a cycle at import

    def outer(e: Any) -> bool:
        while isinstance(e, (ast.Attribute, ast.Subscript)):
            e = e.value
        return isinstance(e, ast.Name) and e.id not in local

    for n in ast.walk(node):
        if isinstance(n, (ast.Global, ast.Nonlocal)):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            if n.func.attr in MUTATORS and outer(n.func.value):
                return True
        elif isinstance(n, (ast.Assign, ast.AugAssign, ast.Delete)):
            tgts = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
            for t in tgts:
                if isinstance(t, (ast.Attribute, ast.Subscript)) and outer(t):
                    return True
    return False


class SinglePass:
    """A library value that is its own single-pass iterator (a ``sqlite3`` cursor: rows read
    by ``for`` / ``next`` / ``fetchone`` go on from where the last read stopped). Subclasses
    give ``rest`` (the items left: a list the readers may shorten in place, or set), ``lost``
    and ``take`` (every item left, then none; None when they are not known), as
    ``Generator``'s."""

    single_pass = True  # truthy, whatever is left


# the single-pass iterators the interpreter reads by ``take`` / ``rest``
ONE_SHOT = (Generator, Once, SinglePass)

LAZY_LOST = object()  # what ``LazyGen.pull`` gives once an item cannot be known


class LazyGen:
    """A generator expression over an endless iterator (``itertools.count()``), read item by
    item by a reader that stops (``takewhile``): ``pull`` evaluates the next item. No other
    reader enumerates it (``items.iterate`` gives None: an unknown loop)."""

    __slots__ = ("_next", "lost")

    def __init__(self, nxt: Any) -> None:
        self._next = nxt
        self.lost = False

    def pull(self) -> Any:
        if self.lost:
            return LAZY_LOST
        got = self._next()
        if got is LAZY_LOST:
            self.lost = True
        return got


def is_generator(node: ast.AST) -> bool:
    """Whether a function's own body (not a nested function's) yields."""
    keep = tree_memos()  # the ``tree_memos`` switch
    cached = node.__dict__.get("_dc_gen") if keep else None
    if cached is None:
        cached = False
        todo = list(ast.iter_child_nodes(node))
        while todo:
            n = todo.pop()
            if isinstance(n, (ast.Yield, ast.YieldFrom)):
                cached = True
                break
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                continue
            todo.extend(ast.iter_child_nodes(n))
        if keep:
            node._dc_gen = cached  # type: ignore[attr-defined]
    return cached


def contains(container: Any, item: Any) -> Any:
    """``item in container`` where a side holds tuple-subclass instances, or a generator."""
    if isinstance(container, ONE_SHOT):
        if container.lost:
            return Unknown("in over an iterator read to an unknown point")
        seq = container.rest
    else:
        seq = list(container)
    for i, x in enumerate(seq):
        r = equal(x, item)
        if isinstance(r, Unknown):
            if isinstance(container, ONE_SHOT):  # read to here or further: unknown
                container.rest, container.lost = [], True
            return r
        if r:
            if isinstance(container, ONE_SHOT):
                container.rest = seq[i + 1 :]
            return True
    if isinstance(container, ONE_SHOT):
        container.rest = []
    return False
