"""Generators driven by ``send``: a coroutine-style generator function, replayed (issue #16).

A generator function runs eagerly on its call (interp/tuplesub.py ``Generator``): every
``yield`` records its value and gives None back, as if nobody sent anything. A body that *uses*
the value a ``yield`` gives back (``got = yield width``) is a coroutine: its callers drive it
with ``next(g)`` and ``g.send(v)``, and an eager run read None where the caller sends numbers
(or ran ``while True`` to the loop limit).

Such a generator is kept as a ``ReplayGen`` instead: the k-th ``next`` / ``send`` runs the body
again from its start in a fresh frame, each earlier ``yield`` giving back the value that was
sent to resume it, and stops at the k-th ``yield`` with its value (``Reached``). Replaying
is exact only where re-running the body changes nothing outside it and reads nothing that can
change between resumptions, so it is used for *closed* bodies alone (``replayable``): no call
but to a few pure builtins, no write but to its own local names, no name read that is not a
parameter, its own local or such a builtin, and arguments that are immutable values. Anything
else keeps the eager reading. A known non-None value sent to a just-started generator raises
TypeError, as in Python (session 31); ``next`` after the body ended (StopIteration), ``throw`` /
``close``: unknown; a loop over it
before any resumption is the eager reading (each ``yield`` gives None back, as the loop sends
None), after one: unknown.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp.tuplesub import GenState
from driftcheck.parsers.source.values.abstract import Unknown, plain
from driftcheck.speed import tree_memos

MAX_RESUMES = 200  # resumptions of one generator followed (each replays the body)

# builtins a closed body may call: pure functions of their (immutable) arguments
_PURE = frozenset(
    "abs bool divmod float int len max min pow range round str tuple sorted sum any all".split()
)
_ATOMS = (int, float, str, bool, bytes, type(None))


def _immutable(v: Any, depth: int = 0) -> bool:
    v = plain(v)
    if isinstance(v, Unknown) or depth > 10:
        return False
    if isinstance(v, tuple):
        return all(_immutable(x, depth + 1) for x in v)
    return isinstance(v, _ATOMS)


def _own_nodes(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The nodes of the function's own body (not a nested function's or class's)."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = [*node.body]
    while todo:
        n = todo.pop()
        out.append(n)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        todo.extend(ast.iter_child_nodes(n))
    return out


def replayable(node: Any) -> bool:
    """A generator function whose body uses a ``yield``'s value and is closed (see the
    module docstring); decided once per definition."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = node.__dict__.get("_dc_replay") if keep else None
    if got is not None:
        return got
    got = _closed(node)
    if keep:
        node._dc_replay = got
    return got


def _closed(node: Any) -> bool:
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return False
    nodes = _own_nodes(node)
    used = False
    for n in nodes:
        if isinstance(n, ast.Yield):
            used = used or not _statement_value(n, nodes)
    if not used:
        return False
    a = node.args
    params = {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs]}
    params |= {x.arg for x in (a.vararg, a.kwarg) if x is not None}
    stored: set[str] = set()
    for n in nodes:
        if isinstance(
            n,
            (
                ast.YieldFrom,
                ast.Global,
                ast.Nonlocal,
                ast.Await,
                ast.Try,
                ast.With,
                ast.Raise,
                ast.Lambda,
                ast.FunctionDef,
                ast.ClassDef,
                ast.NamedExpr,
                ast.Import,
                ast.ImportFrom,
            ),
        ):
            return False
        if isinstance(n, (ast.Attribute, ast.Subscript, ast.Starred)) and not isinstance(
            n.ctx, ast.Load
        ):
            return False  # a write into an object: not its own local
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            stored.add(n.id)
        if isinstance(n, ast.Call):
            if not (isinstance(n.func, ast.Name) and n.func.id in _PURE):
                return False
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return False  # their own scopes: kept out rather than followed
    for n in nodes:
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            if n.id not in params and n.id not in stored and n.id not in _PURE:
                if n.id not in ("True", "False", "None"):
                    return False
    return True


def _statement_value(y: ast.Yield, nodes: list[ast.AST]) -> bool:
    """Whether ``y`` stands alone as an expression statement (its value discarded)."""
    return any(isinstance(n, ast.Expr) and n.value is y for n in nodes)


def arguments_ok(args: list[Any], kwargs: dict[str, Any]) -> bool:
    return all(_immutable(a) for a in args) and all(_immutable(v) for v in kwargs.values())


class Reached(BaseException):
    """The replayed body reached the ``yield`` it was run for (not an ``Exception``: no
    handler of the interpreter's own may swallow it)."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value


class ReplayState(GenState):
    """The frame state of one replay: stop at yield number ``target``; the earlier ones give
    back ``resumes`` in order."""

    __slots__ = ("target", "resumes", "count")

    def __init__(self, depth: int, target: int, resumes: list[Any]) -> None:
        super().__init__(depth)
        self.target = target
        self.resumes = resumes
        self.count = 0


def at_yield(st: ReplayState, value: Any) -> Any:
    """A ``yield value`` reached in a replay: the stop, or the value sent to resume it."""
    if st.count == st.target:
        raise Reached(value)
    got = st.resumes[st.count]
    st.count += 1
    return got


class ReplayGen:
    """A coroutine-style generator (see the module docstring): ``next(g)``, ``g.send(v)``."""

    library_type = "builtins.generator"

    def __init__(self, calls: Any, f: Any, args: list[Any], kwargs: dict[str, Any]) -> None:
        self.calls, self.f, self.args, self.kwargs = calls, f, list(args), dict(kwargs)
        self.resumes: list[Any] = []
        self.taken = 0  # yields handed out so far
        self.lost: str | None = None  # why what comes next is unknown
        self.done = False
        self.depth = len(calls.ip.uncertain)  # conditions open where it was made

    def resume(self, sent: Any) -> Any:
        """``g.send(sent)`` (``next(g)``: ``sent`` None); StopIteration as ``Unknown``."""
        name = self.f.name
        if self.lost is not None:
            return Unknown(f"generator {name}: {self.lost}")
        if self.done:
            return Unknown(f"generator {name} exhausted (StopIteration)")
        if len(self.calls.ip.uncertain) > self.depth:
            self.lost = "resumed under an undecided condition"
            return Unknown(f"generator {name}: {self.lost}")
        if self.taken == 0 and plain(sent) is not None:
            if isinstance(plain(sent), Unknown):
                self.lost = "a value sent to a just-started generator (TypeError?)"
                return Unknown(f"generator {name}: {self.lost}")
            # Python's "can't send non-None value to a just-started generator": it raises (a
            # ``try`` around it runs its ``except TypeError``), the generator unchanged
            from driftcheck.parsers.source.interp.statements import Raised

            ip = self.calls.ip
            raise Raised("TypeError", ip.at_line, None)
        if self.taken >= MAX_RESUMES:
            self.lost = f"over {MAX_RESUMES} resumptions"
            return Unknown(f"generator {name}: {self.lost}")
        if self.taken > 0:
            if not _immutable(sent):
                self.lost = "a value sent that is not a known immutable value"
                return Unknown(f"generator {name}: {self.lost}")
            self.resumes.append(sent)
        st = ReplayState(len(self.calls.ip.uncertain), self.taken, list(self.resumes))
        try:
            out = self.calls.call_func(self.f, self.args, self.kwargs, replay=st)
        except Reached as r:
            if st.bad is not None:
                self.lost = st.bad
                return Unknown(f"generator {name}: {self.lost}")
            self.taken += 1
            return r.value
        if st.bad is not None or isinstance(out, Unknown):
            self.lost = st.bad or "its body not followed"
            return Unknown(f"generator {name}: {self.lost}")
        self.done = True  # the body ended before this yield: StopIteration
        return Unknown(f"generator {name} exhausted (StopIteration)")

    def iterate(self) -> list[Any] | None:
        """A loop over it (``for``, ``list()``): Python resumes it with None each time, which
        is the eager reading (interp/tuplesub.py) when nothing was taken yet; after a
        ``next`` / ``send``, not followed (None: an unknown loop)."""
        if self.lost is not None or self.done or self.taken:
            self.lost = self.lost or "iterated after a resumption"
            return None
        if len(self.calls.ip.uncertain) > self.depth:
            self.lost = "iterated under an undecided condition"
            return None
        self.done = True  # read to its end (or unknown): nothing is left
        st = GenState(len(self.calls.ip.uncertain))
        got = self.calls.call_func(self.f, self.args, self.kwargs, replay=st)
        items = got.take() if hasattr(got, "take") else None
        if items is None:
            self.lost = "its items not known"
        return items

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name == "send":
            return BuiltinMethod(
                lambda a, k: self.resume(a[0]) if len(a) == 1 and not k else Unknown("send()")
            )
        if name == "__next__":
            return BuiltinMethod(
                lambda a, k: self.resume(None) if not a and not k else Unknown("__next__()")
            )
        self.lost = self.lost or f"generator.{name} not followed"
        return Unknown(f"generator.{name}")
