"""A tensor returned under a condition ``__init__`` cannot decide, joined with what the rest of
the function returns.

``if random.random() > self.p: return x`` / ``return self.fn(x)`` (a random augmentation
wrapper applied to a dummy batch in ``__init__``): the call gives ``x`` or ``fn(x)``. Both
are tensors; when they have the same known shape, the result has that shape whichever way
the run goes (its values are unknown anyway: the interpreter tracks shapes). Before, the
first conditional ``return`` ended the call with an unknown value and the rest of the body
was never run.

Only for an ``if`` at the top level of a function body (never inside a loop, ``with`` or
``try``: a later round or handler would not know the function may have returned) and only
when the value returned is a plain tensor (no parameter, no known values): the rest of the
body then runs under the condition, as Python runs it when the condition is false (what it
writes is unknown after it, as under any undecided condition), and the function's result is
the join: the same shape on every way, else unknown (``statements._either``)."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Tensor, plain


def joinable(v: Any) -> bool:
    """A tensor a join may keep: an activation of known shape, no parameter, no known data."""
    t = plain(v)
    return (
        type(t) is Tensor
        and not t.param
        and t.owner is None
        and t.data is None
        and isinstance(t.shape, tuple)
        and all(type(plain(d)) is int for d in t.shape)
    )


def join_values(a: Any, b: Any) -> Any:
    """Two tensors the two ways of an undecided ``if`` bind to one name, joined: the same known
    shape both ways gives a tensor of that shape whose values are unknown (geoopt's
    ``k = torch.as_tensor(c)`` / ``if not torch.is_floating_point(k): k = k.to(dtype)``), else
    None. Known values are dropped, never kept from the way that ran last; a parameter or a
    tensor some module holds is never joined (its identity matters for counts and ties)."""
    ta, tb = plain(a), plain(b)
    if type(ta) is not Tensor or type(tb) is not Tensor:
        return None
    if ta.param or tb.param or ta.owner is not None or tb.owner is not None:
        return None
    if not isinstance(ta.shape, tuple) or not isinstance(tb.shape, tuple):
        return None
    sa = tuple(plain(d) for d in ta.shape)
    if not all(type(d) is int for d in sa) or sa != tuple(plain(d) for d in tb.shape):
        return None
    return Tensor(sa)


def join(a: Any, b: Any) -> Any:
    """The one tensor both ways give (same shape), else None."""
    if joinable(a) and joinable(b):
        sa = tuple(plain(d) for d in plain(a).shape)
        if sa == tuple(plain(d) for d in plain(b).shape):
            return Tensor(sa)
    return None


def _table(ip: Any) -> dict[int, tuple[Any, int, int]]:
    got = getattr(ip, "_pending_returns", None)
    if got is None:
        got = {}
        ip._pending_returns = got
    return got


def top_level(st: Any, fr: Any) -> bool:
    node = getattr(fr.func, "node", None)
    body = getattr(node, "body", None)
    return isinstance(body, list) and any(s is st for s in body)


def defer(ip: Any, fr: Any, value: Any, line: int) -> bool:
    """``exec_if``: one branch returned ``value``, the other went on. True when the return is
    deferred (the rest of the body runs under the condition), False to keep the old way."""
    tab = _table(ip)
    old = tab.get(id(fr))
    if old is not None:
        joined = join(old[0], value)
        if joined is None:
            return False
        tab[id(fr)] = (joined, old[1], old[2])
        return True
    if not joinable(value):
        return False
    tab[id(fr)] = (value, line, len(ip.uncertain))
    ip.uncertain.append(line)
    return True


def finish(ip: Any, fr: Any, value: Any, ended: bool) -> Any:
    """The call's result: ``value`` (what the rest returned; ``ended`` False: it fell off the
    end, None) joined with a deferred return. Ends the condition the rest ran under."""
    tab = getattr(ip, "_pending_returns", None)
    got = tab.pop(id(fr), None) if tab else None
    if got is None:
        return value
    pending, line, depth = got
    del ip.uncertain[depth:]
    joined = join(pending, value) if ended else None
    if joined is not None:
        return joined
    from driftcheck.parsers.source.values.abstract import Unknown, UnknownModule, is_module

    why = f"returned under an unresolved condition at line {line}"
    return UnknownModule(why) if is_module(plain(value)) else Unknown(why)


def drop(ip: Any, fr: Any) -> None:
    """A call ended by an exception: forget its deferred return, end its condition."""
    tab = getattr(ip, "_pending_returns", None)
    got = tab.pop(id(fr), None) if tab else None
    if got is not None:
        del ip.uncertain[got[2] :]


class EitherFunc:
    """``f if cond else g`` of two functions read from source, on a condition not decided
    (pixel-level-contrastive-learning's ``flip_fn = rand_flip if rand_true(p) else
    identity``). Calling it calls each under the condition and gives what both give: one
    tensor shape (``join``), else unknown. A class, a layer or a library callable on either
    side is never made one of these (what it builds is a layer either way: exprs.py)."""

    __slots__ = ("a", "b", "line")
    library_call = True  # called through ``call`` (objmodel.Calls.call)
    library_type = "builtins.function"

    def __init__(self, a: Any, b: Any, line: int) -> None:
        self.a, self.b, self.line = a, b, line

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.values.abstract import Unknown

        return Unknown(f"function.{name} (condition at line {self.line})")

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        from driftcheck.parsers.source.values.abstract import Unknown, UnknownModule, is_module

        got = []
        interp.uncertain.append(self.line)
        try:
            for f in (self.a, self.b):
                got.append(interp.calls.call(f, list(args), dict(kwargs), loc))
        finally:
            interp.uncertain.pop()
        same = join(got[0], got[1])
        if same is not None:
            return same
        why = f"one of two functions (condition at line {self.line})"
        if any(is_module(plain(v)) or isinstance(plain(v), UnknownModule) for v in got):
            return UnknownModule(why)
        return Unknown(why)


def either(a: Any, b: Any, line: int) -> Any:
    """``a if cond else b`` undecided: one tensor of both shapes, one function of two plain
    functions, else None (the caller's unknown)."""
    from driftcheck.parsers.source.values.abstract import Func

    same = join(a, b)
    if same is not None:
        return same
    fa, fb = plain(a), plain(b)
    if isinstance(fa, Func) and isinstance(fb, Func) and not fa.is_classmethod:
        return EitherFunc(fa, fb, line)
    return None
