"""Write driftcheck/data/torch_signatures.json: positional parameter names of torch.nn classes,
and the namespaces of the modules that define them.

The static parser names positional constructor arguments (``nn.Conv2d(3, 16, 3)``) by torch's
own signature, read from torch's source on disk. Where torch is not installed (the pre-commit
hook, the GitHub Action, a slim CI image) it falls back to this table, generated from the
installed torch with ``inspect.signature`` (a class taking ``*args`` by its typed ``@overload``,
as ``nn.LSTM`` / ``nn.GRU`` / ``nn.RNN`` declare it) and checked against it in the tests.

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
            if any(p.kind is p.VAR_POSITIONAL for p in params):
                # ``LSTM.__init__(self, *args, **kwargs)``: its typed ``@overload`` names them
                # (the first overload only: ``Sequential(*args)`` / ``Sequential(OrderedDict)``
                # keeps its ``*args``)
                for o in typing.get_overloads(cls.__init__)[:1]:
                    named = list(inspect.signature(o).parameters.values())[1:]
                    if not any(p.kind is p.VAR_POSITIONAL for p in named):
                        params = named
        except (TypeError, ValueError):
            continue
        table[f"torch.nn.{name}"] = [
            p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    return {
        "torch": torch.__version__.split("+")[0],
        "signatures": table,
        "namespaces": namespaces(nn),
    }


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
