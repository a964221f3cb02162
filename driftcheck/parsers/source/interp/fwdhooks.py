"""Forward hooks registered in ``__init__`` and run when ``__init__`` calls the module.

SSL wrappers size their projector from a hidden layer's output: ``layer.register_forward_hook
(self._hook)`` stores the hook, then ``self.forward(torch.randn(2, 3, s, s))`` in ``__init__``
runs the backbone, the hook records the hidden output (``self.hidden[dev] = flatten(out)``)
and a projector ``nn.Linear(hidden.shape[1], ...)`` is made from it (byol-pytorch). torch's
``Module._call_impl`` runs a module's forward pre-hooks (``hook(module, args)``: a non-None
result replaces the inputs), then ``forward``, then its forward hooks (``hook(module, args,
output)``: a non-None result replaces the output), in registration order (``prepend=True``
first). The same is done here whenever ``__init__`` calls a hooked module, whatever the
inputs: on inputs of unknown shape the hook still runs and sees an unknown output, so what it
records is unknown, never missing (a missing record read later would be a KeyError torch
never raises).

Hooks live on the module value (attribute ``HOOKS``), so ``copy.deepcopy(wrapper)`` carries
them to the copy, bound to the copied objects as Python's deepcopy memo rebinds a bound
method's ``__self__`` (``after_clone``). A hook registered under a condition the interpreter
could not decide (or removed under one) is not run: the hooked module and the hook's owner
are unresolved with a note, since what it records is read later as if it had run; a handle's
``remove()`` takes it off. Backward and state-dict hooks never run in ``__init__``: they are
only stored as before (a plain handle)."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Func, Leaf, Obj, Unknown, plain

HOOKS = "_driftcheck_fwd_hooks"  # the attribute on an Obj / Leaf holding its hook records
_RUN = ("register_forward_hook", "register_forward_pre_hook")


class Hook:
    """One registration: ``pre`` (a forward pre-hook) or not, the callable, ``with_kwargs``,
    and the undecided conditions (line numbers) it was registered under."""

    __slots__ = ("pre", "fn", "with_kwargs", "conds")

    def __init__(self, pre: bool, fn: Any, with_kwargs: bool, conds: tuple) -> None:
        self.pre, self.fn, self.with_kwargs, self.conds = pre, fn, with_kwargs, conds


class RunHandle:
    """The handle ``register_forward_hook`` returns (``torch.utils.hooks.RemovableHandle``):
    ``remove()`` takes the hook off the module."""

    __slots__ = ("module", "hook", "ip")
    library_type = "torch.utils.hooks.RemovableHandle"

    def __init__(self, module: Any, hook: Hook, ip: Any) -> None:
        self.module, self.hook, self.ip = module, hook, ip

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name == "remove":
            return BuiltinMethod(lambda a, k: _remove(self.module, self.hook, self.ip))
        return Unknown(f"RemovableHandle.{name}")


def _remove(module: Any, hook: Hook, ip: Any) -> None:
    hooks = getattr(module, HOOKS, None)
    if hooks and hook in hooks:
        if ip.uncertain:  # removed or not: it may still run
            hook.conds = (*hook.conds, ip.uncertain[-1])
        else:
            hooks.remove(hook)


def hooks_of(m: Any) -> list[Hook]:
    return getattr(m, HOOKS, None) or []


def registration(module: Any, name: str, ip: Any) -> Any:
    """The bound ``module.register_forward_hook`` / ``register_forward_pre_hook``, or None for
    the other ``register_*_hook`` methods (handled as before: stored, never run)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    if name not in _RUN:
        return None

    def register(a: list, k: dict) -> Any:
        fn = a[0] if a else k.get("hook")
        prepend, with_kwargs = plain(k.get("prepend", False)), plain(k.get("with_kwargs", False))
        unknown_opts = not isinstance(prepend, bool) or not isinstance(with_kwargs, bool)
        if len(a) > 1 or unknown_opts or k.keys() - {"hook", "prepend", "with_kwargs"}:
            # ``always_call`` or an option we cannot read: the hook may change what later
            # reads see, so the module's results are unknown from now on
            hook = Hook(name.endswith("pre_hook"), Unknown(f"{name} options"), False, ())
        else:
            hook = Hook(name.endswith("pre_hook"), fn, with_kwargs, tuple(ip.uncertain))
        hooks = getattr(module, HOOKS, None)
        if hooks is None:
            hooks = []
            setattr(module, HOOKS, hooks)
        if prepend is True:
            hooks.insert(0, hook)
        else:
            hooks.append(hook)
        return RunHandle(module, hook, ip)

    return BuiltinMethod(register)


def call_hooked(names: Any, m: Any, args: list, kwargs: dict, inner: Any) -> Any:
    """``m(*args, **kwargs)`` as ``Module._call_impl`` runs it: pre-hooks, ``inner`` (the
    module's own call, with its hooks set aside), forward hooks."""
    hooks = list(hooks_of(m))
    loc = m.loc or ("", 0)
    args = list(args)
    for h in hooks:
        if not h.pre:
            continue
        got = _run(names, h, m, [m, tuple(args), *([dict(kwargs)] if h.with_kwargs else [])], loc)
        if plain(got) is None:
            continue
        if h.conds or isinstance(plain(got), Unknown):
            args = [Unknown("inputs replaced by a forward pre-hook")] * max(len(args), 1)
        elif h.with_kwargs and isinstance(plain(got), tuple) and len(plain(got)) == 2:
            new_args, new_kwargs = plain(got)
            args, kwargs = list(plain(new_args)), dict(plain(new_kwargs))
        else:
            args = list(plain(got)) if isinstance(plain(got), tuple) else [got]
    saved = getattr(m, HOOKS)
    setattr(m, HOOKS, [])
    try:
        out = inner(args, kwargs)
    finally:
        setattr(m, HOOKS, saved)
    if out is None:
        out = Unknown("hooked module applied in __init__")
    for h in hooks:
        if h.pre:
            continue
        call_args = [m, tuple(args), *([dict(kwargs)] if h.with_kwargs else []), out]
        got = _run(names, h, m, call_args, loc)
        if plain(got) is not None:
            out = Unknown("output replaced by a forward hook") if h.conds else got
    return out


def _run(names: Any, h: Hook, m: Any, args: list, loc: tuple) -> Any:
    if isinstance(h.fn, Unknown) or h.conds:
        # registered under an undecided condition (or with options not read): the hook may
        # or may not run, and what it records is read later as if it had; the hooked module
        # and the object the hook belongs to are unresolved, never counted on a guess
        why = (
            f"a forward hook registered under the unresolved condition at line {h.conds[-1]}"
            if h.conds
            else f"a forward hook not followed ({h.fn.why})"
        )
        for o in (m, getattr(plain(h.fn), "bound", None)):
            if isinstance(o, (Obj, Leaf)):
                o.unresolved.append(why)
        return Unknown(why)
    return names.call(h.fn, args, {}, loc)


def after_clone(old: Any, new: Any) -> None:
    """``copy.deepcopy(module)``: torch copies each sub-module's ``_forward_hooks``; a hook
    that is a bound method of an object inside the copied tree is bound to that object's copy
    (Python's deepcopy memo). ``items.clone_module`` copies the tree; this copies the hooks,
    called at each level so the outermost call (which sees the whole tree) wins."""
    pairs: list[tuple[Any, Any]] = []
    _pair(old, new, pairs, 0)
    if not any(hooks_of(o) for o, _ in pairs):
        return
    remap = {id(o): n for o, n in pairs}
    for o, n in pairs:
        hs = hooks_of(o)
        if not hs:
            continue
        setattr(n, HOOKS, [Hook(h.pre, _rebind(h.fn, remap), h.with_kwargs, h.conds) for h in hs])


def _pair(old: Any, new: Any, out: list, depth: int) -> None:
    out.append((old, new))
    if depth > 64 or not isinstance(old, Obj) or not isinstance(new, Obj):
        return
    for k, c in old.children.items():
        n = new.children.get(k)
        if n is not None and isinstance(c, (Obj, Leaf)):
            _pair(c, n, out, depth + 1)


def _rebind(fn: Any, remap: dict[int, Any]) -> Any:
    if isinstance(fn, Func) and fn.bound is not None and id(fn.bound) in remap:
        import copy

        g = copy.copy(fn)
        g.bound = remap[id(fn.bound)]
        return g
    return fn
