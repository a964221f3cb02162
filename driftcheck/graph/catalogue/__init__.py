"""The layer catalogue: one module per family, each exporting ``LAYERS``; blocks live in
``driftcheck.graph.blocks`` (each module exporting ``BLOCKS``).

Lookup is by canonical name, by alias (case-insensitive) and by torch qualified name.
Nothing here imports torch.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import TYPE_CHECKING

from driftcheck.graph.catalogue.spec import (
    REQUIRED,
    CatalogueError,
    Example,
    LayerSpec,
    P,
    Shape,
    camel,
)

if TYPE_CHECKING:
    from driftcheck.graph.blocks.spec import BlockSpec

__all__ = [
    "REQUIRED",
    "CatalogueError",
    "Example",
    "LayerSpec",
    "P",
    "Shape",
    "camel",
    "get",
    "get_block",
    "layers",
    "blocks",
    "by_torch",
    "lookup",
]


def _load(package: str, attr: str) -> list:
    pkg = importlib.import_module(package)
    out = []
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if info.name.startswith("_") or info.name == "spec":
            continue
        mod = importlib.import_module(f"{package}.{info.name}")
        out.extend(getattr(mod, attr, []))
    return out


@cache
def _layers() -> dict[str, LayerSpec]:
    out: dict[str, LayerSpec] = {}
    for spec in _load(__name__, "LAYERS"):
        if spec.name in out:
            raise RuntimeError(f"catalogue layer {spec.name!r} defined twice")
        out[spec.name] = spec
    return out


@cache
def _blocks() -> dict[str, BlockSpec]:
    out: dict[str, BlockSpec] = {}
    for spec in _load("driftcheck.graph.blocks", "BLOCKS"):
        if spec.name in out or spec.name in _layers():
            raise RuntimeError(f"catalogue block {spec.name!r} defined twice")
        out[spec.name] = spec
    return out


@cache
def _aliases() -> dict[str, str]:
    out: dict[str, str] = {}
    for spec in [*_layers().values(), *_blocks().values()]:
        for a in (spec.name, *spec.aliases):
            out.setdefault(a.lower(), spec.name)
    return out


@cache
def _torch_names() -> dict[str, str]:
    out: dict[str, str] = {}
    for spec in _layers().values():
        for q in (spec.torch, *spec.extra.get("torch_aliases", ())):
            if q:
                out[q] = spec.name
    return out


def layers() -> list[LayerSpec]:
    return list(_layers().values())


def blocks() -> list[BlockSpec]:
    return list(_blocks().values())


def get(name: str) -> LayerSpec | None:
    """A layer spec by canonical name (exact)."""
    return _layers().get(name)


def get_block(name: str) -> BlockSpec | None:
    return _blocks().get(name)


def lookup(name: str) -> str | None:
    """Canonical layer or block name for a name or alias, case-insensitive.

    An exact canonical name wins first: ``Conv1D`` (GPT-2) and ``Conv1d`` (torch) differ only
    in case.
    """
    if name in _layers() or name in _blocks():
        return name
    return _aliases().get(name.lower())


def by_torch(qualname: str) -> LayerSpec | None:
    """The spec for a torch qualified name such as ``torch.nn.Linear`` or ``nn.Linear``."""
    names = _torch_names()
    if qualname in names:
        return _layers()[names[qualname]]
    short = qualname.rsplit(".", 1)[-1]
    for prefix in ("torch.nn.", "torch.nn.modules."):
        if prefix + short in names:
            return _layers()[names[prefix + short]]
    return None
