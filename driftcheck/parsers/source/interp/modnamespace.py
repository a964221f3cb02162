"""``self.__dict__`` of a module: its plain attributes, as ``object.__setattr__`` keeps them.

A module class that defines ``__setattr__`` / ``__getattr__`` often reads its own namespace
through ``self.__dict__`` to avoid recursing into itself (spikingjelly's ``MemoryModule``:
``_memories = self.__dict__.get("_memories")`` and ``if "_memories" in self.__dict__``). The
interpreter called a module's ``__dict__`` unknown, so every attribute set through that
``__setattr__`` (a surrogate function, a threshold) depended on an unresolved condition.

torch keeps a module's layers, parameters and buffers in ``_modules`` / ``_parameters`` /
``_buffers``, never in ``__dict__``; everything else set on the instance is there. So a key
is present with its value when it is one of the object's plain attributes, absent when it is
a layer, parameter or buffer name or set nowhere, and unknown for torch's own bookkeeping
(``training``, ``_modules``, the hook dicts: names that differ between torch versions).
"""

from __future__ import annotations

import re
from typing import Any

from driftcheck.parsers.source.values.abstract import Obj, Unknown

# what ``nn.Module.__init__`` stores in ``__dict__`` (the set grows between torch versions:
# read as unknown, never as absent)
_TORCH_OWN = re.compile(
    r"training|call_super_init|dump_patches|_version|_modules|_parameters|_buffers"
    r"|_non_persistent_buffers_set|_is_full_backward_hook|_compiled_call_impl"
    r"|_.*hooks.*|_.*state_dict.*"
)


class ModuleNamespace:
    """``m.__dict__`` of a module instance read from source (``obj``), read and written
    through: ``k in ns``, ``ns[k]``, ``ns.get(k, d)``, ``ns[k] = v``."""

    __slots__ = ("obj",)

    def __init__(self, obj: Obj) -> None:
        self.obj = obj


def _state(ns: ModuleNamespace, key: Any) -> tuple[bool | None, Any]:
    """(present, value): present None when it cannot be told."""
    if not isinstance(key, str):
        return None, None
    obj = ns.obj
    if key.startswith("__") and key.endswith("__"):
        return None, None  # the interpreter's own records (a tuple subclass's items...)
    if key in obj.attrs:
        return True, obj.attrs[key]
    if _TORCH_OWN.fullmatch(key):
        return None, None
    return False, None


def has(ns: ModuleNamespace, key: Any) -> Any:
    """``key in m.__dict__``."""
    present, _ = _state(ns, key)
    return Unknown(f"{key!r} in a module's __dict__") if present is None else present


def get(ns: ModuleNamespace, key: Any, default: Any = None) -> Any:
    """``m.__dict__.get(key, default)``."""
    present, v = _state(ns, key)
    if present is None:
        return Unknown(f"{key!r} of a module's __dict__")
    return v if present else default


def getitem(ns: ModuleNamespace, key: Any) -> Any:
    """``m.__dict__[key]``: unknown where Python would raise (never a confident KeyError)."""
    present, v = _state(ns, key)
    return v if present else Unknown(f"{key!r} of a module's __dict__")


def setitem(ns: ModuleNamespace, key: Any, v: Any) -> None:
    """``m.__dict__[key] = v``: a plain attribute, bypassing ``__setattr__`` (torch does not
    register a layer written this way); under a key we cannot compute, the module is
    unresolved."""
    if isinstance(key, str):
        ns.obj.attrs[key] = v
    else:
        ns.obj.unresolved.append("__dict__ written under an unknown key")
