"""``p.requires_grad`` of a parameter in ``__init__`` (issue #16, session 26).

torch makes every ``nn.Parameter`` with ``requires_grad=True`` (a catalogue layer's weights, a
``Parameter(t)`` built in source), whatever the grad mode. Code that reads the flag before
building the rest of the model (opacus' ``trainable_modules``: ``any(p.requires_grad for p in
m.parameters(recurse=False))`` decides which layers ``GradSampleModule.validate`` checks) needs
it; it was always unknown.

The flag is known to be True only while nothing in the run may have changed any parameter's
flag: once one of these has run, every later read is unknown (an honest unknown rather than a
per-parameter bookkeeping that a copy, a tie or an unfollowed call could silently lose):

- a write: ``x.requires_grad = ...`` (any ``x``), reading ``x.requires_grad_`` (a module's, a
  tensor's, anything's), ``Parameter(t, requires_grad=...)`` with a flag not literally True,
  a torch layer given a flag argument (``nn.Embedding(..., _freeze=True)``),
  reading ``from_pretrained`` (``nn.Embedding.from_pretrained`` freezes by default);
- a view of a parameter whose flag torch sets False (``p.data``, ``p.detach``): the value
  read here is the parameter itself, so a later read could not tell them apart; a
  parameter's ``__setattr__``, ``setattr(x, name, v)`` with ``name`` "requires_grad" or
  not known, ``object.__setattr__(...)`` given a module or parameter;
- entering ``torch.no_grad()`` and its kin (read as an attribute; not ``enable_grad``): a
  tensor made from a parameter there has the flag False;
- a call the interpreter does not follow: any call of an unknown callee (it may be a method
  of a module, whose receiver is not among the arguments), or a library function outside
  torch.nn / builtins / copy given a module or a parameter: it may have frozen it.

The first such event is kept (``Interp.grad_lost``) and named in the unknown's note.
A tensor that is no parameter, or an instance of a tensor subclass read from source, stays
unknown as before.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Ext,
    Leaf,
    Obj,
    Sourced,
    Tensor,
    Unknown,
    UnknownModule,
    WeightRef,
    plain,
)

# attribute reads that may change (or alias) a parameter's flag, on any value
# (``no_grad`` and its kin: a tensor made from a parameter inside one has the flag False,
# and a conversion read here may be the parameter itself)
TOUCH = frozenset(
    {
        "requires_grad_",
        "from_pretrained",
        "no_grad",
        "set_grad_enabled",
        "inference_mode",
    }
)  # (not ``enable_grad``: it turns no flag off, and a tensor made from a parameter inside
# it requires grad as the parameter does; session 34, crashfix34: ``@torch.enable_grad()``
# read on a method at class definition no longer makes every flag unknown)
# attribute reads on a parameter that give a tensor whose flag torch sets False
VIEWS = frozenset({"data", "detach", "__setattr__"})
# callees given a module that are followed or keep every flag: builtins, copies (torch's
# deepcopy keeps ``requires_grad``), torch.nn's classes and utilities read by the interpreter
_SAFE = ("builtins.", "copy.", "torch.nn.")


def lost(ip: Any, why: str) -> None:
    """Record the first event after which a parameter's flag is not known."""
    if getattr(ip, "grad_lost", None) is None:
        ip.grad_lost = why


def _where(ip: Any) -> str:
    mod = getattr(ip, "at_mod", None)
    path = getattr(mod, "path", None)
    name = str(path).rsplit("/", 1)[-1] if path is not None else "?"
    return f"{name}:{getattr(ip, 'at_line', '?')}"


def touched(ip: Any, obj: Any, name: str) -> None:
    """An attribute read of ``name`` on ``obj`` (``Attributes.getattr``)."""
    if name in TOUCH:
        lost(ip, f"{name} at {_where(ip)}")
    elif name in VIEWS and is_param(obj):
        lost(ip, f"parameter.{name} at {_where(ip)}")


def written(ip: Any, name: str) -> None:
    """An attribute write ``x.name = v`` (``Attributes.setattr``)."""
    if name == "requires_grad":
        lost(ip, f"requires_grad written at {_where(ip)}")


def is_param(v: Any) -> bool:
    v = plain(v)
    return isinstance(v, WeightRef) or (isinstance(v, Tensor) and v.param)


def _holds(v: Any, depth: int = 0) -> bool:
    from driftcheck.parsers.source.speed.symbolic import SymBase

    # a number holds no module; reading a traced size (``plain``) would pin it (a config
    # template, parsers/template.py, then serves no other width): only wrappers are stripped
    while isinstance(v, Sourced) and not isinstance(v, SymBase):
        v = v.value
    if isinstance(v, (int, float, complex, str, bytes, SymBase)):
        return False
    if isinstance(v, (Leaf, UnknownModule, WeightRef)) or (isinstance(v, Tensor) and v.param):
        return True
    if isinstance(v, Obj):
        return v.module or bool(v.params)
    if depth < 2 and isinstance(v, (list, tuple)):
        return any(_holds(x, depth + 1) for x in v[:32])
    if depth < 2 and isinstance(v, dict):
        return any(_holds(x, depth + 1) for x in list(v.values())[:32])
    return False


def called(ip: Any, f: Any, args: list[Any], kwargs: dict[str, Any]) -> None:
    """A call ``f(*args, **kwargs)`` (``Calls.call``): one not followed, given a module or a
    parameter, may change its flags."""
    if getattr(ip, "grad_lost", None) is not None:
        return
    if isinstance(f, Unknown):
        # an unknown callee may be a method of a module (``model.freeze_base()``): its
        # receiver is not among the arguments
        lost(ip, f"call of an unknown callee at {_where(ip)}")
        return
    if not isinstance(f, Ext):
        return
    if f.qual.startswith("torch.nn.") and f.qual.rsplit(".", 1)[-1][:1].isupper():
        _layer_made(ip, f.qual, args, kwargs)
    if f.qual.startswith(_SAFE) and not f.qual.endswith("__setattr__"):
        return
    if any(_holds(a) for a in args[:32]) or any(_holds(a) for a in list(kwargs.values())[:32]):
        lost(ip, f"call of {f.qual} given a module at {_where(ip)}")


def _layer_made(ip: Any, qual: str, args: list[Any], kwargs: dict[str, Any]) -> None:
    """A torch layer built with a flag argument (``nn.Embedding(..., _freeze=True)`` makes its
    weight with ``requires_grad=False``): a flag not torch's default is a write."""
    from driftcheck.parsers.source.library import torchlib

    names = torchlib.shipped_posnames(qual) or []
    given = {**dict(zip(names, args)), **kwargs}
    for k, v in given.items():
        # only the flag arguments are read: ``plain`` of a traced size would pin it (a config
        # template, parsers/template.py, then serves no other width)
        if "freeze" not in k and "requires_grad" not in k:
            continue
        if "freeze" in k and plain(v) is not False or "requires_grad" in k and plain(v) is not True:
            lost(ip, f"{qual.rsplit('.', 1)[-1]}({k}=...) at {_where(ip)}")
            return


def parameter_made(ip: Any, args: list[Any], kwargs: dict[str, Any]) -> None:
    """``nn.Parameter(t, requires_grad)``: a flag not literally True is a write."""
    flag = args[1] if len(args) > 1 else kwargs.get("requires_grad", True)
    if plain(flag) is not True:
        lost(ip, f"Parameter(requires_grad=...) at {_where(ip)}")


def read(ip: Any, v: Any) -> Any:
    """``p.requires_grad`` of a parameter: True while no event above has happened."""
    why = getattr(ip, "grad_lost", None)
    if isinstance(v, Tensor) and v.cond is not None:
        return Unknown(f"requires_grad of a tensor that is a parameter only maybe ({v.cond})")
    if why is None:
        return True
    return Unknown(f"requires_grad of a parameter after {why}")
