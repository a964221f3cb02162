"""The layer catalogue: one module per family, each exporting ``LAYERS``; blocks live in
``driftcheck.graph.blocks`` (each module exporting ``BLOCKS``).

Lookup is by canonical name, by alias (case-insensitive) and by torch qualified name.
Nothing here imports torch.

Start-up: importing every family and block module costs more than the rest of a small
``driftcheck graph`` run (about 285 ms of a 603 ms cold start), while a graph uses a handful of
types. ``driftcheck/data/catalogue_index.json`` maps every name, alias and torch name to the one
module that defines it, so ``get``/``get_block``/``lookup``/``by_torch`` import only the
families a graph uses. The index is generated from the full load (``build_index``;
``python tools/gen_catalogue_index.py``) and a test fails when it is out of date. A name
the index places in a module that no longer defines it falls back to the full load, so a stale
index can cost time but never change an answer for a name it knows.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from functools import cache
from pathlib import Path
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
from driftcheck.speed import current

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
    "build_index",
]

INDEX_PATH = Path(__file__).resolve().parents[2] / "data" / "catalogue_index.json"
BLOCKS_PACKAGE = "driftcheck.graph.blocks"


def _modules(package: str) -> list[str]:
    pkg = importlib.import_module(package)
    names = sorted(info.name for info in pkgutil.iter_modules(pkg.__path__))
    return [n for n in names if not n.startswith("_") and n != "spec"]


def _load(package: str, attr: str) -> list:
    out = []
    for name in _modules(package):
        out.extend(getattr(importlib.import_module(f"{package}.{name}"), attr, []))
    return out


@cache
def _index() -> dict[str, dict[str, str]] | None:
    """The generated name -> module index, or None when it is missing or unreadable."""
    try:
        data = json.loads(INDEX_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    keys = ("layers", "blocks", "aliases", "torch")
    if not isinstance(data, dict) or not all(isinstance(data.get(k), dict) for k in keys):
        return None
    return data


@cache
def _family(package: str, module: str, attr: str) -> dict[str, object]:
    """The specs one family module defines, by name (imports that module only)."""
    mod = importlib.import_module(f"{package}.{module}")
    return {spec.name: spec for spec in getattr(mod, attr, [])}


def build_index() -> dict[str, dict[str, str]]:
    """The index as generated from the full load (what ``catalogue_index.json`` must hold)."""
    layers = {
        s.name: m for m in _modules(__name__) for s in _family(__name__, m, "LAYERS").values()
    }
    blocks = {
        s.name: m
        for m in _modules(BLOCKS_PACKAGE)
        for s in _family(BLOCKS_PACKAGE, m, "BLOCKS").values()
    }
    _ = (_layers(), _blocks())  # the full load also rejects names defined twice
    return {
        "layers": dict(sorted(layers.items())),
        "blocks": dict(sorted(blocks.items())),
        "aliases": dict(sorted(_aliases().items())),
        "torch": dict(sorted(_torch_names().items())),
    }


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
    """A layer spec by canonical name (exact); remembered (``Stores.catalogue`` of the Speed
    in force, while its ``catalogue`` is on), as parsers ask once per layer."""
    sp = current()
    if not sp.catalogue:
        return _get(name)
    memo = sp.stores.catalogue
    try:
        return memo[name]
    except KeyError:
        spec = memo[name] = _get(name)
        return spec


def _get(name: str) -> LayerSpec | None:
    idx = _index()
    if idx is None or _layers.cache_info().currsize:
        return _layers().get(name)
    module = idx["layers"].get(name)
    if module is None:
        return None
    spec = _family(__name__, module, "LAYERS").get(name)
    return spec if spec is not None else _layers().get(name)  # type: ignore[return-value]


def get_block(name: str) -> BlockSpec | None:
    idx = _index()
    if idx is None or _blocks.cache_info().currsize:
        return _blocks().get(name)
    module = idx["blocks"].get(name)
    if module is None:
        return None
    spec = _family(BLOCKS_PACKAGE, module, "BLOCKS").get(name)
    return spec if spec is not None else _blocks().get(name)  # type: ignore[return-value]


def lookup(name: str) -> str | None:
    """Canonical layer or block name for a name or alias, case-insensitive.

    An exact canonical name wins first: ``Conv1D`` (GPT-2) and ``Conv1d`` (torch) differ only
    in case.
    """
    idx = _index()
    if idx is None:
        if name in _layers() or name in _blocks():
            return name
        return _aliases().get(name.lower())
    if name in idx["layers"] or name in idx["blocks"]:
        return name
    return idx["aliases"].get(name.lower())


def by_torch(qualname: str) -> LayerSpec | None:
    """The spec for a torch qualified name such as ``torch.nn.Linear`` or ``nn.Linear``."""
    idx = _index()
    names = _torch_names() if idx is None else idx["torch"]
    if qualname in names:
        return get(names[qualname])
    short = qualname.rsplit(".", 1)[-1]
    for prefix in ("torch.nn.", "torch.nn.modules."):
        if prefix + short in names:
            return get(names[prefix + short])
    return None
