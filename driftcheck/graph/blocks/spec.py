"""What a block is: parameters plus a builder that returns a sub-graph of catalogue layers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from driftcheck.graph.catalogue.spec import CatalogueError, Example, P, _coerce

if TYPE_CHECKING:
    from driftcheck.graph.model import Graph


@dataclass(frozen=True)
class BlockSpec:
    name: str
    family: str
    params: tuple[P, ...]
    build: Callable[[Mapping[str, Any]], Graph]
    """Bound params -> a Graph whose leaves are catalogue layers, with dataflow edges and one
    ``Input`` node per block input; ``outputs`` lists the block's output node."""
    aliases: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    doc: str = ""
    role: str | None = None
    reference: str | None = None
    """Where the torch reference comes from (e.g. ``transformers LlamaDecoderLayer``)."""
    extra: dict[str, Any] = field(default_factory=dict)

    def bind(self, params: Mapping[str, Any]) -> dict[str, Any]:
        by_name = {p.name: p for p in self.params}
        alias = {a: p.name for p in self.params for a in p.aliases}
        out: dict[str, Any] = {}
        for key, value in params.items():
            name = key if key in by_name else alias.get(key)
            if name is None:
                raise CatalogueError(f"{self.name} has no parameter {key!r}")
            out[name] = value
        for p in self.params:
            if p.name not in out:
                if p.required:
                    raise CatalogueError(f"{self.name} needs parameter {p.name!r}")
                out[p.name] = p.default
            out[p.name] = _coerce(self.name, p, out[p.name])
        return out

    def graph(self, params: Mapping[str, Any]) -> Graph:
        return self.build(self.bind(params))

    def param_count(self, params: Mapping[str, Any]) -> int | None:
        return self.graph(params).params_total()

    @property
    def vocab(self) -> str:
        return self.name[:1].lower() + self.name[1:]
