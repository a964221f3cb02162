"""Module containers that ``forward`` itself changes.

A ``ModuleDict`` / ``ModuleList`` / ``Sequential`` built empty in ``__init__`` and filled
on the first call (``if not len(self.experts): self.experts.update({...})``,
``self.blocks.append(nn.Linear(...))``, ``self.heads[k] = ...``) holds, after that call,
items the pass does not build: the pass knows their number no more. Iterating it, its
``len`` and its ``values()`` are then unknown (None here), never the ``__init__`` contents
(an empty list there is a false ``torch.stack`` crash). Only the pass's own run of
``forward`` marks one: a container no code changes keeps its ``__init__`` items.
"""

from __future__ import annotations

from typing import Any

CONTAINERS = ("ModuleList", "Sequential", "ModuleDict")
# methods that add, drop or replace a container's items (torch's ModuleList / ModuleDict /
# Sequential API) or any module's children (``add_module``, ``register_module``)
MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "update",
        "pop",
        "clear",
        "popitem",
        "__setitem__",
        "__delitem__",
        "__iadd__",
        "setdefault",
    }
)
CHILD_MUTATORS = frozenset({"add_module", "register_module"})


def _ids(f: Any, obj: Any) -> tuple[int, int]:
    return id(obj), id(f.resolve(obj))


def mark(f: Any, obj: Any) -> None:
    """Remember that ``forward`` changed ``obj``'s items (on real sizes only: the graph
    pass keeps the ``__init__`` children for the structure it reports)."""
    if f.input_shape is not None:
        f.grown.update(_ids(f, obj))


def attr_read(f: Any, obj: Any, name: str) -> None:
    """``self.experts.update`` / ``self.blocks.append`` / ``self.add_module`` read on a
    module: the call that follows changes its items (marked at the read, the call's
    arguments being modules the pass may not build)."""
    kind = getattr(obj, "kind", None)
    if name in CHILD_MUTATORS or (kind in CONTAINERS and name in MUTATORS):
        mark(f, obj)


def grown(f: Any, obj: Any) -> bool:
    """Whether ``forward`` changed ``obj``'s items earlier in this pass."""
    return bool(f.grown) and any(i in f.grown for i in _ids(f, obj))


# torch's methods that register a named child, buffer or parameter: the name is checked
REGISTERS = {
    "register_buffer": "buffer",
    "register_parameter": "parameter",
    "add_module": "module",
    "register_module": "module",
}


def stored(f: Any, obj: Any, key: Any, loc: Any) -> None:
    """``self.experts[key] = m`` on a ``ModuleDict``: torch's name check on ``key``."""
    from driftcheck.parsers.source.forward.dataflow_ctors import name_error

    if f.input_shape is not None and getattr(obj, "kind", None) == "ModuleDict":
        err = name_error(key)
        if err is not None:
            f.crash(loc, err)


def registered(f: Any, obj: Any, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``self.register_buffer(name, t)`` / ``add_module`` / ``register_parameter`` /
    ``self.experts.update({...})`` called in ``forward``: torch's name check on every key
    it registers (a dot, an empty name), and the container's items unknown from then on."""
    from driftcheck.parsers.source.forward.dataflow_ctors import name_error

    mark(f, obj)
    if name == "update":
        src = args[0] if args else None
        keys = list(src) if isinstance(src, dict) else []
        what = "module"
    else:
        keys = [args[0] if args else kwargs.get("name")]
        what = REGISTERS[name]
    for k in keys:
        err = name_error(k, what)
        if err is not None:
            f.crash(loc, err)
            break
    return None
