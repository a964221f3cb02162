"""Write driftcheck/data/torch_signatures.json: positional parameter names of torch.nn classes,
the namespaces of the modules that define them, and ``dir()`` of ``torch.nn``,
``torch.nn.functional``, ``torch.nn.init``, ``torch.nn.utils`` and
``torch.nn.utils.parametrizations`` (feature tests such as ``'hardswish' in dir(F)``).

The static parser names positional constructor arguments (``nn.Conv2d(3, 16, 3)``) by torch's
own signature, read from torch's source on disk. Where torch is not installed (the pre-commit
hook, the GitHub Action, a slim CI image) it falls back to this table, generated from the
installed torch with ``inspect.signature`` (for an ``__init__(self, *args, **kwargs)``, its
first ``@overload`` that names them, as the parser reads torch's source) and checked against it
in the tests.

    python tools/gen_torch_signatures.py [--check]
"""

from __future__ import annotations

import inspect
import json
import sys
import typing
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "driftcheck" / "data" / "torch_signatures.json"


def build() -> dict:
    import torch
    import torch.nn as nn

    table: dict[str, list[str]] = {}
    for name in sorted(dir(nn)):
        cls = getattr(nn, name)
        if not (inspect.isclass(cls) and issubclass(cls, nn.Module)):
            continue
        try:
            params = list(inspect.signature(cls.__init__).parameters.values())[1:]
        except (TypeError, ValueError):
            continue
        if any(p.kind is p.VAR_POSITIONAL for p in params):
            # ``def __init__(self, *args, **kwargs)`` behind ``@overload``s (RNN, LSTM, GRU):
            # the first overload that names its positional parameters
            for o in typing.get_overloads(cls.__init__):
                named = list(inspect.signature(o).parameters.values())[1:]
                if not any(p.kind is p.VAR_POSITIONAL for p in named):
                    params = named
                    break
        table[f"torch.nn.{name}"] = [
            p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    # each class's torch.nn.Module ancestors by short name (``isinstance(m, nn.BatchNorm2d)`` on
    # a layer the catalogue built, where torch's source is not installed)
    mro = {
        f"torch.nn.{name}": [
            c.__name__ for c in getattr(nn, name).__mro__ if issubclass(c, nn.Module)
        ]
        for name in sorted(dir(nn))
        if inspect.isclass(getattr(nn, name)) and issubclass(getattr(nn, name), nn.Module)
    }
    return {
        "torch": torch.__version__.split("+")[0],
        "signatures": table,
        "discards_extra": discards_extra(nn),
        # modules without a module ``__getattr__`` only: ``hasattr(torch, "onnx")`` is True
        # though ``"onnx" not in dir(torch)`` (a lazy submodule)
        # (``hasattr(nn.utils.parametrizations, "weight_norm")``: transformers' HuBERT / wav2vec2
        # pick their weight norm so; on the core install that was undecided)
        "dir": {
            m.__name__: dir(m)
            for m in (nn, nn.functional, nn.init, nn.utils, nn.utils.parametrizations)
            if "__getattr__" not in vars(m)
        },
        "mro": mro,
        "mro_defined": defined_mro(nn),
        "namespaces": namespaces(nn),
        "forward": forward_specs(nn),
        "init": init_specs(nn),
        "instance_names": instance_names(mro),
    }


def instance_names(mro: dict[str, list[str]]) -> dict[str, dict[str, typing.Any]]:
    """Per torch.nn class, what ``hasattr`` on an instance is decided from where torch's source
    is on disk (interp/leafhas.py ``_class_names``: the names its class bodies bind and its
    ``__init__`` binds on ``self`` surely or maybe, and whether every base was read), so the
    core install (no torch) answers ``hasattr(nn.GELU(), "reset_parameters")`` as the full
    one does."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from driftcheck.parsers.source.interp.leafhas import _class_names
    from driftcheck.parsers.source.library.machine import Interp
    from driftcheck.parsers.source.loader import Finder

    ip = Interp(Finder([]))
    out: dict[str, dict[str, typing.Any]] = {}
    for q in sorted(mro):
        cls = ip.library.torch_class(q)
        if cls is None:
            continue
        sure, maybe, complete = _class_names(cls)
        out[q] = {"sure": sorted(sure), "maybe": sorted(maybe), "complete": complete}
    return out


def _simple(v: object) -> bool:
    return v is None or isinstance(v, (bool, int, float, str))


def forward_specs(nn: typing.Any) -> dict[str, dict[str, typing.Any]]:
    """``inspect.getfullargspec(cls.forward)`` of each torch.nn module class (and of
    ``nn.Module`` itself, whose ``forward`` is ``_forward_unimplemented(self, *input)``):
    code that wraps a layer unless its ``forward`` takes a ``t`` argument (torchdyn's
    ``standardize_vf_call_signature``) asks it. Defaults that are not plain values (a tensor,
    an object) are listed under ``unknown`` and read as unknown."""
    out = {}
    names = ["Module", *(n for n in sorted(dir(nn)) if n != "Module")]
    for name in names:
        cls = getattr(nn, name)
        if not (inspect.isclass(cls) and issubclass(cls, nn.Module)):
            continue
        try:
            spec = inspect.getfullargspec(cls.forward)
        except TypeError:
            continue
        unknown = []
        defaults = list(spec.defaults) if spec.defaults is not None else None
        if defaults is not None and not all(_simple(d) for d in defaults):
            defaults, unknown = None, [*unknown, "defaults"]
        kwdefaults = dict(spec.kwonlydefaults) if spec.kwonlydefaults else None
        if kwdefaults is not None and not all(_simple(d) for d in kwdefaults.values()):
            kwdefaults, unknown = None, [*unknown, "kwonlydefaults"]
        out[f"torch.nn.{name}"] = {
            "args": list(spec.args),
            "varargs": spec.varargs,
            "varkw": spec.varkw,
            "defaults": defaults,
            "kwonlyargs": list(spec.kwonlyargs),
            "kwonlydefaults": kwdefaults,
            "unknown": unknown,
        }
    return out


def init_specs(nn: typing.Any) -> dict[str, dict[str, typing.Any]]:
    """``inspect.getfullargspec(cls.__init__)`` of each torch.nn module class, as
    ``forward_specs`` does for ``forward``: ``inspect.signature(nn.InstanceNorm2d)`` on the core
    install (monai's ``has_option(norm_type, "num_features")`` picks the keywords its
    ``get_norm_layer`` passes). ``__init__(self, *args, **kwargs)`` behind overloads (RNN) is
    kept as it is: that is what ``inspect`` answers too."""
    out = {}
    for name in sorted(dir(nn)):
        cls = getattr(nn, name)
        if not (inspect.isclass(cls) and issubclass(cls, nn.Module)):
            continue
        try:
            spec = inspect.getfullargspec(cls.__init__)
        except TypeError:
            continue
        unknown = []
        defaults = list(spec.defaults) if spec.defaults is not None else None
        if defaults is not None and not all(_simple(d) for d in defaults):
            defaults, unknown = None, [*unknown, "defaults"]
        kwdefaults = dict(spec.kwonlydefaults) if spec.kwonlydefaults else None
        if kwdefaults is not None and not all(_simple(d) for d in kwdefaults.values()):
            kwdefaults, unknown = None, [*unknown, "kwonlydefaults"]
        out[f"torch.nn.{name}"] = {
            "args": list(spec.args),
            "varargs": spec.varargs,
            "varkw": spec.varkw,
            "defaults": defaults,
            "kwonlyargs": list(spec.kwonlyargs),
            "kwonlydefaults": kwdefaults,
            "unknown": unknown,
        }
    return out


def discards_extra(nn: object) -> list[str]:
    """The torch.nn classes whose own ``__init__`` takes ``*args`` / ``**kwargs`` and never reads
    them (``nn.Identity(in_channels=64)`` builds an Identity: its body is ``super().__init__()``).
    Read from torch's source with ``ast``: a parameter name used anywhere in the body is read."""
    import ast
    import textwrap

    out = []
    for name in sorted(dir(nn)):
        cls = getattr(nn, name)
        if not (inspect.isclass(cls) and issubclass(cls, nn.Module)):
            continue
        init = cls.__dict__.get("__init__")
        if init is None or typing.get_overloads(init):
            continue
        fn = ast.parse(textwrap.dedent(inspect.getsource(init))).body[0]
        var = [a.arg for a in (fn.args.vararg, fn.args.kwarg) if a is not None]
        used = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}
        if var and not used & set(var):
            out.append(f"torch.nn.{name}")
    return out


def defined_mro(nn: object) -> dict[str, list[str]]:
    """The ``nn.Module`` ancestors (short names, itself first) of each ``nn.Module`` class a
    module of torch.nn defines but ``torch.nn`` does not export, by its qualified name:
    ``MultiheadAttention.out_proj`` is a ``torch.nn.modules.linear.
    NonDynamicallyQuantizableLinear`` (a ``Linear``), and a walk's ``isinstance(m, nn.Linear)``
    on it needs the answer where torch's source is not installed."""
    import importlib

    exported = {id(getattr(nn, n)) for n in dir(nn)}
    mods = {
        c.__module__
        for n in dir(nn)
        for c in [getattr(nn, n)]
        if inspect.isclass(c) and issubclass(c, nn.Module)
    }
    out: dict[str, list[str]] = {}
    for m in sorted(mods):
        for v in vars(importlib.import_module(m)).values():
            if (
                inspect.isclass(v)
                and issubclass(v, nn.Module)  # type: ignore[arg-type]
                and v.__module__ == m
                and id(v) not in exported
            ):
                out[f"{m}.{v.__qualname__}"] = [
                    c.__name__
                    for c in v.__mro__
                    if issubclass(c, nn.Module)  # type: ignore[arg-type]
                ]
    return out


def namespaces(nn: object) -> dict[str, list[list[str]]]:
    """``vars(m)`` of each module that defines a torch.nn class, in its order: ``[name, kind,
    qualified name]`` with kind ``module`` (an ``nn.Module`` subclass), ``class`` (another
    class) or ``value`` (anything else). Code that picks layers by name from a module's
    namespace (``vars(torch.nn.modules.activation)``) reads it without torch."""
    import importlib

    exposed = {id(getattr(nn, n)): f"torch.nn.{n}" for n in dir(nn)}
    mods = {
        c.__module__
        for n in dir(nn)
        for c in [getattr(nn, n)]
        if inspect.isclass(c) and issubclass(c, nn.Module)
    }
    out: dict[str, list[list[str]]] = {}
    for m in sorted(mods):
        rows = []
        for name, v in vars(importlib.import_module(m)).items():
            if inspect.isclass(v):
                kind = "module" if issubclass(v, nn.Module) else "class"
                qual = exposed.get(id(v), f"{v.__module__}.{v.__qualname__}")
            else:
                kind, qual = "value", f"{m}.{name}"
            rows.append([name, kind, qual])
        out[m] = rows
    return out


def main() -> int:
    data = json.dumps(build(), indent=1, sort_keys=True) + "\n"
    if "--check" in sys.argv:
        if OUT.read_text() != data:
            print(f"{OUT} is stale: run python {Path(__file__).name}")
            return 1
        return 0
    OUT.write_text(data)
    print(f"wrote {OUT} ({len(json.loads(data)['signatures'])} classes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
