"""Unknown values stored on a module: may they be layers? (issue #16, session 13).

``self.body = make(...)`` where the interpreter cannot follow ``make`` leaves an ``Unknown`` on
``self``. An ``Unknown`` is not registered as a layer, so if at run time the call returned an
``nn.Module`` (a factory picked from a table, a value unpacked from a call we cannot read, an
item of a list of layers under an index we cannot compute), torch counts its parameters and
the analyzer would not -- a confidently wrong count with no note. ``UnknownModule`` covers the
values known to be "a layer or not"; this module decides for the other unknowns.

The rule is the honest default: an unknown stored on a module attribute (``self.x = v``,
``setattr``, a container's item) may be a layer, and the module is unresolved with a note
naming the attribute, the value's origin and file:line -- unless the value is provably not a
module or parameter: the result of arithmetic, a comparison, a builtin that returns numbers,
strings or plain containers, a tensor operation (a tensor that is not an ``nn.Parameter`` is
never registered as one by attribute assignment), numpy/math. Those kinds are read from the
``why`` the interpreter gives every unknown (``values/abstract.py``); a kind not listed here
counts as "may be a layer", so a new source of unknowns errs towards an honest unknown.
"""

from __future__ import annotations

import re
from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Tensor,
    Unknown,
    UnknownContainer,
    UnknownModule,
    UnknownNumber,
    UnknownPlain,
)

# the ``why`` of an unknown that is never a module or a parameter: numbers, booleans, strings,
# plain containers (a plain list / dict / tuple on a module is not registered by torch), tensors
# made by torch operations (no ``requires_grad`` Parameter), devices and numpy values
_NOT_A_MODULE = re.compile(
    r"^(?:"
    r"boolean of|compare|isinstance|hasattr|callable|issubclass|in\b|not in\b|operator|"
    r"elementwise|broadcast|f-string|str\b|str\.|repr|format|float|int\b|bool\b|len\b|"
    r"abs\b|round|sum\b|any\b|all\b|range|slice|divmod|pow\b|hash\b|id\b|ord\b|chr\b|"
    r"tensor|size\b|dim\b|shape|numel|arange|split|tolist|lu\b|diag|broadcast|weight\.|"
    r"torch\.device|dtype|list\b|dict\b|set\b|tuple\b|sorted|comprehension over|"
    r"numpy|np\.|math\.|configparser|ArgumentParser|re\.Match|keys\b|values\b|items\b|"
    r"copy of a tensor|bytes|"
    # a bound method of a torch layer (``layer.forward``: library/modmethods.py)
    r"method\b|"
    # an attribute of a config (JSON data: a sub-config at most, never a layer), and
    # ``Function.apply`` of a ``torch.autograd.Function`` (I-BERT's ``weight_function``)
    r"config\.|class attribute apply$|"
    # a read of the environment (library/stdlib.py ``_env_default``: a string or a plain
    # default, ``UnknownRead``) and what a method of it gives
    r"os\.environ\.get\('|os\.getenv\('"
    r")"
)
# ``call of Q`` (machine.call_ext) of a library we do not read: these return numbers, arrays,
# strings or tensors; any torch function given a layer is already an ``UnknownModule``
_SAFE_CALL_TOPS = (
    "numpy.",
    "math.",
    "scipy.",
    "os.",
    "re.",
    "json.",
    "string.",
    "warnings.",
    "logging.",
    "time.",
    "datetime.",
    "enum.",
    "typing.",
    "dataclasses.",
    "pathlib.",
    "sys.",
    "operator.index",
    "torch.",
    # bytes and text: ``pickle.dumps(locals())`` kept on a module to save its config
    # (metnet3), read from pickle.py down to ``io.BytesIO().getvalue()``; never ``pickle.loads``
    "io.",
    "pickle.dumps",
    "base64.",
    "hashlib.",
    "struct.",
    "zlib.",
    "binascii.",
    # compressors, their streams and files (library/purecalls.py models compress/decompress)
    "gzip.",
    "lzma.",
    "bz2.",
)
# torch functions that return a whole module without being given one
_TORCH_MAKES_MODULES = (
    "torch.hub.",
    "torch.jit.",
    "torch.load",
    "torch.package.",
    "torch.fx.",
    "torch.export.",
    "torch.compile",
    "torch.ao.",
    "torch.quantization.",
    "torch.nn.",  # an unmodelled torch.nn helper (torch.nn.functional is below)
)
_TORCH_VALUES = ("torch.nn.functional.", "torch.nn.init.", "torch.nn.modules.utils.")


# unknown plain containers: not registered by torch when stored, but an item of one (or what a
# method of one returns: ``d.get(k)``, ``xs.pop()``) may be a layer
_CONTAINER = re.compile(
    r"^(?:list\b|dict\b|set\b|tuple\b|sorted|comprehension over|keys\b|values\b|items\b|"
    r"unpack|zip|enumerate|map|filter|reversed|iter)"
)


def is_container(v: Any) -> bool:
    """An unknown plain container: one the interpreter made as such (``UnknownContainer``), or
    one whose reason names a container-making construct (``[f(x) for x in xs]`` over an
    unknown ``xs``)."""
    return isinstance(v, UnknownContainer) or (
        isinstance(v, Unknown) and _CONTAINER.match(v.why) is not None
    )


def may_be_module(v: Any) -> bool:
    """Whether ``v``, an unknown about to be stored on a module attribute, may at run time be
    an ``nn.Module`` or ``nn.Parameter`` that torch would register and count."""
    if isinstance(v, UnknownModule):
        return True
    if not isinstance(v, Unknown) or isinstance(v, (UnknownNumber, UnknownPlain, UnknownContainer)):
        return False
    why = v.why
    if why.startswith("call of unknown (") and why.endswith(")"):
        # a call of an unknown value, kept with what was called: a method of an unknown
        # tensor, number or string returns no layer; a value of a container or a table may
        called = Unknown(why[len("call of unknown (") : -1])
        return is_container(called) or may_be_module(called)
    if why.startswith("call of "):
        q = why[len("call of ") :].split(" ", 1)[0]
        if q.startswith(_TORCH_VALUES):
            return False
        if q.startswith(_TORCH_MAKES_MODULES):
            return True
        return not q.startswith(_SAFE_CALL_TOPS)
    return _NOT_A_MODULE.match(why) is None


def never_a_layer(v: Any) -> bool:
    """``v`` is provably neither a module nor a parameter, nor a container that may hold one:
    a number, string, ``None``, a tensor that is not an ``nn.Parameter``, or an unknown of a
    kind ``may_be_module`` clears (the branches of an undecided ``if``: statements.py)."""
    if v is None or isinstance(v, (bool, int, float, complex, str, bytes)):
        return True
    if isinstance(v, Tensor):
        return not v.param
    if getattr(type(v), "library_type", None) in _PLAIN_LIBRARY_TYPES:
        return True
    if isinstance(v, Unknown):
        return not may_be_module(v) and not is_container(v)
    return False


# the interpreter's values of library objects that hold no module or parameter (their
# ``library_type``): ``t.device`` (library/torchlib.OneDevice; lightning's device mixin keeps
# ``torch.get_default_device() if new_torch else torch.empty(0).device``), a regex match or
# pattern, an argument parser, a hook's handle
_PLAIN_LIBRARY_TYPES = frozenset(
    {
        "torch.device",
        "re.Match",
        "re.Pattern",
        "argparse.ArgumentParser",
        "torch.utils.hooks.RemovableHandle",
        "inspect._empty",
        "hashlib.HASH",  # a digest object (library/purecalls.py)
    }
)

_TAIL = " to an unknown value that may be a layer ("


def note_for(name: str, v: Unknown, where: str) -> str:
    """The unresolved note: which attribute, where, and what the value came from."""
    return f"{name} set at {where}{_TAIL}{v.why})"


def is_note_for(note: Any, name: str) -> bool:
    """``note`` is the one ``note_for`` left for attribute ``name`` (withdrawn when ``name`` is
    rebound to a known value: ``self.body = make(); self.body = nn.Linear(4, 4)``)."""
    return isinstance(note, str) and note.startswith(f"{name} set at ") and _TAIL in note


# calls of a library we do not read whose results are numbers, arrays, strings or tensors all
# the way down: an item of one is never a layer (``dataclasses.astuple`` deep-copies fields that
# may be layers, ``enum`` / ``typing`` / ``pickle`` / ``io`` values may be anything)
_PLAIN_ITEM_TOPS = ("numpy.", "math.", "scipy.", "json.", "re.", "string.", "os.", "time.")


def unpacked_item(v: Any) -> Unknown:
    """What each name gets from ``a, b = v`` where ``v`` is an unknown the interpreter cannot
    enumerate: ``UnknownPlain`` when ``v`` is a numpy / math / json call's result or an unknown
    tensor, size or string (its items are numbers, arrays or tensors, never layers:
    ``self._row_ix, self._column_ix = np.some_index_fn(n)`` leaves no "may be a layer" note),
    else the "unpack" unknown that may be a layer."""
    if isinstance(v, (UnknownNumber, UnknownPlain)):
        return UnknownPlain(f"unpack of {v.why}")
    if isinstance(v, Tensor) and not v.param:
        return UnknownPlain("unpack of a tensor")
    if not isinstance(v, Unknown) or isinstance(v, UnknownModule) or is_container(v):
        return Unknown("unpack")
    why = v.why
    if why.startswith("call of "):
        q = why[len("call of ") :].split(" ", 1)[0]
        plain_items = q.startswith(_PLAIN_ITEM_TOPS)
    else:
        plain_items = not why.startswith("call of unknown") and _NOT_A_MODULE.match(why) is not None
    return UnknownPlain(f"unpack of {why}") if plain_items else Unknown("unpack")
