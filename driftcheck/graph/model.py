"""Typed layer graph: nodes, edges, inputs, outputs, facts, with repeat-compact blocks.

Design:
- ``nodes`` form a tree through ``parent`` (module hierarchy: model > block > layer). A node
  with children is a *block*; a node without children is a *leaf* whose type is a catalogue
  layer (or a catalogue block spec, expanded on demand, or ``Unknown``).
- ``repeat`` on a node says its whole subtree stands for that many identical copies in a row
  (a decoder layer x 32). ``expand()`` turns that into explicit copies.
- ``edges`` are dataflow between nodes (usually leaves, input index optional). Graph inputs are
  nodes of type ``Input``; ``outputs`` lists the node ids whose values the model returns.
- ``facts`` are model-level values in catalogue vocabulary (numLayers, hiddenSize, ...), each
  with where it came from; a serving manifest may give facts and no nodes at all.
- ``tied`` maps one of a node's weight names to ``"<node id>.<weight>"`` it shares storage
  with: a tied weight is counted once (by its owner).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from driftcheck.errors import DriftcheckError
from driftcheck.findings import Location
from driftcheck.lean import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    is_validation_error,
    model_validator,
)

if TYPE_CHECKING:  # networkx costs ~250 ms to import: only the paths that need it load it
    import networkx as nx

SCHEMA_VERSION = "driftcheck.graph/1"

Dim = int | str | None
"""A dimension: an int when known, a symbol such as ``"B"`` or ``"seq"``, or None when unknown."""


class Node(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, description="stable id, unique in the graph")
    type: str = Field(min_length=1, description="catalogue layer or block type, Module, Unknown")
    name: str | None = Field(default=None, description="module path, e.g. encoder.layer.attn.q")
    params: dict[str, Any] = Field(default_factory=dict, description="catalogue attributes")
    parent: str | None = Field(default=None, description="id of the enclosing block")
    repeat: int = Field(default=1, ge=1, description="identical consecutive copies of subtree")
    loc: Location | None = None
    param_locs: dict[str, Location] = Field(
        default_factory=dict, description="where each attribute value comes from"
    )
    tied: dict[str, str] = Field(
        default_factory=dict, description="own weight -> '<node id>.<weight>' it shares"
    )
    unresolved: list[str] = Field(
        default_factory=list, description="attributes whose value the analyzer could not resolve"
    )
    user_class: str | None = Field(default=None, description="class name in the source code")
    notes: list[str] = Field(default_factory=list)


class Edge(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    src: str
    dst: str
    index: int | None = Field(default=None, ge=0, description="input position at dst")


class Origin(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["graph", "source", "config", "hub", "manifest", "checkpoint", "torch", "gym"] = (
        "graph"
    )
    path: str | None = None
    detail: str | None = None
    route: str | None = Field(default=None, description="static or torch-meta, for configs")


class Fact(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: Any
    loc: Location | None = None


class Use(BaseModel):
    """One value the code holds for a model fact at one place: ``self.variance_epsilon = eps``
    in a norm, ``self.max_seq_len_cached = config.max_position_embeddings`` in a rotary
    embedding, ``self.num_heads`` read by ``view()`` in forward. Such values shape what the
    model computes without showing in any layer's weights, so a literal written where the
    code should read the config is only visible here. A fact (``Graph.facts``) is one value;
    uses are every value, each with where it was read (one model may hold several)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str = Field(min_length=1, description="fact key (driftcheck/graph/facts.py)")
    value: Any
    loc: Location | None = None
    via: str | None = Field(default=None, description="Class.attribute that holds the value")


LEGACY_UNFOLLOWED = (": unknown call ", ": not interpreted (", ": value unknown", "(not followed)")
"""Graph JSON written before session 38 has no ``unfollowed`` list: its notes naming a construct
the parser did not follow are found by these fragments of the parser's wording then (read
only by ``legacy_unfollowed``, for such files; review36 item 8)."""


def legacy_unfollowed(notes: list) -> list[str]:
    """The ``unfollowed`` record of a graph written before it existed: its notes with one of
    ``LEGACY_UNFOLLOWED`` (what the matcher read before session 38)."""
    return [x for x in notes if isinstance(x, str) and any(m in x for m in LEGACY_UNFOLLOWED)]


class Graph(BaseModel):
    model_config = ConfigDict(extra="forbid")

    schema_version: Literal["driftcheck.graph/1"] = SCHEMA_VERSION
    name: str | None = None
    origin: Origin = Field(default_factory=Origin)
    nodes: list[Node] = Field(default_factory=list)
    edges: list[Edge] = Field(default_factory=list)
    outputs: list[str] = Field(default_factory=list)
    facts: dict[str, Fact] = Field(default_factory=dict)
    uses: list[Use] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    unfollowed: list[str] = Field(
        default_factory=list,
        description="constructs the parser did not follow ('file:line: what'), also in notes",
    )

    _index: dict[str, Node] | None = PrivateAttr(default=None)
    _kids: dict[str | None, list[str]] | None = PrivateAttr(default=None)
    _kids_n: int = PrivateAttr(default=0)

    @model_validator(mode="after")
    def _check_refs(self) -> Graph:
        ids: set[str] = set()
        for n in self.nodes:
            if n.id in ids:
                raise ValueError(f"duplicate node id {n.id!r}")
            ids.add(n.id)
        for n in self.nodes:
            if n.parent is not None and n.parent not in ids:
                raise ValueError(f"node {n.id!r} has unknown parent {n.parent!r}")
        for e in self.edges:
            for end in (e.src, e.dst):
                if end not in ids:
                    raise ValueError(f"edge {e.src!r}->{e.dst!r} names unknown node {end!r}")
        for o in self.outputs:
            if o not in ids:
                raise ValueError(f"output names unknown node {o!r}")
        # parent chains must end: a cycle through `parent` would make every walk loop
        parents = {m.id: m.parent for m in self.nodes}
        for n in self.nodes:
            seen = {n.id}
            p = n.parent
            while p is not None:
                if p in seen:
                    raise ValueError(f"parent cycle through node {n.id!r}")
                seen.add(p)
                p = parents[p]
        return self

    def __eq__(self, other: object) -> bool:
        # the private lookup caches must not take part in equality
        if not isinstance(other, Graph):
            return NotImplemented
        return self.model_dump() == other.model_dump()

    __hash__ = None  # type: ignore[assignment]

    # ----------------------------------------------------------------- lookups
    def invalidate(self) -> None:
        """Call after mutating ``nodes`` in place (the gym's edits do)."""
        priv = self.__pydantic_private__
        priv["_index"] = priv["_kids"] = None

    @property
    def index(self) -> dict[str, Node]:
        # the private dict directly: pydantic's __getattr__ for private attributes costs ~1 us
        # a read, and parsers call this once per node (measured 6% of a corpus run)
        priv = self.__pydantic_private__
        idx = priv["_index"]
        if idx is None or len(idx) != len(self.nodes):
            idx = priv["_index"] = {n.id: n for n in self.nodes}
        return idx

    def node(self, node_id: str) -> Node:
        try:
            return self.index[node_id]
        except KeyError:
            raise DriftcheckError(f"no node {node_id!r} in graph") from None

    def children(self, node_id: str | None) -> list[Node]:
        priv = self.__pydantic_private__
        kids = priv["_kids"]
        # rebuilt when nodes were appended; the node count it was built for is kept beside it
        # (summing the lists on every call made a walk over a graph quadratic)
        if kids is None or priv["_kids_n"] != len(self.nodes):
            kids = {}
            for n in self.nodes:
                kids.setdefault(n.parent, []).append(n.id)
            priv["_kids"], priv["_kids_n"] = kids, len(self.nodes)
        index = self.index
        return [index[i] for i in kids.get(node_id, ())]

    def roots(self) -> list[Node]:
        return self.children(None)

    def is_leaf(self, node: Node) -> bool:
        return not self.children(node.id)

    def leaves(self) -> list[Node]:
        parents = {n.parent for n in self.nodes}
        return [n for n in self.nodes if n.id not in parents]

    def ancestors(self, node: Node) -> Iterator[Node]:
        p = node.parent
        while p is not None:
            a = self.index[p]
            yield a
            p = a.parent

    def multiplicity(self, node: Node) -> int:
        """How many copies of ``node`` the model holds (its and its ancestors' repeats)."""
        m = node.repeat
        for a in self.ancestors(node):
            m *= a.repeat
        return m

    def path(self, node: Node) -> str:
        return node.name or ".".join(
            [a.id for a in reversed(list(self.ancestors(node)))] + [node.id]
        )

    def inputs(self) -> list[Node]:
        return [n for n in self.nodes if n.type == "Input"]

    def walk(self, node_id: str | None = None) -> Iterator[Node]:
        """Depth-first, pre-order, children in declaration order."""
        for c in self.children(node_id):
            yield c
            yield from self.walk(c.id)

    # ----------------------------------------------------------------- counting
    def params_total(self) -> int | None:
        """Trainable parameter count, tied weights once; None when some size is unresolved."""
        from driftcheck.graph.counting import params_total

        return params_total(self)

    # ----------------------------------------------------------------- transforms
    def expand(self) -> Graph:
        """A copy where every ``repeat > 1`` subtree is written out as explicit copies."""
        from driftcheck.graph.transform import expand

        return expand(self)

    def to_networkx(self) -> nx.DiGraph:
        """DiGraph with dataflow edges; node attributes are the node's fields (typed dumps)."""
        import networkx as nx

        g = nx.DiGraph(
            name=self.name,
            origin=self.origin.model_dump(),
            outputs=list(self.outputs),
            facts={k: v.model_dump() for k, v in self.facts.items()},
            notes=list(self.notes),
            unfollowed=list(self.unfollowed),
        )
        for n in self.nodes:
            g.add_node(n.id, **n.model_dump(exclude={"id"}))
        for e in self.edges:
            g.add_edge(e.src, e.dst, index=e.index)
        return g

    @classmethod
    def from_networkx(cls, g: nx.DiGraph) -> Graph:
        nodes = [Node(id=i, **data) for i, data in g.nodes(data=True)]
        edges = [Edge(src=s, dst=d, index=data.get("index")) for s, d, data in g.edges(data=True)]
        return cls(
            name=g.graph.get("name"),
            origin=Origin(**g.graph.get("origin", {})),
            nodes=nodes,
            edges=edges,
            outputs=g.graph.get("outputs", []),
            facts={k: Fact(**v) for k, v in g.graph.get("facts", {}).items()},
            notes=g.graph.get("notes", []),
            unfollowed=g.graph.get("unfollowed", []),
        )

    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(indent=indent, exclude_defaults=False)

    @classmethod
    def from_json(cls, text: str, where: str | None = None) -> Graph:
        """Parse graph JSON; any problem is a DriftcheckError naming the first bad field."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise DriftcheckError(
                f"invalid JSON: {e.msg} at line {e.lineno} column {e.colno}", where
            ) from None
        except RecursionError:
            raise DriftcheckError("JSON nested too deeply", where) from None
        return cls.from_data(data, where)

    @classmethod
    def from_data(cls, data: Any, where: str | None = None) -> Graph:
        """A graph from parsed JSON: what ``to_json`` writes, or what ``driftcheck graph
        --format json`` writes (the same plus ``params_total``, a count the nodes give: it is
        read back as a check, and a graph whose nodes count otherwise keeps a note saying so)."""
        if not isinstance(data, dict):
            raise DriftcheckError("graph JSON must be an object", where)
        if "unfollowed" not in data and isinstance(data.get("notes"), list):
            data = {**data, "unfollowed": legacy_unfollowed(data["notes"])}
        stated: Any = _NOT_STATED
        if "params_total" in data:
            data = dict(data)
            stated = data.pop("params_total")
            if stated is not None and (type(stated) is not int or stated < 0):
                raise DriftcheckError(
                    "not a driftcheck graph: params_total: must be a count or null", where
                )
        try:
            graph = cls.model_validate(data)
            if stated is not _NOT_STATED:
                _check_total(graph, stated)
            return graph
        except ValueError as e:  # pydantic's ValidationError is one (imported when it is)
            if not is_validation_error(e):
                raise
            err = e.errors()[0]
            loc = ".".join(str(p) for p in err["loc"]) or "<root>"
            more = f" (and {e.error_count() - 1} more)" if e.error_count() > 1 else ""
            raise DriftcheckError(
                f"not a driftcheck graph: {loc}: {err['msg']}{more}", where
            ) from None
        except RecursionError:
            raise DriftcheckError("graph JSON nested too deeply", where) from None

    @staticmethod
    def json_schema() -> dict[str, Any]:
        schema = Graph.model_json_schema()
        # ``driftcheck graph --format json`` writes the count first; ``from_data`` reads it back
        schema["properties"] = {
            "params_total": {
                "anyOf": [{"minimum": 0, "type": "integer"}, {"type": "null"}],
                "title": "Params Total",
                "description": "trainable parameters, tied weights once (written by "
                "driftcheck graph; null when some size is unresolved)",
            },
            **schema["properties"],
        }
        schema["$id"] = "https://driftcheck.dev/schema/graph-1.json"
        schema["title"] = "driftcheck typed layer graph"
        return schema

    # ----------------------------------------------------------------- building
    def add(self, node: Node) -> Node:
        self.nodes.append(node)
        self.invalidate()
        return node

    def connect(self, src: str, dst: str, index: int | None = None) -> None:
        self.edges.append(Edge(src=src, dst=dst, index=index))

    def predecessors(self, node_id: str) -> list[Edge]:
        return sorted(
            (e for e in self.edges if e.dst == node_id),
            key=lambda e: (e.index is None, e.index or 0),
        )

    def fact(self, key: str, default: Any = None) -> Any:
        f = self.facts.get(key)
        return default if f is None else f.value


_NOT_STATED = object()


def _check_total(graph: Graph, stated: int | None) -> None:
    """A graph read back with ``params_total``: the nodes decide the count; a file whose
    stated count is not theirs (edited by hand) keeps a note saying so."""
    got = graph.params_total()
    if got != stated:
        shown = "unresolved" if got is None else f"{got:,}"
        graph.notes.append(f"params_total as written ({stated}) is not the nodes' count ({shown})")


def input_share(node: Node, tables: set[str]) -> bool:
    """``node`` is an input table (its id in ``tables``) whose every shared weight belongs to
    another input table (vacuously so when it shares none): an encoder-decoder's
    ``encoder.embed_tokens`` and ``decoder.embed_tokens`` on ``shared``. Such a share is no
    output-head tie; the head is tied only when a head shares the table (Pop2Piano ties those
    two and keeps its ``lm_head`` its own with ``tie_word_embeddings`` true,
    modeling_pop2piano.py:766; torch: ``lm_head.weight is shared.weight`` is False). The one
    rule the matcher's derived facts and the source parser's model facts both apply."""
    return node.id in tables and all(t.split(".", 1)[0] in tables for t in node.tied.values())


def chain(graph: Graph, ids: Iterable[str]) -> None:
    """Connect ``ids`` one after another (a Sequential)."""
    prev = None
    for i in ids:
        if prev is not None:
            graph.connect(prev, i)
        prev = i
