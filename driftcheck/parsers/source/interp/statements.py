"""The expression / statement evaluator: a tiny abstract interpreter over ``ast``.

Frames are plain dicts of local names. Anything the interpreter cannot compute becomes
``Unknown`` and stays so (arithmetic on it is Unknown; an ``if`` on it runs both branches and
marks what they register as unresolved). Every loop, call depth, step and the wall clock are
bounded (``Budget``), so hostile code ends in a clear note, not a hang.
"""

from __future__ import annotations

import ast
import builtins
import collections
import itertools
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from driftcheck.parsers.source.interp import (
    attrregistry,
    branchstate,
    classbody,
    copyhooks,
    dunders,
    globalstmt,
    leafdel,
    loopattrs,
    modtree,
    opaque,
    ownerless,
    pendingret,
    reducecopy,
    tuplesub,
)
from driftcheck.parsers.source.interp.exprs import (  # noqa: F401 - re-exported
    MAX_DEPTH,
    MAX_LOOP,
    MAX_SECONDS,
    MAX_STEPS,
    MAX_UNDECIDED_ROUNDS,
    Expressions,
    Frame,
    truth,
)
from driftcheck.parsers.source.library import torchlib
from driftcheck.parsers.source.sizes import TooBig
from driftcheck.parsers.source.speed import fastpath
from driftcheck.parsers.source.values.abstract import (
    Budget,
    Ext,
    Leaf,
    Obj,
    ReadOnlyView,
    Return,
    Unknown,
    UnknownContainer,
    UnknownRun,
    container_values,
    plain,
    unwrap,
)

if TYPE_CHECKING:
    from driftcheck.parsers.source.library.machine import Interp


_PULLED = (tuplesub.Generator, tuplesub.Once)  # read item by item by ``for`` (``_pull``)
_PULL_MAX = 4096  # longer ones are taken whole first (``pop(0)`` per item is quadratic)
ENDLESS_ROUNDS = 64  # rounds of an endless loop in a generator body run eagerly (_endless_rounds)
_REAL_ITERATORS = frozenset(
    type(iter(x)) for x in ([], (), range(0), "", {}.keys(), {}.values(), {}.items())
)


def _pull(one: Any) -> Any:
    """The items of a single-pass iterator, each taken from it as the loop reaches it."""
    rest = one.rest
    while rest:
        yield rest.pop(0)
        if one.lost:  # an input changed (tuplesub.Once.watch): the rest is not known
            yield UnknownRun("the items of an iterator whose input changed while a loop read it")
            return
        rest = one.rest
    one.take()  # read to its end: its inputs hold what Python leaves (tuplesub.lazy_inputs)


def _view_ior(cur: Any, st: ast.AugAssign, fr: Frame) -> None:
    """``proxy |= d`` of a ``types.MappingProxyType`` (values/abstract.py ReadOnlyView): its
    own ``__ior__`` raises TypeError ("use '|' instead"), whatever ``d`` is."""
    if cur.__class__ is ReadOnlyView and isinstance(st.op, ast.BitOr):
        raise Raised("TypeError", st.lineno, fr.mod.path)


def _always_true(test: ast.expr) -> bool:
    """``while True:`` / ``while 1:``: a test that is a true constant."""
    return isinstance(test, ast.Constant) and bool(test.value) and test.value is not Ellipsis


class Raised(Exception):
    """The analyzed code raised (``raise X``) on a path we believe is taken."""

    def __init__(self, what: str, line: int | None, path: Any = None) -> None:
        super().__init__(what)
        self.what = what
        self.line = line
        self.path = path  # the file of the ``raise`` statement (None: not known)
        # the class of the analyzed code raised (``raise Sub()``, ``raise exc`` of an instance of
        # one), where the ``raise`` names it without a call of its own; None: not known
        self.cls: Any = None
        # False once it left a ``with`` body whose manager may swallow it (``__exit__`` returning
        # true, ``contextlib.suppress``): Python may well go on, so it proves no defect (IMP004)
        self.sure = True
        # why it is not sure, where that is not a ``with`` block (``doubt``: analyze.py's note)
        self.doubt = ""


# context managers whose ``__exit__`` never swallows an exception (torch's grad / device /
# autocast modes, warnings, files, nullcontext, accelerate's init_empty_weights); the name read
# from the ``with`` expression's call (``torch.no_grad()`` -> ``no_grad``)
_NEVER_SWALLOW = frozenset(
    "no_grad enable_grad inference_mode set_grad_enabled autocast device catch_warnings open "
    "nullcontext init_empty_weights init_on_device record_function profile".split()
)


def _never_swallows(e: ast.expr) -> bool:
    """Whether the manager ``e`` is one that lets an exception of its body through: only the
    known ones above; any other (``contextlib.suppress``, a class whose ``__exit__`` may return
    true) may swallow it, so a ``raise`` in the body is no proven failure."""
    f = e.func if isinstance(e, ast.Call) else e
    name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
    return name in _NEVER_SWALLOW


def _suppressed(exprs: Any, e: ast.expr, fr: Any) -> list[type]:
    """The builtin exception classes a ``contextlib.suppress(A, B)`` manager swallows (its
    ``__exit__`` returns true for a subclass of one of them); [] for any other manager, or
    where one argument is not a builtin exception class (a class of the code, a name not
    resolved: whether it swallows is not known, so the exception goes on)."""
    if not (isinstance(e, ast.Call) and isinstance(e.func, _NAMES) and not e.keywords):
        return []
    if not all(isinstance(a, _NAMES) for a in e.args):
        return []
    if getattr(plain(exprs.eval(e.func, fr)), "qual", None) != "contextlib.suppress":
        return []
    out: list[type] = []
    for a in e.args:
        q = getattr(plain(exprs.eval(a, fr)), "qual", "")
        c = getattr(builtins, q[len("builtins.") :], None) if q.startswith("builtins.") else None
        if not (isinstance(c, type) and issubclass(c, BaseException)):
            return []
        out.append(c)
    return out


_NAMES = (ast.Name, ast.Attribute)  # read twice (the manager's call is evaluated again)


def _suppress_mark(st: ast.With, item: ast.withitem, fr: Any) -> Any:
    """The ``try`` mark (``Interp.tries``) a ``contextlib.suppress(A, B)`` item stands for: one
    handler naming the same expressions ``A, B``; None for an item that is no call of names
    (the caller keeps it only where ``_suppressed`` resolved the manager to ``suppress`` of
    builtin classes)."""
    e = item.context_expr
    if not (isinstance(e, ast.Call) and isinstance(e.func, _NAMES) and e.args and not e.keywords):
        return None
    if not all(isinstance(a, _NAMES) for a in e.args):
        return None
    h = ast.ExceptHandler(type=ast.Tuple(elts=list(e.args), ctx=ast.Load()), name=None, body=[])
    t = ast.Try(body=[], handlers=[h], orelse=[], finalbody=[])
    t.lineno = st.lineno
    return _TryMark(t, fr)


def _modules_in(local: dict) -> list[tuple[Any, tuple]]:
    """(module, what it registers) for the modules ``local`` binds (``self``, a local
    ``nn.Sequential()``) and their container children (``self.blocks = nn.ModuleDict()``):
    what a loop run an unknown number of times may register into in place."""
    from driftcheck.parsers.source.values.abstract import Obj

    out, seen = [], set()

    def add(o: Any) -> None:
        if o.__class__ is Obj and o.module and id(o) not in seen:
            seen.add(id(o))
            out.append((o, _registered(o)))

    for v in local.values():
        add(v)
        if v.__class__ is Obj and v.module:
            for c in list(v.children.values()):
                if c.__class__ is Obj and c.kind:
                    add(c)
    return out


def _registered(o: Any) -> tuple:
    return (
        tuple((k, id(x)) for k, x in o.children.items()),
        tuple((k, id(x)) for k, x in o.params.items()),
    )


def _where(fr: Frame, line: int) -> str:
    return f"{fr.mod.path.name}:{line}" if fr.mod is not None else f"line {line}"


def _contents(local: dict) -> dict:
    """name -> (the list, dict or set, its items' identities) for the containers ``local``
    binds: what a loop run an unknown number of times changed in place."""
    out = {}
    for name, v in local.items():
        t = v.__class__
        if t is list or t is set:
            out[name] = (v, [id(x) for x in v])
        elif t is dict:
            out[name] = (v, [(k, id(x)) for k, x in v.items()])
    return out


# Python's lookup errors a modelled builtin raises on a value we hold (``_caught_here``)
_LOOKUP_ERRORS = (ValueError, KeyError, IndexError)


# stdlib modules whose classes may be bases of an exception class of the analyzed code without
# being exceptions themselves (``class RegistrationError(KeyError, Generic[X], ABC)``)
_MIXIN_MODULES = ("typing", "abc", "collections.abc")


def _stdlib_mixin(k: Any) -> bool:
    """Whether the base ``k`` (an ``Ext``) is a class of ``typing`` / ``abc`` /
    ``collections.abc`` that is no exception class (``Generic``, ``ABC``, ``Protocol``): it
    adds no exception class to the MRO, so a handler of builtin classes decides the raise by
    the other bases, as CPython's ``isinstance`` does."""
    import importlib

    qual = getattr(k, "qual", None)
    if not isinstance(qual, str):
        return False
    mod, _, name = qual.rpartition(".")
    if mod not in _MIXIN_MODULES:
        return False
    got = getattr(importlib.import_module(mod), name, None)
    return isinstance(got, type) and not issubclass(got, BaseException)


class _TryMark:
    """A ``try`` with handlers that is running (``Interp.tries``): the handlers a ``raise`` left
    out under an undecided condition inside it may reach, and where those raises are."""

    __slots__ = ("fr", "handlers", "st", "why")

    def __init__(self, st: ast.Try, fr: Frame) -> None:
        self.st, self.fr = st, fr
        self.handlers: list[ast.ExceptHandler] = []
        self.why: list[str] = []


def weightless(m: Any) -> bool:
    """A layer with no weights anywhere in it, all known (``nn.Identity``, a DropPath)."""
    from driftcheck.graph import catalogue
    from driftcheck.parsers.source.values.abstract import Leaf

    if isinstance(m, Leaf):
        spec = catalogue.get(m.type)
        if spec is None or m.unresolved:
            return False
        try:
            return not dict(spec.weights(spec.bind(dict(m.params))))
        except Exception:  # noqa: BLE001 - an entry that cannot bind: not known weightless
            return False
    if isinstance(m, Obj) and m.module:
        if m.params or m.unresolved:
            return False
        return all(weightless(c) for c in m.children.values())
    return False


def _plain_container(v: Any) -> bool:
    """A list, tuple, dict or set (a plain one, an instance of a class read from source that
    derives from one and is no module, or an unknown container: interp/opaque.py)."""
    from driftcheck.parsers.source.interp import opaque
    from driftcheck.parsers.source.interp.items import _builtin_base

    if type(v) in (list, tuple, dict, set) or opaque.is_container(v):
        return True
    return _builtin_base(v) in (list, tuple, dict, set, collections.OrderedDict)


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class Statements:
    """Statements, the step budget and notes; expressions are ``exprs.Expressions``."""

    def __init__(self, ip: Interp) -> None:
        self.ip = ip  # the owner: the state every part shares
        self.loops: list[list] = []  # one slot per running loop (``_undecided_break``)
        # ``with contextlib.suppress(...)`` bodies running (library/machine.py ``torch_layer``)
        self.suppressing = 0

    def wire(self) -> None:
        """The parts this one asks (set by the owner once all exist)."""
        ip = self.ip
        self.exprs = ip.exprs  # binop, eval
        self.names = ip.names  # import_value, lookup
        self.classes = ip.classes  # make_class, make_func
        self.attrs = ip.attrs  # setattr
        self.items = ip.items  # inplace_add, iterate, setitem
        self.calls = ip.calls  # call_func (a class's own ``__delitem__``)

    # ------------------------------------------------------------------ budget
    def tick(self) -> None:
        self.ip.steps += 1
        if self.ip.steps > MAX_STEPS:
            raise Budget(f"step budget ({MAX_STEPS}) exhausted")
        if not self.ip.steps & 1023 and time.process_time() > self.ip.deadline:
            raise Budget(f"time budget ({MAX_SECONDS:.0f}s) exhausted")

    def note(self, text: str) -> None:
        if len(self.ip.notes) < 200 and text not in self.ip.notes:
            self.ip.notes.append(text)

    def unfollowed(self, text: str) -> None:
        """A note naming a construct not followed (``text`` starts with its file:line): also
        recorded for the graph's ``unfollowed`` list, which the matcher reads (its wording
        is for users only; session 38, review36 item 8)."""
        self.note(text)
        self.ip.unfollowed.add(text)

    def too_big(self, e: TooBig) -> Unknown:
        """An operation over the size bound (sizes.py): its value is unknown, and a note says
        what and where (the statement running)."""
        where = (
            f"{self.ip.at_mod.path.name}:{self.ip.at_line}" if self.ip.at_mod is not None else "?"
        )
        self.unfollowed(f"{where}: {e.what}: value unknown")
        return Unknown(e.what)

    # ------------------------------------------------------------------ statements
    def run_body(self, body: list[ast.stmt], fr: Frame) -> None:
        for st in body:
            self.exec_stmt(st, fr)

    def exec_stmt(self, st: ast.stmt, fr: Frame) -> None:
        self.tick()
        self.ip.at_mod = fr.mod
        self.ip.at_line = st.lineno
        t = type(st)
        try:
            if (
                self.ip.fast_on
                # the fast path binds names as locals: not in a function declaring ``global``
                and (
                    fr.func is None
                    or not globalstmt.global_names(fr.func.node, self.ip.speed.attr_scans)
                )
                and fastpath.run(self.ip, st, fr)
            ):  # plain values only (levit's offset tables)
                return
            if t is ast.Expr:
                self.exprs.eval(st.value, fr)
            elif t is ast.Assign:
                v = None
                if st.value.__class__ is ast.GeneratorExp:  # stored, drained later (pins35)
                    from driftcheck.parsers.source.interp import frameintro  # a cycle

                    v = frameintro.stored_genexp(self.ip, st, fr)
                if v is None:
                    v = self.exprs.eval(st.value, fr)
                if type(v) is dict and not v and fr.func is not None:
                    v = attrregistry.wrap(self.ip, st, v, fr.func)  # interp/attrregistry.py
                for tgt in st.targets:
                    self.assign(tgt, v, fr)
            elif t is ast.AnnAssign:
                if st.value is not None:
                    self.assign(st.target, self.exprs.eval(st.value, fr), fr)
            elif t is ast.AugAssign:
                self.aug_assign(st, fr)
            elif t is ast.If:
                self.exec_if(st, fr)
            elif t is ast.For:
                self.exec_for(st, fr)
            elif t is ast.While:
                self.exec_while(st, fr)
            elif t is ast.Return:
                raise Return(self.exprs.eval(st.value, fr) if st.value is not None else None)
            elif t in (ast.FunctionDef, ast.AsyncFunctionDef):
                fn = fr.locals[st.name] = self.classes.make_func(st, fr)
                if fn.closure is not None and fr.func is not None:
                    # a nested function sees its own name (``_create_block`` calling itself):
                    # Python's closure is the live frame; ours a copy made before the binding
                    fn.closure[st.name] = fn
                if st.decorator_list:
                    fr.locals[st.name] = self._local_wraps(st, fr, fn)
            elif t is ast.ClassDef:
                if classbody.slots_clash(st) is not None:
                    # CPython's ``type.__new__``: "'a' in __slots__ conflicts with class
                    # variable" (session 32: the class was made, its ``except`` never ran)
                    raise Raised("ValueError", st.lineno, fr.mod.path)
                fr.locals[st.name] = self.classes.make_class(st, fr.mod, fr)
            elif t is ast.Try:
                self.exec_try(st, fr)
            elif t is ast.With:
                self.exec_with(st, fr)
            elif t is ast.Raise:
                if self.ip.uncertain:
                    return
                e = Raised(self._raise_text(st, fr), st.lineno, fr.mod.path)
                e.cls = self._raised_class(st, fr)
                raise e
            elif t is ast.Break:
                raise _Break()
            elif t is ast.Continue:
                raise _Continue()
            elif t is ast.Delete:
                pend = self.ip.__dict__.get("_dc_finalizers")
                if pend and id(st) in pend:  # ``weakref.finalize`` callbacks due here
                    from driftcheck.parsers.source.interp import frameintro

                    held = fr.locals.get(st.targets[0].id)
                    self.delete(st.targets[0], fr)
                    frameintro.after_del(self.ip.calls, st, fr, held)
                    return
                for tgt in st.targets:
                    self.delete(tgt, fr)
            elif t in (ast.Import, ast.ImportFrom):
                self.exec_import(st, fr)
            elif t is ast.Match:
                from driftcheck.parsers.source.interp.matchstmt import exec_match

                exec_match(self, st, fr)
            elif t is ast.Assert:
                # Python checks it (no ``-O`` in training code): a test decided false on a
                # decided path raises AssertionError; an undecided one is passed, as before
                if not self.ip.uncertain and truth(self.exprs.eval(st.test, fr)) is False:
                    raise Raised("AssertionError", st.lineno, fr.mod.path)
            # Pass, Global, Nonlocal and the rest: nothing to do
        except (Return, Raised, Budget, _Break, _Continue, RecursionError):
            raise
        except TooBig as e:  # a size-bounded helper not caught nearer: the statement is lost
            self.unfollowed(f"{fr.mod.path.name}:{st.lineno}: not interpreted ({e.what})")
            self.mark_lost(st, fr)
        except Exception as e:  # noqa: BLE001 - an odd construct degrades to a note
            if self._caught_here(e, fr):  # ``except ValueError`` around ``t.index(x)``
                raise Raised(type(e).__name__, st.lineno, fr.mod.path) from None
            self.unfollowed(
                f"{fr.mod.path.name}:{st.lineno}: not interpreted ({type(e).__name__}: {e})"
            )
            # and what it would bind is unknown: in a loop the name kept the last pass's
            # value (nbeats' ``block = block_init(...)`` the previous block: one layer twice)
            self.mark_lost(st, fr)
            self.mark_failed(st, fr, f"{type(e).__name__}")

    def _caught_here(self, e: Exception, fr: Frame) -> bool:
        """Whether Python's own lookup error from a value we hold (``tuple.index`` of an item
        not in it, a missing key, an index out of range) is surely caught by a ``try`` of the
        same function: hippynn's node ``__getattr__`` turns ``ValueError`` into
        ``AttributeError`` -- the handler runs, as in Python (it was a statement not
        interpreted, and the module built after it was left out: a count of 0)."""
        if not isinstance(e, _LOOKUP_ERRORS) or self.ip.uncertain or not self.ip.tries:
            return False
        mark = self.ip.tries[-1]
        if mark.fr is not fr:
            return False
        return any(self._catches(h, type(e).__name__, fr) is True for h in mark.st.handlers)

    def mark_lost(self, st: ast.stmt, fr: Frame) -> None:
        """The names a statement that could not be interpreted would bind are unknown (not
        left holding what they held before)."""
        t = type(st)
        targets = st.targets if t is ast.Assign else [getattr(st, "target", None)]
        for tgt in targets:
            if tgt is None:
                continue
            for n in ast.walk(tgt):
                if isinstance(n, ast.Name):
                    fr.locals[n.id] = Unknown("statement not interpreted")

    def mark_failed(self, st: ast.stmt, fr: Frame, what: str) -> None:
        """A statement the interpreter itself failed on (not the analyzed code's ``raise``) may
        have stopped half-way: a loop that had appended some of its layers, a block whose
        ``self.x = ...`` never ran. Every name the statement stores into or mutates in place
        (``layers.append``) becomes unknown, and every module of the frame it names is
        unresolved with a note, so the count is unknown rather than confidently short."""
        where = f"{fr.mod.path.name}:{st.lineno}" if fr.mod is not None else f"line {st.lineno}"
        named: set[str] = set()
        stored: set[str] = set()
        bound: set[str] = set()
        for n in ast.walk(st):
            if isinstance(n, ast.Name):
                named.add(n.id)
                if isinstance(n.ctx, ast.Store):
                    stored.add(n.id)
                    bound.add(n.id)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                base = n.func.value
                while isinstance(base, (ast.Attribute, ast.Subscript)):
                    base = base.value
                if isinstance(base, ast.Name):
                    stored.add(base.id)  # ``layers.append(...)``, ``self.blocks.add_module(...)``
        for name in stored:
            v = plain(fr.locals.get(name))
            # a name it binds, or a list / dict / set it may have filled half-way (not a module
            # or a library object whose method it called: those stay, modules are marked below)
            if name in fr.locals and (name in bound or isinstance(v, (list, dict, set))):
                if name not in bound and type(v) in (list, dict, set):
                    # only changed in place (``init_args.update(x)``): still a plain container
                    # (never registered when stored), its items unknown (interp/opaque.py)
                    kind = type(v).__name__
                    fr.locals[name] = UnknownContainer(
                        f"{kind} changed by the statement at {where}"
                    )
                elif not (v.__class__ is Obj and v.module):
                    fr.locals[name] = Unknown(f"statement at {where} not interpreted")
        for o, _ in _modules_in({k: v for k, v in fr.locals.items() if k in named}):
            o.unresolved.append(f"statement at {where} not interpreted ({what})")

    def _local_wraps(self, st: ast.FunctionDef | ast.AsyncFunctionDef, fr: Frame, fn: Any) -> Any:
        """A nested ``def`` under ``@functools.wraps(f)``: the function marked as wrapping
        ``f`` (library/stdlib.py ``wrap_func``), innermost first, up to the first decorator of
        another kind (nested definitions' other decorators are not run, as before)."""
        v = fn
        for d in reversed(st.decorator_list):
            if not (isinstance(d, ast.Call) and ast.unparse(d.func).rsplit(".", 1)[-1] == "wraps"):
                return v
            callee = plain(self.exprs.eval(d.func, fr))
            if not (isinstance(callee, Ext) and callee.qual == "functools.wraps"):
                return v
            deco = self.exprs.eval(d, fr)
            v = self.ip.calls.call(deco, [v], {}, (str(fr.mod.path), d.lineno))
        return v

    def _raised_class(self, st: ast.Raise, fr: Frame) -> Any:
        """The ``Cls`` a ``raise`` raises, read without running anything Python would not
        run: ``raise Sub`` / ``raise Sub(...)`` (the class named: its arguments are not
        evaluated here) or ``raise exc`` of a name holding an instance of a class of the
        analyzed code. None for anything else (a library exception, an unknown)."""
        from driftcheck.parsers.source.values.abstract import Cls, Obj

        exc = st.exc
        if isinstance(exc, ast.Call):
            exc = exc.func
        if not isinstance(exc, (ast.Name, ast.Attribute)):
            return None
        try:
            v = self.exprs.eval(exc, fr)
        except Budget:
            raise
        except Exception:  # noqa: BLE001 - a name we cannot read: not known
            return None
        if isinstance(v, Obj) and isinstance(v.cls, Cls) and not v.module:
            return v.cls
        return v if isinstance(v, Cls) else None

    def _catches_class(self, h: ast.ExceptHandler, raised: Any, fr: Frame) -> bool | None:
        """Whether handler ``h`` catches an exception of the analyzed code's class ``raised``
        (``Raised.cls``): Python's ``isinstance`` on the class's MRO. True when a type the
        handler names is in it, False when every type it names resolves to a class that is
        not, None when one does not resolve (or the MRO holds a class we cannot read)."""
        from driftcheck.parsers.source.values.abstract import Cls, Ext

        if h.type is None:
            return True
        try:
            mro = list(raised.mro())
        except Exception:  # noqa: BLE001 - an MRO we cannot build: not decided here
            return None
        if not all(isinstance(k, (Cls, Ext)) for k in mro):
            return None
        types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        verdict: bool | None = False
        for t in types:
            try:
                c = self.exprs.eval(t, fr)
            except Budget:
                raise
            except Exception:  # noqa: BLE001 - a name we cannot read: it may catch it
                return None
            if isinstance(c, Cls):
                if any(k is c for k in mro):
                    return True
            elif isinstance(c, Ext) and c.qual.startswith("builtins."):
                if any(isinstance(k, Ext) and k.qual == c.qual for k in mro):
                    return True
                if c.qual in ("builtins.Exception", "builtins.BaseException"):
                    verdict = None  # a base of a library class in the MRO may be it
            else:
                verdict = None
        if verdict is False and any(
            isinstance(k, Ext) and not k.qual.startswith("builtins.") for k in mro
        ):
            return None  # a library base (not read) may derive from what the handler names
        return verdict

    def _raise_text(self, st: ast.Raise, fr: Frame) -> str:
        exc = st.exc
        if isinstance(exc, ast.Call):
            exc = exc.func
        return ast.unparse(exc)[:80] if exc is not None else "re-raise"

    def exec_if(self, st: ast.If, fr: Frame) -> None:
        test = self.exprs.eval(st.test, fr)
        cond = self.exprs.truth_of(test)
        if cond is True:
            self.run_body(st.body, fr)
        elif cond is False:
            self.run_body(st.orelse, fr)
        else:
            self.ip.uncertain.append(st.lineno)
            returned: list[Return] = []
            before = dict(fr.locals)
            after: list[dict] = []
            raised: list[Raised] = []
            skipped: list[_Continue] = []
            ret_at: list[int] = []
            broke: list[_Break] = []
            states: list[branchstate.State] = []
            try:
                # containers and attributes changed in place: each branch starts from this
                # state. Inside the ``try``: whatever unwinds here (a memo's ``ProbeUsed``)
                # must still pop the condition, or it held for all the analysis after it
                state0 = branchstate.capture(before)
                for branch in (st.body, st.orelse):
                    fr.locals.clear()
                    fr.locals.update(before)
                    branchstate.apply(state0)
                    try:
                        self.run_body(branch, fr)
                    except Return as r:
                        returned.append(r)
                        ret_at.append(len(after))  # which way returned (pendingret.py)
                    except Raised as e:
                        raised.append(e)
                        continue
                    except _Continue as c:
                        skipped.append(c)
                        continue
                    except _Break as b:
                        # what the way that breaks left: the loop may end with it (below)
                        b.left = (dict(fr.locals), branchstate.again(state0))
                        broke.append(b)
                        continue
                    else:
                        if branch and isinstance(branch[-1], ast.Raise):
                            # a branch that ends in a ``raise`` of the analyzed code is not the
                            # way a model that builds goes on (``if k in ACT2FN: return
                            # ACT2FN[k]`` / ``else: raise KeyError(...)``): the other branch is
                            # the program's -- unless a ``try`` we are inside may catch it
                            # (then that handler is the other way: ``exec_try``)
                            what = self._raise_text(branch[-1], fr)
                            self._may_be_caught(what, fr, branch[-1].lineno)
                            raised.append(Raised(what, branch[-1].lineno, fr.mod.path))
                            continue
                    after.append(dict(fr.locals))
                    states.append(branchstate.again(state0))
            finally:
                self.ip.uncertain.pop()
            if broke:
                self._undecided_break(st, fr, before, state0, broke, after, states, skipped)
            if skipped and (len(skipped) == 2 or not after):
                fr.locals.clear()
                fr.locals.update(before)
                branchstate.apply(state0)
                raise skipped[0]  # the round ends on every way that does not raise
            if skipped and not raised and not returned:
                # ``if cond: continue`` undecided: the rest of this round may or may not run,
                # so it runs under the condition (``_loop_body`` ends it with the round); it
                # was skipped outright, a confident count of none of what it builds
                self.ip.uncertain.append(st.lineno)
            if len(raised) == 2:
                if not self.ip.uncertain:
                    raise raised[0]
                fr.locals.clear()  # under an outer undecided condition: as a raise there
                fr.locals.update(before)
                branchstate.apply(state0)
                return
            if (
                len(returned) == 1
                and len(after) == 2
                and not raised
                and not skipped
                and pendingret.top_level(st, fr)
                and tuplesub.YIELDS not in fr.locals
                and pendingret.defer(self.ip, fr, returned[0].value, st.lineno)
            ):
                # one way returned a tensor, the other goes on: the rest of the body runs
                # on the other way's names, under the condition (interp/pendingret.py)
                fr.locals.clear()
                fr.locals.update(after[1 - ret_at[0]])
                branchstate.apply(states[1 - ret_at[0]])
                return
            if len(after) == 2:
                self._merge_locals(fr, before, after[0], after[1], st.lineno)
                ids, names = branchstate.diverged(states[0], states[1])
                if ids or names:
                    where = f"{fr.mod.path.name}:{st.lineno}" if fr.mod is not None else ""
                    why = f"changed in place under the undecided condition at {where}"
                    branchstate.forget(fr.locals, ids, names, why)
                    what = ", ".join(sorted({k for _, k in names})[:3]) or "a container"
                    if self._in_analyzed_tree(fr):
                        # the construct that left the condition undecided, where it says
                        # (``class Projection has a __subclasshook__ (at ...)``)
                        cause = getattr(test, "why", None) if isinstance(test, Unknown) else None
                        cause = f" (the condition: {cause[:300]})" if cause else ""
                        self.note(
                            f"{where}: {what} changed in place one way only: unknown after "
                            f"it{cause}"
                        )
            elif after:
                fr.locals.clear()
                fr.locals.update(after[0])
                branchstate.apply(states[0])
            elif not returned:
                branchstate.apply(state0)
            if raised and len(returned) == 1:
                raise Return(returned[0].value)
            if returned:
                # a ``return`` under a condition we cannot decide: the function returns it or
                # goes on, so what it returns is known only when every way gives the same
                raise Return(self._either(returned, len(returned) == 2, st.lineno))

    def exec_with(self, st: ast.With, fr: Frame) -> None:
        """``with m as x: body``: a manager modelled in interp/ctxmanager.py runs its enter
        code before the body and its exit code after it; any other is evaluated and the body
        run (``as`` binds an unknown, or a package data file opened read-only: its own
        ``__enter__``, library/pkgdata.py)."""
        from driftcheck.parsers.source.interp import ctxmanager

        exits: list[Any] = []
        suppressed: list[type] = []  # what a ``contextlib.suppress(...)`` item swallows
        lets_through: list[bool] = []  # per item: surely lets an exception of the body out
        marks: list[Any] = []  # the ``try`` marks of the ``suppress`` items (``_suppress_mark``)
        for item in st.items:
            names = _suppressed(self.exprs, item.context_expr, fr)
            suppressed += names
            if names:
                marks.append(_suppress_mark(st, item, fr))
            lets_through.append(_never_swallows(item.context_expr))
            got = ctxmanager.enter(self, item.context_expr, fr)
            if got is None:
                v = self.exprs.eval(item.context_expr, fr)
                got = ctxmanager.enter_object(self.ip, v)
                enter_lib = getattr(plain(v), "library_enter", None)
                if got is None and enter_lib is not None:
                    # a library manager modelled (nullcontext; a TemporaryDirectory, whose
                    # ``library_exit`` removes its scratch files: library/scratchfs.py)
                    got = (enter_lib(), getattr(plain(v), "library_exit", None))
                if got is None:
                    keep = getattr(v, "library_type", None) == "io.TextIOWrapper"
                    where = f"{fr.mod.path.name}:{st.lineno}" if fr.mod is not None else ""
                    what = ast.unparse(item.context_expr)[:60]
                    why = f"the value of with {what} at {where} (its __enter__ not modelled)"
                    got = (v if keep else Unknown(why), None)
                    if not keep:
                        self._manager_may_change(item.context_expr, fr, what, where)
            value, leave = got
            if leave is not None:
                exits.append(leave)
            if item.optional_vars is not None:
                self.assign(item.optional_vars, value, fr)
        self.suppressing += bool(suppressed)
        # each ``contextlib.suppress`` of builtin classes is, for its body, a running ``try``
        # whose one handler names those classes (``try: body / except (A, B): pass``: CPython's
        # ``suppress.__exit__`` is ``issubclass(exctype, self._exceptions)``): a lookup error
        # of a value we hold there is Python's raise, swallowed below (a missing key of a dict
        # under ``with suppress(KeyError)`` kept the value before it; it was unknown)
        marks = [m for m in marks if m is not None]
        self.ip.tries.extend(marks)
        try:
            self.run_body(st.body, fr)
        except Raised as e:
            raised = getattr(builtins, e.what.rsplit(".", 1)[-1], None)
            known = isinstance(raised, type) and issubclass(raised, BaseException)
            for k, item in enumerate(st.items):
                # a ``contextlib.suppress`` of builtin classes none of which ``raised`` is a
                # subclass of lets it through too (its ``__exit__`` answers False)
                names = _suppressed(self.exprs, item.context_expr, fr) if known else []
                if names and not issubclass(raised, tuple(names)):
                    lets_through[k] = True
            if not all(lets_through):
                e.sure = False
            pending: Raised | None = e
            for leave in reversed(exits):
                if pending is not None and getattr(leave, "takes_raised", False):
                    # a class read from source: its ``__exit__`` is handed the exception and
                    # a true answer swallows it, the ``with`` statement's end is reached
                    # (interp/ctxmanager.py ``enter_object``); the managers outside it exit
                    # normally, as in CPython
                    if leave(pending) is True:
                        pending = None
                else:
                    leave()
            if pending is None:
                return
            if suppressed and known and issubclass(raised, tuple(suppressed)):
                # ``contextlib.suppress(ValueError)``: its ``__exit__`` returns true for a
                # subclass of what it names, and the statement after the ``with`` runs
                return
            raise
        except (Return, _Break, _Continue):
            for leave in reversed(exits):
                leave()
            raise
        finally:
            self.suppressing -= bool(suppressed)
            for m in reversed(marks):
                self.ip.tries.remove(m)
        for leave in reversed(exits):
            leave()

    def _manager_may_change(self, expr: ast.expr, fr: Frame, what: str, where: str) -> None:
        """``with manager(table, ...)`` of a manager not modelled: its ``__enter__`` may change
        a dict or list handed to it (``mock.patch.dict(SIZES, TEST)`` updates ``SIZES`` until
        the block ends), so their items are unknown from here on (the object kept: aliases
        see it). A name or attribute argument only (evaluated again: no call runs twice);
        the keys a manager might add are not modelled (a read of one stays a KeyError)."""
        if not isinstance(expr, ast.Call):
            return
        why = f"handed to with {what} at {where} (its __enter__ not modelled: may change it)"
        for arg in [*expr.args, *(k.value for k in expr.keywords)]:
            if not isinstance(arg, (ast.Name, ast.Attribute)):
                continue
            try:
                val = plain(self.exprs.eval(arg, fr))
            except Raised:  # a name the program cannot read there: nothing to forget
                continue
            if type(val) is dict:
                for k in list(val):
                    val[k] = Unknown(why)
            elif type(val) is list:
                val[:] = [Unknown(why) for _ in val]

    def _in_analyzed_tree(self, fr: Frame) -> bool:
        """Whether the frame runs the analyzed code, not an installed library read for it: a
        library's own undecided ``if`` (torch_geometric's inspector.py, main dev: 45 such notes
        on exact counts) is noise to the user; an unknown count still names its cause."""
        path = getattr(fr.mod, "path", None)
        roots = getattr(getattr(self.ip, "finder", None), "_siblings", None)
        if path is None or roots is None:
            return True
        path = Path(path).resolve()
        return any(path.is_relative_to(r) for r in roots)

    @staticmethod
    def _merge_locals(fr: Frame, before: dict, a: dict, b: dict, line: int) -> None:
        """Names the two branches of an undecided ``if`` bind differently are unknown after it
        (``if norm is None: norm = nn.Identity()`` on an unknown ``norm``): the later branch's
        value is not the one the program has."""
        from driftcheck.parsers.source.interp import opaque
        from driftcheck.parsers.source.interp.exprs import _same
        from driftcheck.parsers.source.values.abstract import UnknownModule, UnknownPlain, is_module

        missing = object()
        fr.locals.clear()
        for name in {**a, **b}:
            va, vb = a.get(name, missing), b.get(name, missing)
            if va is vb or (va is not missing and vb is not missing and _same(va, vb)):
                fr.locals[name] = va
            elif (joined := pendingret.join_values(va, vb)) is not None:
                fr.locals[name] = joined  # one shape both ways: that shape, values unknown
            elif any(is_module(v) or isinstance(v, UnknownModule) for v in (va, vb)):
                if all(is_module(v) and weightless(v) for v in (va, vb)):
                    fr.locals[name] = va  # two layers without weights: the count is the same
                else:
                    why = f"{name} set under the condition at line {line}"
                    fr.locals[name] = UnknownModule(why)
            else:
                # another value either branch may have left (``d = 100`` / ``d = 4``): unknown,
                # never the branch run last
                where = f"{fr.mod.path.name}:{line}" if fr.mod is not None else f"line {line}"
                why = f"{name} set under the undecided condition at {where}"
                # a device in one branch and a tensor in the other: unknown, but never a layer
                # (an attribute it is stored on is not a missed layer: interp/opaque.py)
                plain = all(v is missing or opaque.never_a_layer(v) for v in (va, vb))
                if not plain and all(v is missing or _plain_container(v) for v in (va, vb)):
                    # a dict either way (lightning's ``hp = AttributeDict(hp)`` under an
                    # undecided ``isinstance``): never registered when stored, items unknown
                    fr.locals[name] = UnknownContainer(f"container {why}")
                    continue
                fr.locals[name] = UnknownPlain(why) if plain else Unknown(why)
        del before

    def _undecided_break(
        self,
        st: ast.If,
        fr: Frame,
        before: dict,
        state0: branchstate.State,
        broke: list,
        after: list[dict],
        states: list,
        skipped: list,
    ) -> None:
        """A ``break`` under a condition we cannot decide: the loop may end here or go on.
        Where every way that goes on breaks, it is a ``break``. Otherwise the rest of the loop
        runs under the condition and what it changes from here on is unknown after the loop
        (``exec_for``): breaking out as if the condition held was a confident count of the
        rounds before it only."""
        if not after and not skipped:
            fr.locals.clear()
            fr.locals.update(before)
            branchstate.apply(state0)
            raise broke[0]
        if self.loops and self.loops[-1][0] is None:
            snap = branchstate.contents_at(before, state0) or _contents(before)
            self.loops[-1][0] = (before, snap, _modules_in(before), st.lineno)
            where = f"{fr.mod.path.name}:{st.lineno}" if fr.mod is not None else ""
            self.note(f"{where}: the loop may break here (an undecided condition)")
        if self.loops:
            self._broke_with(st, fr, before, state0, broke[0])
        if not after:
            return  # the other way is a ``continue``: handled by the caller
        self.ip.uncertain.append(st.lineno)  # the rest of this round: ``_loop_body`` ends it

    def _broke_with(
        self, st: ast.If, fr: Frame, before: dict, state0: branchstate.State, b: _Break
    ) -> None:
        """What the way that breaks changed, when the loop may end there or go on: the loop
        ends holding it or not, so it is unknown after the loop. A list it appended to in
        place is changed (``ip.havoc``: ``_after_unknown_loop`` reads it); a name it bound is
        forgotten when the loop ends (``_loop_end``). The way that goes on was the only one
        kept: hippynn's evaluation order appends a node and breaks, and the loop was left
        with the list empty -- a confident count of 0."""
        left = getattr(b, "left", None)
        if left is None:
            return
        where = f"{fr.mod.path.name}:{st.lineno}" if fr.mod is not None else f"line {st.lineno}"
        why = f"changed by a break under the undecided condition at {where}"
        local, state = left
        ids, _ = branchstate.diverged(state0, state)
        for c in state0.conts:
            if id(c) in ids:
                self.ip.havoc[id(c)] = (c, why)
        slot = self.loops[-1]
        missing = object()
        for name, v in local.items():
            if before.get(name, missing) is not v:
                slot.append((name, branchstate.unknown_for([v], f"{name} {why}")))

    def _loop_start(self) -> list:
        slot: list = [None, False]  # (state where an undecided ``break`` may end it), pushed
        self.loops.append(slot)
        return slot

    def _round_done(self, slot: list, line: int) -> None:
        if slot[0] is not None and not slot[1]:
            self.ip.uncertain.append(line)  # every later round runs under that condition
            slot[1] = True

    def _loop_end(self, slot: list, fr: Frame, line: int) -> None:
        self.loops.pop()
        if slot[1]:
            self.ip.uncertain.pop()
        if slot[0] is not None:
            before, snap, mods, at = slot[0]
            self._after_unknown_loop(fr, before, snap, at, mods)
        for name, unknown in slot[2:]:  # bound by a way that may have broken (``_broke_with``)
            fr.locals[name] = unknown

    @staticmethod
    def _either(returned: list[Return], both: bool, line: int) -> Any:
        first = returned[0].value
        if both:
            other = returned[1].value
            if other is first or (
                type(other) is type(first)
                and isinstance(first, (int, str, bool, float))
                and other == first
            ):
                return first
        from driftcheck.parsers.source.values.abstract import UnknownModule, is_module

        if both:  # two tensors of one shape (interp/pendingret.py)
            same = pendingret.join(first, returned[1].value)
            if same is not None:
                return same
        why = f"returned under an unresolved condition at line {line}"
        if any(is_module(r.value) or isinstance(r.value, UnknownModule) for r in returned):
            return UnknownModule(why)  # a layer either way, or a layer or not: never no layer
        return Unknown(why)

    def exec_for(self, st: ast.For, fr: Frame) -> None:
        raw = self.exprs.eval(st.iter, fr)
        live = unwrap(raw)
        pulled = isinstance(live, _PULLED) and not live.lost and len(live.rest) <= _PULL_MAX
        if pulled:
            # a generator's / zip's items taken one at a time, as Python's loop takes them:
            # ``next(g)`` in the body reads the item after the current one (all taken first,
            # it saw an exhausted iterator)
            it: Any = _pull(live)
        elif live.__class__ in _REAL_ITERATORS:
            it = live  # ``for x in it`` over ``iter(xs)``: the body's ``next(it)`` advances it
            pulled = True
        else:
            it = self.items.iterate(raw)
        if it is None and live.__class__ is itertools.count and self._endless_gen(fr):
            self._endless_rounds(st, fr, live)
            return
        if it is None:
            self._unknown_rounds(st, fr, raw)
            return
        if live.__class__ is list:
            # Python's loop over a list reads the list itself by index as it goes: items the
            # body appends are looped over too, and one it removes shifts the rest (a copy
            # taken first looped over the old items: 40 where torch has 70)
            it = live
        broke = False
        slot = self._loop_start()
        # a single-pass iterator (a generator's, zip's, a sqlite3 cursor) left by ``break`` or
        # an exception keeps the items after the one the loop stopped at, as in Python (read
        # whole by ``iterate``, it was left empty: ``fetchall()`` after it gave no rows)
        one = plain(raw)
        one = one if isinstance(one, tuplesub.ONE_SHOT) and not pulled else None
        at = -1
        try:
            for n, item in enumerate(it):
                if n >= MAX_LOOP:
                    raise Budget(f"loop at {_where(fr, st.lineno)} runs over {MAX_LOOP} iterations")
                at = n
                if item.__class__ is UnknownRun:  # the body added items we cannot count
                    self._unknown_rounds(st, fr, item)
                    broke = True
                    break
                self.assign(st.target, item, fr)
                if self._loop_body(st.body, fr):
                    broke = True
                    break
                self._round_done(slot, st.lineno)
            else:
                at = len(it) if one is not None else at
            if not broke:
                self.run_body(st.orelse, fr)
        finally:
            if one is not None and at + 1 < len(it) and not one.rest:
                one.rest = list(it[at + 1 :])
            self._loop_end(slot, fr, st.lineno)

    def _endless_gen(self, fr: Frame) -> bool:
        """``fr`` is a generator function's body run on its call (interp/tuplesub.py), not a
        replay, with no unresolved condition opened inside it and nothing yielded unknown."""
        gen = fr.locals.get(tuplesub.YIELDS)
        return (
            gen.__class__ is tuplesub.GenState
            and gen.bad is None
            and len(self.ip.uncertain) == gen.depth
        )

    def _endless_rounds(self, st: ast.For, fr: Frame, count: Any) -> None:
        """``for ell in itertools.count(0): ... yield ...`` in a generator function's body
        (cuequivariance's ``O3.iterator``): Python runs it only as far as the readers pull.
        The first ``ENDLESS_ROUNDS`` rounds run here, in order, with their values; a
        ``break`` / ``return`` among them ends the loop as Python's does; past them the
        generator's items are unknown (``GenState.bad``: ``next(g)`` still reads the items
        yielded before, tuplesub.PrefixGen) and its body stops here."""
        gen = fr.locals[tuplesub.YIELDS]
        slot = self._loop_start()
        try:
            for _ in range(ENDLESS_ROUNDS):
                self.assign(st.target, next(count), fr)
                if self._loop_body(st.body, fr):
                    return  # ``break``: the code after the loop runs, as in Python
                self._round_done(slot, st.lineno)
                if gen.bad is not None:
                    break
        finally:
            self._loop_end(slot, fr, st.lineno)
        line = _where(fr, st.lineno)
        gen.bad = gen.bad or f"an endless loop over itertools.count() at {line}, cut"
        raise Return(None)  # the body goes no further (its items past here: unknown)

    def _unknown_rounds(self, st: ast.For, fr: Frame, raw: Any) -> None:
        """A ``for`` over items we cannot enumerate: the body once, under an unknown
        condition, then what it changed is unknown (``_after_unknown_loop``)."""
        before, snap = dict(fr.locals), _contents(fr.locals)
        mods = _modules_in(fr.locals)
        held = loopattrs.snapshot(fr.locals)  # ``self.xs`` filled in place
        self.ip.uncertain.append(st.lineno)
        slot = self._loop_start()  # a ``break`` in it belongs to this loop
        try:
            # a walk's item is a module under its owner (interp/modtree.py)
            self.assign(st.target, modtree.loop_item(raw), fr)
            self._loop_body(st.body, fr)
        finally:
            self._loop_end(slot, fr, st.lineno)
            self.ip.uncertain.pop()
        self._after_unknown_loop(fr, before, snap, st.lineno, mods)
        loopattrs.forget(held, _where(fr, st.lineno))

    def _after_unknown_loop(
        self, fr: Frame, before: dict, snap: dict, line: int, mods: list | None = None
    ) -> None:
        """After a loop run once for a number of rounds we cannot know (``for x in xs`` over
        an unknown ``xs``): a name the round rebinds is unknown (no round, one or more), and
        so is a local list, dict or set it changed in place (``layers.append(nn.Linear(4,
        4))`` holds as many layers as rounds) -- an unknown layer where it holds layers."""
        from driftcheck.parsers.source.values.abstract import UnknownModule, is_module

        after = dict(fr.locals)
        self._merge_locals(fr, before, before, after, line)
        where = f"{fr.mod.path.name}:{line}" if fr.mod is not None else f"line {line}"
        for name, (v, old) in snap.items():
            if fr.locals.get(name) is not v:
                continue
            if _contents({name: v})[name][1] == old and id(v) not in self.ip.havoc:
                continue  # unchanged (a dict written under the unknown loop item is changed)
            why = f"{name} filled by a loop over a value we cannot enumerate at {where}"
            vals = v.values() if isinstance(v, dict) else v
            if any(is_module(x) or isinstance(x, UnknownModule) for x in vals):
                fr.locals[name] = UnknownModule(why)
            else:
                fr.locals[name] = Unknown(why)
        for o, was in mods or ():
            # ``self.convs[key] = Conv(...)`` / ``self.layers.append(...)`` in such a loop: the
            # module holds as many as there were rounds (none, one or more), so its count is
            # unknown -- one round counted was a confident wrong count (se3-transformer's
            # kernels over ``fiber_in * fiber_out``: 0 where torch has 1.28M)
            if _registered(o) != was:
                o.unresolved.append(
                    f"modules registered in a loop over a value we cannot enumerate at {where}"
                )

    def _loop_body(self, body: list[ast.stmt], fr: Frame) -> bool:
        depth = len(self.ip.uncertain)
        try:
            self.run_body(body, fr)
        except _Break:
            return True
        except _Continue:
            pass
        finally:
            del self.ip.uncertain[depth:]  # an undecided ``continue`` holds to the round's end
        return False

    def exec_while(self, st: ast.While, fr: Frame) -> None:
        slot = self._loop_start()
        try:
            self._while_rounds(st, fr, slot)
        finally:
            self._loop_end(slot, fr, st.lineno)

    def _while_rounds(self, st: ast.While, fr: Frame, slot: list) -> None:
        undecided = 0  # rounds run since the loop may have broken (an undecided ``break``)
        for _ in range(MAX_LOOP):
            if slot[1]:
                undecided += 1
                if undecided == 1 and _always_true(st.test):
                    # ``while True:`` after a round whose ``break`` we could not decide (mbrl's
                    # ``truncated_normal_``: resample until no value is out of bounds): its test
                    # never ends it, so every later round is as one of a ``while`` whose test
                    # is undecided -- run once, what it changes unknown after (it ran 200
                    # rounds and stopped the whole analysis)
                    self._unknown_while_rounds(st, fr)
                    return
                if undecided > MAX_UNDECIDED_ROUNDS:
                    # ``while True:`` reading a value we cannot know each round (tokenize's
                    # ``line = readline()`` ... ``if not line: break``): every round may be the
                    # last, so what the loop leaves is unknown; going on to MAX_LOOP rounds cost
                    # minutes (gin's config parser). The bound stops the analysis: unknown.
                    raise Budget(
                        f"while loop at {_where(fr, st.lineno)} runs over "
                        f"{MAX_UNDECIDED_ROUNDS} rounds after a break it cannot decide"
                    )
            cond = truth(self.exprs.eval(st.test, fr))
            if cond is False:
                self.run_body(st.orelse, fr)
                return
            if cond is None:
                self._unknown_while_rounds(st, fr)
                return
            if self._loop_body(st.body, fr):
                return
            self._round_done(slot, st.lineno)
        raise Budget(f"while loop at {_where(fr, st.lineno)} runs over {MAX_LOOP} iterations")

    def _unknown_while_rounds(self, st: ast.While, fr: Frame) -> None:
        """Rounds of a ``while`` whose number we cannot know: the body run once, what it
        rebinds or changes in place unknown after it (``_after_unknown_loop``, loopattrs)."""
        before, snap = dict(fr.locals), _contents(fr.locals)
        mods = _modules_in(fr.locals)
        held = loopattrs.snapshot(fr.locals)  # ``self.xs`` filled in place
        self.ip.uncertain.append(st.lineno)
        try:
            self._loop_body(st.body, fr)
        finally:
            self.ip.uncertain.pop()
        self._after_unknown_loop(fr, before, snap, st.lineno, mods)
        loopattrs.forget(held, _where(fr, st.lineno))

    def exec_try(self, st: ast.Try, fr: Frame) -> None:
        from driftcheck.parsers.source.loader import catches_import_error

        h0 = next((h for h in st.handlers if catches_import_error(h)), None)
        if h0 is not None and self.import_fails(st.body, fr):
            # ``try: import flash_attn`` with the package absent: the handler runs
            if h0.name:
                fr.locals[h0.name] = Unknown("exception")
            try:
                self.run_body(h0.body, fr)
            finally:
                self.run_body(st.finalbody, fr)
            return
        mark = _TryMark(st, fr) if st.handlers else None
        if mark is not None:
            self.ip.tries.append(mark)
        try:
            try:
                self.run_body(st.body, fr)
            finally:
                if mark is not None:
                    self.ip.tries.pop()
        except Raised as e:
            cands: list[ast.ExceptHandler] = []
            for h in st.handlers:
                c = self._handler_catches(h, e, fr)
                if c is not False:
                    cands.append(h)
                    if c is True:
                        break
            if not cands:
                raise
            if len(cands) > 1:
                # the first handler that may catch it may not (a class we cannot compare):
                # each that may is a way the program goes, as the branches of an undecided if
                self._either_handler(st, cands, fr)
                return
            h = cands[0]
            if h.name:
                fr.locals[h.name] = Unknown("exception")
            self.run_body(h.body, fr)
        except Return as r:
            if mark is not None and mark.handlers:
                self._handlers_as_other_way(st, mark, fr, r)
            raise
        else:
            if mark is not None and mark.handlers:
                self._handlers_as_other_way(st, mark, fr, None)
            self.run_body(st.orelse, fr)
        finally:
            self.run_body(st.finalbody, fr)

    def _may_be_caught(self, what: str, fr: Frame, line: int) -> None:
        """A ``raise`` left out under an undecided condition: each ``try`` we are inside whose
        handler may catch it, innermost first, up to one that surely does, runs that handler
        as the other way its body may go (``exec_try``), never as if it could not run."""
        self.ip.left_raises += 1  # a construction that left one out is never memoized (memo.py)
        what = self._builtin_ancestor(what, fr) or what
        for mark in reversed(self.ip.tries):
            for h in mark.st.handlers:
                c = self._catches(h, what, mark.fr)
                if c is not False:
                    if h not in mark.handlers:
                        mark.handlers.append(h)
                        mark.why.append(f"{fr.mod.path.name}:{line}")
                    if c is True:
                        return
                    break

    def _builtin_ancestor(self, what: str, fr: Frame) -> str | None:
        """The builtin exception an exception class of the analyzed code derives from, resolved
        where it is raised (gymnasium's ``error.RegistrationError(Error(Exception))``): a
        handler of builtin classes then catches it exactly as it would catch that builtin
        (``except TypeError`` does not). None when it cannot be told: a name we cannot
        resolve, a base from another library, two builtin exception bases."""
        import builtins

        from driftcheck.parsers.source.values.abstract import Cls, Ext

        if not what.replace(".", "").replace("_", "").isalnum():
            return None
        try:
            c = self.exprs.eval(ast.parse(what, mode="eval").body, fr)
        except Budget:
            raise
        except Exception:  # noqa: BLE001 - a name we cannot read: not decided here
            return None
        if not isinstance(c, Cls):
            return None
        found: list[str] = []
        for k in c.mro():
            if isinstance(k, Cls) or _stdlib_mixin(k):
                continue
            name = k.qual[len("builtins.") :] if isinstance(k, Ext) else ""
            b = (
                getattr(builtins, name, None)
                if isinstance(k, Ext) and k.qual.startswith("builtins.")
                else None
            )
            if not (isinstance(b, type) and issubclass(b, BaseException)) and name != "object":
                return None
            if name != "object":
                found.append(name)
        leaves = [
            n
            for n in found
            if not any(
                issubclass(getattr(builtins, m), getattr(builtins, n)) and m != n for m in found
            )
        ]
        return leaves[0] if len(leaves) == 1 else None

    def _handler_catches(self, h: ast.ExceptHandler, e: Raised, fr: Frame) -> bool | None:
        """``_catches`` for a ``Raised``; where that cannot tell and the ``raise`` named a class
        of the analyzed code, its MRO decides (``except Base`` before ``except Sub`` catches a
        ``Sub``; ``except Base`` does not catch a ``ValueError``)."""
        c = self._catches(h, e.what, fr)
        if c is None and e.cls is not None:
            return self._catches_class(h, e.cls, fr)
        return c

    def _catches(self, h: ast.ExceptHandler, what: str, fr: Frame) -> bool | None:
        """Whether handler ``h`` catches the exception ``what`` names (the text of a ``raise``):
        True, False, or None where we cannot tell (a class of the analyzed code, a name we
        cannot resolve). Only builtin exception classes are compared."""
        import builtins

        if h.type is None:
            return True
        types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        names = [t.attr if isinstance(t, ast.Attribute) else getattr(t, "id", None) for t in types]
        raised = getattr(builtins, what.rsplit(".", 1)[-1], None)
        verdict: bool | None = False
        for n in names:
            c = getattr(builtins, n, None) if n else None
            if not (isinstance(c, type) and issubclass(c, BaseException)):
                verdict = None  # not a builtin exception class: it may catch it
            elif isinstance(raised, type) and issubclass(raised, BaseException):
                if issubclass(raised, c):
                    return True
            elif c in (Exception, BaseException):
                return True
            else:
                verdict = None  # a class of the analyzed code raised: may subclass ``c``
        return verdict

    def _either_handler(self, st: ast.Try, cands: list[ast.ExceptHandler], fr: Frame) -> None:
        """A raise caught by one of ``cands`` (all but the last undecided): each runs from the
        state the body left, and what they bind or return differently is unknown after the
        ``try`` (``_handlers_as_other_way`` without the way of a body that ran on). The
        ``finally`` is run by the caller."""
        self.note(
            f"{fr.mod.path.name}:{st.lineno}: which except catches the exception is not known"
            f" ({len(cands)} may): each followed"
        )
        self._follow_handlers(st, cands, fr, dict(fr.locals), [], [])

    def _handlers_as_other_way(
        self, st: ast.Try, mark: _TryMark, fr: Frame, body_return: Return | None
    ) -> None:
        """The body of ``st`` ran on, leaving out a ``raise`` under an undecided condition
        that a handler may catch: that handler is the other way, run as the other branch of
        an undecided ``if`` (what it binds differently is unknown after the statement)."""
        where = ", ".join(mark.why[:3])
        self.note(
            f"{fr.mod.path.name}:{st.lineno}: the except may run (a raise at {where} under an"
            " unresolved condition): both ways followed"
        )
        after_body = dict(fr.locals)
        returned: list[Return] = [body_return] if body_return is not None else []
        ways: list[dict] = [] if body_return is not None else [after_body]
        self._follow_handlers(st, mark.handlers, fr, after_body, returned, ways)

    def _follow_handlers(
        self,
        st: ast.Try,
        handlers: list[ast.ExceptHandler],
        fr: Frame,
        start: dict,
        returned: list[Return],
        ways: list[dict],
    ) -> None:
        """Run each of ``handlers`` from the locals ``start`` as one undecided way (the bound
        exception unknown), next to the ``ways`` and ``returned`` already there; the locals after
        ``st`` are the merge of the ways that ran on, and a return on some way returns either."""
        self.ip.uncertain.append(st.lineno)
        try:
            for h in handlers:
                fr.locals.clear()
                fr.locals.update(start)
                if h.name:
                    fr.locals[h.name] = Unknown("exception")
                try:
                    self.run_body(h.body, fr)
                except Return as r:
                    returned.append(r)
                    continue
                except Raised:
                    continue
                ways.append(dict(fr.locals))
        finally:
            self.ip.uncertain.pop()
        if not ways:
            fr.locals.clear()
            fr.locals.update(start)
        else:
            merged = ways[0]
            for other in ways[1:]:
                self._merge_locals(fr, start, merged, other, st.lineno)
                merged = dict(fr.locals)
            fr.locals.clear()
            fr.locals.update(merged)
        if returned:
            raise Return(self._either(returned, not ways and len(returned) == 2, st.lineno))

    def import_fails(self, body: list[ast.stmt], fr: Frame) -> bool:
        """Whether an import statement directly in ``body`` names a module not on disk."""
        from driftcheck.parsers.source.loader import import_findable, resolve_relative

        for st in body:
            if isinstance(st, ast.Import):
                if any(not import_findable(self.ip.finder, a.name) for a in st.names):
                    return True
            elif isinstance(st, ast.ImportFrom):
                base = resolve_relative(fr.mod, st.module, st.level)
                if not import_findable(self.ip.finder, base):
                    return True
        return False

    def exec_import(self, st: ast.stmt, fr: Frame) -> None:
        """A function-local import binds names like a module-level one."""
        from driftcheck.parsers.source.loader import resolve_relative

        if isinstance(st, ast.Import):
            for a in st.names:
                name = a.asname or a.name.split(".")[0]
                fr.locals[name] = self.names.import_value(a.name if a.asname else name, None)
        elif isinstance(st, ast.ImportFrom):
            base = resolve_relative(fr.mod, st.module, st.level)
            for a in st.names:
                if a.name != "*":
                    fr.locals[a.asname or a.name] = self.names.import_value(base, a.name)

    # ------------------------------------------------------------------ assignment
    def assign(self, tgt: ast.expr, v: Any, fr: Frame) -> None:
        t = type(tgt)
        if t is ast.Name:
            if fr.func is not None and globalstmt.declared(fr, tgt.id, self.ip.speed.attr_scans):
                globalstmt.store(self.ip, fr, tgt.id, v)  # ``global n; n = v`` (globalstmt.py)
                return
            fr.locals[tgt.id] = v
        elif t is ast.Attribute:
            self.attrs.setattr(self.exprs.eval(tgt.value, fr), tgt.attr, v, tgt.lineno, fr)
        elif t in (ast.Tuple, ast.List):
            self.unpack(tgt.elts, v, fr)
        elif t is ast.Subscript:
            held = tgt.__dict__.pop("_dc_held", None)  # ``aug_assign``'s, evaluated once
            if held is not None:
                obj, key = held
            else:
                obj, key = self.exprs.eval(tgt.value, fr), self.exprs.eval(tgt.slice, fr)
            ownerless.put_into(self.ip, plain(obj), "item assignment", [v], tgt.lineno, fr)
            self.items.setitem(obj, key, v)
            raw = plain(obj)
            if raw.__class__ is dict and dunders.hash_kind(plain(key)) is not None:
                # ``d[Key(v)] = v`` with a class's own ``__hash__`` / ``__eq__``: equal keys are
                # one entry in Python (not followed here): its keys and items are unknown
                where = f"{fr.mod.path.name}:{tgt.lineno}" if fr.mod is not None else ""
                why = f"dict keyed by {plain(key).cls.name} instances (their own hash) at {where}"
                self._forget_everywhere(raw, fr, why)
                self.note(f"{where}: {why}: its keys and items are unknown")
            elif (
                raw.__class__ is dict
                and isinstance(plain(key), Unknown)
                and fr.func is not None
                and not copyhooks.memo_write(self.ip, raw, plain(key))
            ):
                # ``heads[name] = 2`` with ``name`` unknown: a new key or one replaced, so its
                # length, keys and items are unknown (it was read as if never written)
                where = f"{fr.mod.path.name}:{tgt.lineno}" if fr.mod is not None else ""
                why = f"dict written under an unknown key at {where}"
                self._forget_everywhere(raw, fr, why)
                self.note(f"{where}: {why}: its keys and items are unknown")
        elif t is ast.Starred:
            self.assign(tgt.value, v, fr)

    def unpack(self, elts: list[ast.expr], v: Any, fr: Frame) -> None:
        items = self.items.iterate(v)
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
        if items is None or (star is None and len(items) != len(elts)):
            item = opaque.unpacked_item(v) if items is None else Unknown("unpack")
            for e in elts:
                self.assign(e, item, fr)
            return
        if star is None:
            for e, x in zip(elts, items):
                self.assign(e, x, fr)
            return
        after = len(elts) - star - 1
        for e, x in zip(elts[:star], items[:star]):
            self.assign(e, x, fr)
        self.assign(elts[star], list(items[star : len(items) - after]), fr)
        for e, x in zip(elts[star + 1 :], items[len(items) - after :]):
            self.assign(e, x, fr)

    def aug_assign(self, st: ast.AugAssign, fr: Frame) -> None:
        tgt = st.target
        if isinstance(tgt, ast.Subscript) and "_dc_unpack" not in tgt.__dict__:
            # ``xs[idx()] += 4``: the container and the key are evaluated once (Python's), both
            # for the read and for the store (``idx()`` ran twice: its effects doubled)
            obj, key = self.exprs.eval(tgt.value, fr), self.exprs.eval(tgt.slice, fr)
            cur = self.items.getitem(obj, key)
            rhs = self.exprs.eval(st.value, fr)
            _view_ior(cur, st, fr)
            if isinstance(st.op, ast.Add) and self.items.inplace_add(cur, rhs):
                return
            got = self.exprs.dunder_inplace(st.op, cur, rhs)
            if got is NotImplemented:
                got = self.exprs.binop(st.op, cur, rhs)
                if isinstance(st.op, ast.Mult):
                    from driftcheck.parsers.source.library import seqops

                    got = seqops.inplace_mul(cur, got)
                got = _inplace_kept_shape(cur, got)
            tgt._dc_held = (obj, key)  # type: ignore[attr-defined]
            try:
                self.assign(tgt, got, fr)
            finally:
                tgt.__dict__.pop("_dc_held", None)
            return
        cur = self.exprs.eval(st.target, fr) if not isinstance(st.target, ast.Name) else None
        if isinstance(st.target, ast.Name):
            cur = self.names.lookup(st.target.id, fr)
        rhs = self.exprs.eval(st.value, fr)
        _view_ior(cur, st, fr)
        if isinstance(st.op, ast.Add) and self.items.inplace_add(cur, rhs):
            return
        got = self.exprs.dunder_inplace(st.op, cur, rhs)  # the class's own ``__iadd__``...
        if got is not NotImplemented:
            self.assign(st.target, got, fr)
            return
        got = self.exprs.binop(st.op, cur, rhs)
        if isinstance(st.op, ast.Mult):  # ``seq *= n``: torch's ``__imul__``, in place
            from driftcheck.parsers.source.library import seqops

            got = seqops.inplace_mul(cur, got)
        self.assign(st.target, _inplace_kept_shape(cur, got), fr)

    def delete(self, tgt: ast.expr, fr: Frame) -> None:
        if isinstance(tgt, ast.Name):
            if fr.func is not None and globalstmt.declared(fr, tgt.id, self.ip.speed.attr_scans):
                globalstmt.delete(self.ip, fr, tgt.id, tgt.lineno)
            fr.locals.pop(tgt.id, None)
        elif isinstance(tgt, ast.Attribute):
            self.delete_attr(self.exprs.eval(tgt.value, fr), tgt.attr, tgt.lineno)
        elif isinstance(tgt, ast.Subscript):
            # ``del return_layers[name]`` (torchvision's IntermediateLayerGetter stops when
            # its dict is empty; ignoring the del kept resnet's fc: a confident overcount)
            key = plain(self.exprs.eval(tgt.slice, fr))
            if leafdel.registry_of_leaf(self, tgt.value, fr, key, tgt.lineno):
                return  # ``del conv._parameters["weight"]`` (interp/leafdel.py)
            held = self.exprs.eval(tgt.value, fr)
            if held.__class__ is ReadOnlyView:  # ``del proxy[k]``: TypeError (abstract.py)
                raise Raised("TypeError", tgt.lineno, fr.mod.path)
            obj = plain(held)
            if obj.__class__ is Ext and obj.qual == "copyreg.dispatch_table":
                reducecopy.unregister(self.ip, key, f"{fr.mod.path}:{tgt.lineno}")
                return
            if isinstance(obj, Obj) and obj.cls is not None and self._own_delitem(obj, tgt, fr):
                return  # ``del plan[name]`` on a class of the analyzed code with ``__delitem__``
            if isinstance(obj, Obj) and obj.kind:
                self.del_container_item(obj, key, tgt.lineno)
            elif isinstance(obj, modtree.ModulesView):
                # ``del self._modules[name]``: torch's registry of the owner itself (the view
                # is a copy: deleting from it alone left the layer counted)
                own = obj.owner
                if isinstance(key, Unknown):
                    own.unresolved.append(
                        f"_modules item deleted under an unknown name ({key.why})"
                    )
                elif str(key) in own.children or str(key) in own.none_keys:
                    own.children.pop(str(key), None)
                    if str(key) in own.none_keys:
                        own.none_keys.remove(str(key))
                    obj.pop(key, None)
            elif isinstance(obj, (dict, list)) and not isinstance(key, Unknown):
                try:
                    del obj[key]
                except (KeyError, IndexError, TypeError):
                    pass
            elif obj.__class__ is dict:
                # ``del widths[name]`` with ``name`` unknown: some key is gone, which one is not
                # known (it was read as if never deleted)
                self._forget(obj, fr, tgt.lineno, "dict item deleted under an unknown key")
            elif (
                isinstance(obj, Obj)
                and isinstance(obj.attrs.get("__items__"), dict)
                and obj.cls is not None
                and not self.classes.mro_attr(obj.cls, "__delitem__")[0]
                and not isinstance(key, Unknown)
            ):
                obj.attrs["__items__"].pop(key, None)  # a dict subclass: dict's own ``__delitem__``
            elif isinstance(obj, Obj) and obj.cls is not None and not obj.kind:
                # an instance whose ``__delitem__`` is not read from the analyzed code (an
                # installed library's): what it drops is not known
                self._forget(obj, fr, tgt.lineno, "del of an item of an instance not followed")

    def del_container_item(self, obj: Obj, key: Any, line: int | None) -> None:
        """torch's ``__delitem__`` of a container module (``del blocks[0]``, also
        ``super().__delitem__(i)`` in a subclass's own): the item removed, a list renumbered."""
        src = obj.params if obj.kind.startswith("Parameter") else obj.children
        if isinstance(key, Unknown):
            obj.unresolved.append(f"del with an unknown key at line {line}")
        elif obj.kind in ("ModuleDict", "ParameterDict"):
            src.pop(str(key), None)
        elif obj.kind.startswith("Parameter"):
            items = list(src.values())
            try:
                del items[key]
            except (IndexError, TypeError):
                obj.unresolved.append(f"del at line {line}")
            else:
                src.clear()
                src.update({str(i): v for i, v in enumerate(items)})
        else:
            items = container_values(obj)  # ``None`` items keep their slots
            try:
                del items[key]
            except (IndexError, TypeError):
                obj.unresolved.append(f"del at line {line}")
            else:
                obj.children, obj.none_keys = {}, []
                for i, v in enumerate(items):
                    torchlib.container_add(obj, v, str(i))

    def _own_delitem(self, obj: Obj, tgt: ast.Subscript, fr: Frame) -> bool:
        """``del obj[key]`` where ``obj``'s class (read from the analyzed code) defines
        ``__delitem__``: Python calls that method with the key (a slice for ``del o[a:b]``),
        whatever it does; before, the statement was dropped (a confident overcount)."""
        from driftcheck.parsers.source.interp.dunders import own_method

        fn = own_method(self.ip, obj.cls, "__delitem__")
        if fn is None:
            return False
        key = self.exprs.eval(tgt.slice, fr)
        self.calls.call_func(self.attrs.bind(fn, obj), [key], {})
        return True

    def _forget_everywhere(self, raw: Any, fr: Frame, why: str) -> None:
        """``raw`` (changed in a way not followed) becomes unknown wherever this frame can
        reach it: its locals and its module's globals (a registry dict a function fills)."""
        branchstate.forget(fr.locals, {id(raw)}, [], why)
        ns = self.ip.globals.get(id(fr.mod)) if fr.mod is not None else None
        if ns is not None and ns is not fr.locals:
            branchstate.forget(ns, {id(raw)}, [], why)

    def _forget(self, raw: Any, fr: Frame, line: int, what: str) -> None:
        where = f"{fr.mod.path.name}:{line}" if fr.mod is not None else f"line {line}"
        why = f"{what} at {where}"
        self.ip.havoc[id(raw)] = (raw, why)
        self._forget_everywhere(raw, fr, why)
        self.note(f"{where}: {why}: its items are unknown")

    def delete_attr(self, obj: Any, attr: str, line: int | None) -> None:
        """``del obj.attr`` / ``delattr(obj, attr)``: what torch's ``__delattr__`` drops."""
        obj = plain(obj)
        if isinstance(obj, Obj):
            if obj.cls is not None and self._class_deletes(obj, attr, line):
                return
            for d in (obj.attrs, obj.children, obj.params, obj.buffers):
                d.pop(attr, None)
        elif isinstance(obj, Leaf):
            leafdel.drop(self.attrs, obj, attr, line)

    def _class_deletes(self, obj: Obj, attr: str, line: int | None) -> bool:
        """``del obj.attr`` where the class, not the instance, decides (Python's
        ``object.__delattr__`` calls a data descriptor's ``__delete__``): a ``@property``
        read from source runs its ``@attr.deleter`` (Python raises AttributeError for one
        without); a ``__delattr__`` of the class's own, or a class attribute we cannot read,
        leaves what the object holds unknown. True when handled here."""
        from driftcheck.parsers.source.interp import dunders, propobj
        from driftcheck.parsers.source.values.abstract import Cls, Func

        if not obj.module and any(
            isinstance(c, Cls) and dunders.body_binds(c, "__delattr__") for c in obj.cls.mro()
        ):
            for d in (obj.attrs, obj.children, obj.params, obj.buffers):
                d.pop(attr, None)
            obj.attrs[attr] = Unknown(f"del {attr} through the class's own __delattr__")
            return True
        found, v, owner = self.classes.mro_attr(obj.cls, attr)
        if not found or not isinstance(owner, Cls):
            return False
        if isinstance(v, Func) and propobj.is_property_def(v.node):
            fdel = propobj.part(self.classes, v, "fdel")
            if fdel is None:
                if self.ip.uncertain:
                    return True
                raise Raised("AttributeError", line, obj.cls.mod.path)  # no deleter
            if isinstance(fdel, Func):
                self.calls.call_func(fdel, [obj], {})
                return True
            # what the deleter changes is not known: the property's value neither
            self.ip.havoc[id(obj)] = (obj, f"del {attr}: a property's deleter not read")
            return True
        return False


def _inplace_kept_shape(cur: Any, got: Any) -> Any:
    """``w *= enorm[:, np.newaxis]`` on an array or tensor of known shape: an in-place
    operation never changes the shape (numpy and torch raise when the right side does not
    broadcast to it), so when the result's shape was not followed the target keeps its own,
    values no longer known (the same object: an alias sees the change, as in Python).
    nnAudio's mel filter bank is built so."""
    from driftcheck.parsers.source.values.abstract import Tensor

    c = plain(cur)
    if not isinstance(c, Tensor) or not isinstance(c.shape, tuple):
        return got
    g = plain(got)
    if isinstance(g, Tensor) and isinstance(g.shape, tuple):
        return got
    c.data = None
    return cur
