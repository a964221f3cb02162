"""``copy.copy`` / ``copy.deepcopy`` of an object whose class defines how it is copied, and a
deepcopy memo handed in by the caller (issue #16, session 27).

CPython's copy module asks the object's class first: ``cls.__deepcopy__(x, memo)`` (or
``cls.__copy__(x)``) is the copy when the class defines it; else the pickle protocol
(``__reduce_ex__(4)``, which reads ``__getstate__`` / ``__setstate__`` /
``__getnewargs__``...) rebuilds the object. The interpreter copied every object of a class
read from source field by field: a ``__deepcopy__`` that builds a fresh block around the
parent's shared codebook was copied whole, the codebook counted three times (3,888 where
torch has 1,840), with no note.

Modelled here, generally:

- a ``__deepcopy__`` / ``__copy__`` defined by a class read from source is called (bound,
  with the copy's memo dict for ``__deepcopy__``): its result is the copy, kept in the memo
  as CPython's ``deepcopy`` keeps it; a ``copy.deepcopy(part, memo)`` inside it goes on with
  the same memo;
- a pickle hook defined there instead (``PICKLE_HOOKS``) makes the copy the class's own way:
  not followed -- a module's copy is unresolved with a note naming the hook, any other value
  unknown;
- ``copy.deepcopy(x, memo)`` with a memo the caller built: keys ``id(obj)`` (``ObjId``,
  library/python.py) map ``obj`` to what stands for it in the copy (``{id(shared): shared}``
  keeps ``shared`` shared, as Python does); a memo with any other key, or one written under
  an unknown key, is not followed (unknown). Python writes the copies into that dict: its
  items are unknown afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftcheck.parsers.source.interp import dunders, reducecopy
from driftcheck.parsers.source.values.abstract import (
    Ext,
    Leaf,
    Obj,
    ObjId,
    Unknown,
    UnknownModule,
    plain,
)

# class attributes through which pickle (and so copy) rebuilds an object its own way
PICKLE_HOOKS = (
    "__reduce_ex__",
    "__reduce__",
    "__getstate__",
    "__setstate__",
    "__getnewargs_ex__",
    "__getnewargs__",
)

_ACTIVE = "_dc_active_memos"  # on the Items part: the memos of the deep copies running


def _note(raw: Any, what: str, name: str) -> str:
    cls = getattr(raw.cls, "name", "?")
    return f"{what} of a {cls}, whose class defines {name}: not followed"


def _unknown(raw: Any, why: str) -> Unknown:
    return UnknownModule(why) if isinstance(raw, Obj) and raw.module else Unknown(why)


def run_copy(ip: Any, raw: Obj, hook: tuple[str, Any]) -> Any:
    """``copy.copy(raw)`` through its class's ``__copy__``, or unknown (a pickle hook)."""
    how, fn = hook
    if how == "call":
        return ip.calls.call_func(ip.attrs.bind(fn, raw), [], {})
    if how == "reduce":  # the reduce protocol (interp/reducecopy.py)
        rv = reducecopy.reduce_value(ip, raw, fn)
        return reducecopy.reconstruct(ip, raw, rv, None, None)
    return _unknown(raw, _note(raw, "copy.copy", fn))


def active(ip: Any, memo: Any) -> bool:
    """Whether ``memo`` is the memo of a deep copy running now (handed to a ``__deepcopy__``)."""
    return any(m is memo for m in getattr(ip.items, _ACTIVE, ()))


def memo_write(ip: Any, memo: Any, key: Any) -> bool:
    """Whether ``memo[key] = v`` is a ``__deepcopy__`` recording its copy in the running deep
    copy's memo under ``id(obj)`` (``memo[id(self)] = new``): kept by identity
    (interp/items.py ``setitem``), a known write."""
    return key.__class__ is ObjId and isinstance(memo, dict) and active(ip, memo)


def run_deepcopy(
    ip: Any, raw: Obj, hook: tuple[str, Any], memo: dict, clone_new: Callable[..., Any]
) -> Any:
    """``copy.deepcopy`` of ``raw`` (met inside a deep copy with ``memo``) through its class's
    ``__deepcopy__``; a pickle hook: the default copy, unresolved (a module) or unknown."""
    how, fn = hook
    if how == "reduce":  # the reduce protocol (interp/reducecopy.py)
        rv = reducecopy.reduce_value(ip, raw, fn)
        return reducecopy.reconstruct(ip, raw, rv, memo, ip.items.deep_copy_value)
    if how == "call":
        stack = getattr(ip.items, _ACTIVE, None)
        if stack is None:
            stack = []
            setattr(ip.items, _ACTIVE, stack)
        stack.append(memo)
        try:
            got = ip.calls.call_func(ip.attrs.bind(fn, raw), [memo], {})
        finally:
            stack.pop()
        if not raw.module or isinstance(plain(got), (Obj, Leaf)):
            return got
        # a module's copy that is not one we know (it may be a child of the tree copied):
        # the default copy, unresolved
        out = clone_new(raw, memo)
        out.unresolved.append(f"__deepcopy__ of a {raw.cls.name} not followed (its result)")
        return out
    note = _note(raw, "copy.deepcopy", fn)
    if not raw.module:
        return Unknown(note)
    out = clone_new(raw, memo)
    if fn == "__setstate__" and setstate_keeps(ip, out):
        return out
    out.unresolved.append(note)
    return out


# what an ``nn.Module``'s ``__dict__`` holds besides its plain attributes (the instance
# attributes ``nn.Module.__init__`` sets): in the state a module's ``__setstate__`` is given
MODULE_STATE_KEYS = (
    "training",
    "_parameters",
    "_buffers",
    "_non_persistent_buffers_set",
    "_backward_pre_hooks",
    "_backward_hooks",
    "_is_full_backward_hook",
    "_forward_hooks",
    "_forward_hooks_with_kwargs",
    "_forward_hooks_always_called",
    "_forward_pre_hooks",
    "_forward_pre_hooks_with_kwargs",
    "_state_dict_hooks",
    "_state_dict_pre_hooks",
    "_load_state_dict_pre_hooks",
    "_load_state_dict_post_hooks",
    "_modules",
)


def module_state(m: Obj) -> dict[str, Any]:
    """``nn.Module.__getstate__(m)``: a copy of its ``__dict__`` (less ``_compiled_call_impl``):
    its plain attributes, its registries as dicts, and nn.Module's other entries (hooks, the
    training flag) unknown."""
    out: dict[str, Any] = dict(m.attrs)
    for k in MODULE_STATE_KEYS:
        out.setdefault(k, Unknown(f"{k} of a module's __dict__"))
    out["_parameters"], out["_modules"], out["_buffers"] = (
        dict(m.params),
        dict(m.children),
        dict(m.buffers),
    )
    return out


_SETSTATE = "_dc_setstate_states"  # on the Items part: the states being set now


def _snapshot(o: Obj) -> tuple:
    return tuple(
        tuple((k, id(v)) for k, v in d.items()) for d in (o.attrs, o.children, o.params, o.buffers)
    ) + (len(o.unresolved),)


def setstate_keeps(ip: Any, out: Obj) -> bool:
    """Whether the ``__setstate__`` of a module class read from source leaves the default
    deep copy ``out`` as it is: CPython's deepcopy (``__reduce_ex__(4)``) calls it on the new
    object with the copied ``__dict__``, after which ``nn.Module.__setstate__`` updates the
    ``__dict__`` with it. It is interpreted on ``out`` with that state (``out``'s plain
    attributes and nn.Module's own entries, ``MODULE_STATE_KEYS``, whose contents are
    unknown); ``super().__setstate__(state)`` reaching nn.Module's with that same state
    changes nothing (library/machine.py ``ext_method``). True where neither the state nor
    ``out`` changed (torch's pattern: ``if not hasattr(self, "activation"): ...`` fills only
    what an old pickle lacks), or where a key it added only shadows a child with a module
    built alike (``_shadows_alike``); False where anything else changed, it raised or
    stopped."""
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Budget

    method = dunders.source_func(ip, out.cls, "__setstate__")
    if method is None:
        return False
    state: dict[str, Any] = dict(out.attrs)
    for k in MODULE_STATE_KEYS:
        state.setdefault(k, Unknown(f"{k} of a module's __dict__"))
    before, snap = [(k, id(v)) for k, v in state.items()], _snapshot(out)
    stack = ip.items.__dict__.setdefault(_SETSTATE, [])
    entry = [state, True]  # [the state, no other nn.Module.__setstate__ call met]
    stack.append(entry)
    try:
        ip.calls.call_func(ip.attrs.bind(method, out), [state], {})
    except Budget:
        raise
    except (Raised, Exception):  # noqa: BLE001 - it raises or is not followed: not kept
        return False
    finally:
        stack.pop()
    old = dict(before)
    changed = [k for k, v in state.items() if old.get(k) != id(v)]
    same = set(state) >= set(old) and all(_shadows_alike(out, k, state[k]) for k in changed)
    return entry[1] and same and _snapshot(out) == snap


def _shadows_alike(out: Obj, name: str, v: Any) -> bool:
    """Whether ``v``, put into the copy's ``__dict__`` under ``name`` by ``__setstate__``
    (``state["activation"] = CReLU()`` for an old pickle: it then shadows the registered
    child of that name, which stays in ``_modules``), changes nothing the analysis reads: a
    weightless module built like that child (``_alike``). Parameters are counted from
    ``_modules``; the forward calls the one in ``__dict__``, equal to the child here."""
    if name not in out.children:
        return False
    child, v = plain(out.children[name]), plain(v)
    if (
        isinstance(v, Ext)
        and v.qual.rsplit(".", 1)[-1] in _ELEMENTWISE_FNS
        and v.qual.startswith("torch.nn.functional.")
        and isinstance(child, Leaf)
        and child.type in _ELEMENTWISE_LAYERS
        and not child.unresolved
    ):
        # ``state["activation"] = F.relu`` over a weightless activation child (torch's own
        # ``TransformerEncoderLayer.__setstate__``, copied by deepod): the forward calls the
        # function, of the same shape; the count reads ``_modules`` (session 38, wildfix38b)
        return True
    return _alike(v, child, 0)


# elementwise, shape-keeping activations without weights: torch.nn.functional's and the layers
_ELEMENTWISE_FNS = frozenset(
    ("relu", "gelu", "silu", "tanh", "sigmoid", "elu", "leaky_relu", "mish", "relu6", "selu")
)
_ELEMENTWISE_LAYERS = frozenset(
    ("ReLU", "GELU", "SiLU", "Tanh", "Sigmoid", "ELU", "LeakyReLU", "Mish", "ReLU6", "SELU")
)


_SIMPLE = (int, float, str, bool, type(None))


def _alike(a: Any, b: Any, depth: int) -> bool:
    """Two modules without weights built alike: the same layer with the same arguments, or
    instances of the same class with equal plain attributes and alike children, none of
    them holding a parameter or buffer."""
    if depth > 20:
        return False
    if isinstance(a, Leaf) and isinstance(b, Leaf):
        return a.type == b.type and a.params == b.params and not a.unresolved and not b.unresolved
    if not (isinstance(a, Obj) and isinstance(b, Obj)) or a.cls is not b.cls or a.qual != b.qual:
        return False
    if not (a.module and b.module) or a.kind != b.kind or a.unresolved or b.unresolved:
        return False
    if a.params or a.buffers or b.params or b.buffers or set(a.attrs) != set(b.attrs):
        return False
    for k in a.attrs:
        x, y = plain(a.attrs[k]), plain(b.attrs[k])
        if type(x) not in _SIMPLE or type(x) is not type(y) or x != y:
            return False
    if list(a.children) != list(b.children):
        return False
    return all(_alike(plain(a.children[k]), plain(b.children[k]), depth + 1) for k in a.children)


def setting_state(ip: Any) -> bool:
    """Whether a ``__setstate__`` is being interpreted by ``setstate_keeps`` now."""
    return bool(ip.items.__dict__.get(_SETSTATE))


def module_setstate(ip: Any, state: Any) -> None:
    """``nn.Module.__setstate__(self, state)`` met while ``setstate_keeps`` runs: with the state
    it is setting, the ``__dict__`` update writes back what is already there; with any other,
    the copy is not kept (not modelled)."""
    entry = ip.items.__dict__[_SETSTATE][-1]
    if state is not entry[0]:
        entry[1] = False


def deepcopy_call(ip: Any, x: Any, memo: Any, where: str) -> Any:
    """``copy.deepcopy(x, memo)``: see the module docstring."""
    items = ip.items
    raw_memo = plain(memo)
    if raw_memo is None:
        return items.deep_copy_value(x)
    if isinstance(raw_memo, dict) and active(ip, raw_memo):
        return items.deep_copy_value(x, raw_memo)  # inside a ``__deepcopy__``: the same copy
    raw = plain(x)
    why = f"copy.deepcopy with a memo not followed at {where}"
    if not isinstance(raw_memo, dict) or id(raw_memo) in ip.havoc:
        return _unknown(raw, why)
    seeded: dict[Any, Any] = {}
    for k, v in raw_memo.items():
        k = plain(k)
        if not isinstance(k, ObjId):
            return _unknown(raw, why)
        seeded[id(k.target)] = v
    out = items.deep_copy_value(x, seeded, top=True)
    ip.havoc[id(raw_memo)] = (raw_memo, f"copy.deepcopy wrote into it at {where}")
    return out
