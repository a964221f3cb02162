"""torch's own constructor checks for layers ``forward`` builds (on real sizes).

A layer built on the first call (``if self.body is None: self.body = nn.Sequential(...)``,
a ``build(d)`` helper sized by the input) raises in ``forward`` where torch's constructor
rejects an argument: an item of ``nn.Sequential`` / ``nn.ModuleList`` / ``nn.ModuleDict``
that is not a module (``F.relu``, the class ``nn.ReLU``, a lambda, a parameter), a module
name with a dot, an activation / nonlinearity / padding string the layer does not know,
an ``nn.init`` nonlinearity or mode ``calculate_gain`` rejects. Each check fires only on a
value the pass knows (a literal, a settings attribute, a known function); an unknown item
or string is silent. ``nn.Parameter(t)`` built in forward is ``t`` (a tensor).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg as _arg
from driftcheck.parsers.source.values.dataflow_values import Tens

SEQUENCES = frozenset({"Sequential", "ModuleList"})
# nn.init functions that need a tensor of 2 or more dimensions
_INIT_RANK = frozenset(
    {"xavier_uniform_", "xavier_normal_", "kaiming_uniform_", "kaiming_normal_", "orthogonal_"}
)
# torch.nn.init.calculate_gain's names (torch 2.x)
GAINS = frozenset(
    {
        "linear",
        "conv1d",
        "conv2d",
        "conv3d",
        "conv_transpose1d",
        "conv_transpose2d",
        "conv_transpose3d",
        "sigmoid",
        "tanh",
        "relu",
        "leaky_relu",
        "selu",
    }
)
PADDING_MODES = frozenset({"zeros", "reflect", "replicate", "circular"})
CONVS = frozenset({"Conv1d", "Conv2d", "Conv3d"})
# layer -> (position, keyword, allowed strings) of a string argument its constructor checks
STRINGS: dict[str, tuple[int, str, frozenset[str]]] = {
    "TransformerEncoderLayer": (4, "activation", frozenset({"relu", "gelu"})),
    "TransformerDecoderLayer": (4, "activation", frozenset({"relu", "gelu"})),
    "Transformer": (6, "activation", frozenset({"relu", "gelu"})),
    "RNN": (3, "nonlinearity", frozenset({"tanh", "relu"})),
}


def _not_module(v: Any) -> str | None:
    """What ``v`` is when it is surely not a module instance (torch's "is not a Module
    subclass"); None when it is one or may be (an unknown, a layer the pass did not build,
    ``None``, which a container accepts)."""
    from driftcheck.parsers.source.forward.dataflow_ops import Local
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import UserFunc

    if v is None:
        return None
    if isinstance(v, Ext) and v.qual.startswith("torch."):
        return v.qual  # a torch function, a class (``nn.ReLU`` not called), a namespace
    if isinstance(v, (Local, UserFunc)):
        return "a function"
    if isinstance(v, Tens):
        return "a tensor"
    if v.__class__ in (int, float, str, bool):
        return type(v).__name__
    return None


def _items(name: str, args: list, kwargs: dict) -> list[tuple[Any, Any]] | None:
    """(name, item) pairs a container constructor registers; None when not known."""
    if name == "Sequential":
        if len(args) == 1 and isinstance(args[0], dict):
            return list(args[0].items())
        return [(str(i), a) for i, a in enumerate(args)]
    src = _arg(args, kwargs, 0, "modules")
    if name == "ModuleList" and isinstance(src, (list, tuple)):
        return [(str(i), a) for i, a in enumerate(src)]
    if name == "ModuleDict" and isinstance(src, dict):
        return list(src.items())
    return None


def name_error(key: Any, what: str = "module") -> str | None:
    """torch's ``add_module`` / ``register_buffer`` key check: a KeyError, or a TypeError
    for a known number (``ModuleDict({i: ... for i in range(n)})``: names are strings)."""
    if key.__class__ in (int, float, bool):
        return f"TypeError: {what} name should be a string. Got {key.__class__.__name__}"
    if key.__class__ is not str:
        return None
    if "." in key:
        return f'KeyError: {what} name can\'t contain ".", got: {key}'
    if key == "":
        return f'KeyError: {what} name can\'t be empty string ""'
    return None


def built(run: Any, q: str, args: list, kwargs: dict, loc: Any) -> Any:
    """Check a ``torch.nn`` constructor or ``nn.init`` call ``forward`` makes; the value
    it returns when the pass knows it (``nn.Parameter(t)``: ``t``), else None."""
    f = run.f
    if f.input_shape is None:
        return None
    name = q.rsplit(".", 1)[-1]
    if name == "Parameter":
        t = _arg(args, kwargs, 0, "data")
        return Tens(None, t.shape) if isinstance(t, Tens) else None
    if name in SEQUENCES or name == "ModuleDict":
        for key, item in _items(name, args, kwargs) or ():
            what = _not_module(item)
            if what is not None:
                f.crash(loc, f"TypeError: {what} is not a Module subclass")
                return None
            err = name_error(key)
            if err is not None:
                f.crash(loc, err)
                return None
        return None
    if name in STRINGS:
        i, kw, ok = STRINGS[name]
        v = _arg(args, kwargs, i, kw)
        if v.__class__ is str and v not in ok:
            f.crash(loc, f"{name}: {kw} {v!r} is not one of {sorted(ok)}")
        return None
    if name in CONVS:
        pad = _arg(args, kwargs, 4, "padding")
        if pad.__class__ is str and pad not in ("valid", "same"):
            f.crash(loc, f"ValueError: Invalid padding string {pad!r}, should be valid or same")
        mode = _arg(args, kwargs, 8, "padding_mode")
        if mode.__class__ is str and mode not in PADDING_MODES:
            f.crash(loc, f"ValueError: padding_mode must be one of {sorted(PADDING_MODES)}")
        return None
    if ".init." in q and name in _INIT_RANK:
        t = _arg(args, kwargs, 0, "tensor")
        if isinstance(t, Tens) and t.shape is not None and len(t.shape) < 2:
            zero = any(d == 0 for d in t.shape)
            if name == "orthogonal_":
                f.crash(loc, "ValueError: Only tensors with 2 or more dimensions are supported")
                return None
            if not (zero and name.startswith("kaiming")):  # (kaiming returns on a 0 size)
                f.crash(
                    loc,
                    "ValueError: Fan in and fan out can not be computed for tensor with fewer "
                    "than 2 dimensions",
                )
                return None
    if ".init." in q and name in ("kaiming_normal_", "kaiming_uniform_"):
        mode = _arg(args, kwargs, 2, "mode")
        nl = _arg(args, kwargs, 3, "nonlinearity")
        t = _arg(args, kwargs, 0, "tensor")
        if isinstance(t, Tens) and t.shape is not None and 0 in t.shape:
            return None  # torch returns a zero-element tensor before reading mode / nonlinearity
        # torch lower-cases the mode first (_calculate_correct_fan: mode = mode.lower())
        if mode.__class__ is str and mode.lower() not in ("fan_in", "fan_out"):
            f.crash(
                loc,
                f"ValueError: Mode {mode.lower()} not supported, please use one of fan_in, fan_out",
            )
        elif nl.__class__ is str and nl not in GAINS:
            f.crash(loc, f"ValueError: Unsupported nonlinearity {nl}")
    return None
