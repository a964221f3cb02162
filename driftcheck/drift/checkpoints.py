"""A checkpoint against the model a config or code describes: tensor by tensor.

A checkpoint (safetensors, GGUF) knows tensor names, shapes and dtypes, nothing else: which
module owns a 1-d weight (an ``RMSNorm``, a ``LayerNorm`` without bias, a hand-written norm
holding one ``nn.Parameter``) is a guess its reader makes, and the code's own classes are
things a checkpoint cannot state. So when the checkpoint's tensor names line up with the
model's state dict (what ``from_pretrained`` and ``load_state_dict`` match on), the pair is
compared as loading compares it:

- the model's side is built as the class whose state dict the checkpoint holds (a causal-LM
  checkpoint holds ``lm_head``, the bare ``AutoModel`` does not): ``reference_class``;
- every tensor: a changed shape is SRV010 (both shapes, the tensor's name), a tensor the model
  has and the checkpoint lacks or the other way round is SRV012 (``checkpoint_rules``);
- the model-level facts each side states (layers, vocab, width, dtype...) by the graph matcher,
  with the checkpoint's guessed layers left out (``facts_view``).

When the names do not line up (code with its own names, a GGUF in llama.cpp's names) the pair
goes through the structural matcher as any other pair.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from driftcheck.graph.model import Graph

MIN_OVERLAP = 0.5
"""Share of the smaller table whose names must meet for a tensor-by-tensor comparison."""


def is_checkpoint(g: Graph) -> bool:
    return g.origin.kind == "checkpoint"


def tables(checkpoint: Graph, model: Graph) -> tuple[dict, dict, list[str]] | None:
    """(checkpoint table renamed as ``from_pretrained`` would, the model's table, the
    checkpoint's tensors the renaming left out), or None when the names do not line up."""
    from driftcheck.drift.load_prediction import align_prefix, state_dict_shapes, tensor_table

    if not model.nodes or not checkpoint.nodes:
        return None
    mine = tensor_table(model).named
    theirs = state_dict_shapes(checkpoint)
    if not mine or not theirs:
        return None
    aligned = align_prefix(theirs, mine)
    if len(set(aligned) & set(mine)) < MIN_OVERLAP * min(len(mine), len(aligned)):
        return None
    if len(aligned) == len(theirs):  # as written, or a prefix added to every name
        return aligned, mine, []
    p = _stripped(theirs, aligned)  # a prefix stripped: the names without it are left out
    return aligned, mine, [n for n in theirs if p is None or not n.startswith(p)]


def _stripped(theirs: dict, aligned: dict) -> str | None:
    """The prefix ``align_prefix`` removed (``model.``), or None when it removed none."""
    for n in theirs:
        head, _, rest = n.partition(".")
        if rest and rest in aligned and n not in aligned:
            return head + "."
    return None


@dataclass
class Leftovers:
    """What loading a checkpoint into a model leaves: tensors the model lacks a place for,
    tensors the checkpoint lacks, tensors whose shapes differ (name -> (checkpoint, model))."""

    missing: list[str]
    unexpected: list[str]
    buffers: list[str]
    mismatched: dict[str, tuple]
    unresolved: int
    overlap: int

    @property
    def problems(self) -> int:
        return len(self.missing) + len(self.unexpected) + len(self.mismatched) + self.unresolved


def leftovers(checkpoint: Graph, model: Graph) -> Leftovers | None:
    """Loading by name (``load_prediction``), then what stays unmatched met by shape (a
    module transformers 5 renames at load, experts it fuses); a tied tensor saved once is not
    missing; a checkpoint tensor named like no parameter may be a buffer (graphs list none)."""
    from driftcheck.drift.load_prediction import predict_load

    t = tables(checkpoint, model)
    if t is None:
        return None
    aligned, mine, dropped = t
    pred = predict_load(aligned, model)
    missing, unexpected = pred.missing, pred.unexpected + dropped
    if missing and unexpected:
        theirs = {**aligned, **{n: s for n, s in _table(checkpoint).items() if n in dropped}}
        m = shape_match({n: theirs[n] for n in unexpected}, {n: mine[n] for n in missing})
        missing = [n for n, _ in m.model_only]
        unexpected = [n for n, _ in m.checkpoint_only]
    missing = untied_missing(missing, model)
    buffers = [n for n in unexpected if n.rpartition(".")[2] not in ("weight", "bias")]
    unexpected = [n for n in unexpected if n not in buffers]
    return Leftovers(missing, unexpected, buffers, pred.mismatched, pred.unresolved,
                     len(set(aligned) & set(mine)))  # fmt: skip


def _table(checkpoint: Graph) -> dict:
    from driftcheck.drift.load_prediction import state_dict_shapes

    return state_dict_shapes(checkpoint)


def load_score(checkpoint: Graph, model: Graph) -> tuple[int, int] | None:
    """How far loading ``checkpoint`` into ``model`` is from clean: (problems, -overlap);
    None when the names do not line up at all (in state-dict or GGUF names)."""
    left = leftovers(checkpoint, model)
    if left is not None:
        return left.problems, -left.overlap
    g = gguf_tables(checkpoint, model)
    if g is not None:
        return g.problems, -len(set(g.have) & set(g.want))
    return None


def untied_missing(missing: list[str], model: Graph) -> list[str]:
    """Missing tensors less those that share storage with another tensor of the model (a
    tied head is saved once: ``save_pretrained`` and safetensors drop the duplicate)."""
    from driftcheck.drift.load_prediction import tensor_table

    tied = tied_names(model)
    known = set(tensor_table(model).named)
    return [n for n in missing if not (n in tied and tied[n] in known)]


def tied_names(model: Graph) -> dict[str, str]:
    """State-dict name -> the name of the tensor it is tied to (``Node.tied``), each named as
    ``load_prediction.tensor_table`` names it."""
    out: dict[str, str] = {}

    def name(node, weight: str) -> str:
        path = node.name or model.path(node)
        return path if node.type == "Parameter" else f"{path}.{weight}"

    for node in model.nodes:
        for weight, target in node.tied.items():
            owner_id, _, owner_weight = target.rpartition(".")
            owner = model.index.get(owner_id)
            if owner is not None:
                out[name(node, weight)] = name(owner, owner_weight)
    return out


def reference_class(
    checkpoint: Graph,
    base: Graph,
    candidates: list[str],
    build: Callable[[str], Graph | None],
) -> tuple[Graph, str | None]:
    """The model built as the class whose state dict the checkpoint holds: ``base`` (the
    AutoModel class) or one of ``candidates`` (the config's ``architectures``), fewest load
    problems first. Returns (graph, the class picked when it is not the base)."""
    best, best_score, name = base, load_score(checkpoint, base), None
    for cls in candidates:
        g = build(cls)
        if g is None:
            continue
        score = load_score(checkpoint, g)
        if score is not None and (best_score is None or score < best_score):
            best, best_score, name = g, score, cls
    return best, name


def by_shapes(checkpoint: Graph, model: Graph) -> ShapeMatch | None:
    """The tables compared as multisets of shapes, when the names do not line up but the
    shapes do (at least half the smaller table meets its shape): transformers 5 renames
    modules (``embed_out`` -> ``lm_head``, ViT's ``attention.attention.query`` ->
    ``attention.q_proj``) and fuses experts at load, and code written another way names its
    tensors its own way. None when the model's sizes are not all known."""
    from driftcheck.drift.load_prediction import state_dict_shapes, tensor_table

    if not model.nodes or not checkpoint.nodes or model.params_total() is None:
        return None
    if checkpoint.origin.detail == "gguf":  # llama.cpp's names and layouts: SRV011's
        return None
    table = tensor_table(model)
    if table.unnamed:
        return None
    tied = tied_names(model)
    mine = {n: s for n, s in table.named.items() if n not in tied}
    theirs = state_dict_shapes(checkpoint)
    if not mine or not theirs:
        return None
    m = shape_match(theirs, mine)
    met = len(mine) - len(m.model_only)
    if met < MIN_OVERLAP * min(len(mine), len(theirs)):
        return None
    return m


@dataclass
class GgufTables:
    """A GGUF's tensors against the model's in GGUF names (``gguf``'s own TensorNameMap, as
    llama.cpp's converters name them): the basis of SRV011."""

    have: dict[str, tuple]
    want: dict[str, tuple]
    unmapped: list[str]

    @property
    def missing(self) -> list[str]:  # a missing output.weight is llama.cpp's tied head
        return [g for g in self.want if g not in self.have and g != "output.weight"]

    @property
    def extra(self) -> list[str]:
        return [g for g in self.have if g not in self.want and not g.startswith("rope_")]

    @property
    def shapes(self) -> dict[str, tuple[tuple, tuple]]:
        return {g: (self.have[g], w) for g, w in self.want.items()
                if g in self.have and self.have[g] != w}  # fmt: skip

    @property
    def problems(self) -> int:
        return len(self.missing) + len(self.extra) + len(self.shapes)


def gguf_tables(checkpoint: Graph, model: Graph) -> GgufTables | None:
    """None unless ``checkpoint`` is a GGUF whose architecture the map knows and the map
    covers at least half of the model's tensors."""
    from driftcheck.drift.load_prediction import state_dict_shapes, tensor_table
    from driftcheck.parsers.serving.gguf_names import to_gguf_names

    if checkpoint.origin.detail != "gguf" or not model.nodes:
        return None
    arch, blocks = checkpoint.fact("modelType"), checkpoint.fact("numLayers")
    mine = tensor_table(model).named
    if not isinstance(arch, str) or not mine:
        return None
    layers = model.fact("numLayers")
    n = max(v for v in (blocks, layers, 1) if isinstance(v, int) and not isinstance(v, bool))
    try:
        want, unmapped = to_gguf_names(mine, arch, n)
    except ImportError:  # the gguf package (serving extra) reads GGUF files: here it is
        return None
    if len(want) < len(mine) // 2:
        return None  # the map covers too little of this model to say anything
    return GgufTables(state_dict_shapes(checkpoint), want, unmapped)


def tensor_mode(checkpoint: Graph, model: Graph) -> str | None:
    """How a checkpoint meets a model: ``names`` (state-dict names line up), ``gguf`` (they
    do in llama.cpp's names), ``shapes`` (only the shapes do), or None (compared by the
    structural matcher)."""
    if tables(checkpoint, model) is not None:
        return "names"
    if gguf_tables(checkpoint, model) is not None:
        return "gguf"
    if by_shapes(checkpoint, model) is not None:
        return "shapes"
    return None


TENSOR_FACTS = {"numLayers", "vocabSize", "hiddenSize", "intermediateSize", "numParameters",
                "tensorCount", "numHeads", "numKvHeads", "headDim", "tieWordEmbeddings"}  # fmt: skip
"""Facts a checkpoint's reader reads off tensor shapes: the tensor comparison decides them
(an ELECTRA's 128-wide embedding is no 256-wide hidden size)."""


def facts_view(checkpoint: Graph) -> Graph:
    """The checkpoint with the facts its metadata states and no layers, for the facts
    comparison: its layers, and what its reader read off their shapes, are compared tensor
    by tensor instead."""
    facts = {k: f for k, f in checkpoint.facts.items() if not _from_tensors(k, f)}
    return Graph(name=checkpoint.name, origin=checkpoint.origin, facts=facts)


def _from_tensors(key: str, fact) -> bool:
    if key not in TENSOR_FACTS:
        return False
    where = (fact.loc.key if fact.loc else None) or ""
    return "." in where or "*" in where or where == "tensors" or not where


# ------------------------------------------------------------------ names that do not line up
FUSED = (1, 2, 3)
"""A model tensor ``[E, k*r, c]`` may hold ``k*E`` checkpoint tensors ``[r, c]`` (experts stacked,
gate and up or q, k and v fused): transformers 5 fuses per-expert checkpoints at load."""


@dataclass
class ShapeMatch:
    """The two tables compared as multisets of shapes (names differ between producers)."""

    model_only: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    checkpoint_only: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.model_only or self.checkpoint_only)


def shape_match(checkpoint: dict[str, tuple], model: dict[str, tuple]) -> ShapeMatch:
    """Each model tensor meets a checkpoint tensor of its shape (names ignored); a 3-d model
    tensor may meet ``k*E`` 2-d ones (stacked experts, fused projections) and the other way
    round. What meets nothing is returned, named."""
    left = _by_shape(checkpoint)
    right = _by_shape(model)
    for shape in list(right):
        _take(left, right, shape, shape, len(right[shape]), 1)
    for a, b in ((right, left), (left, right)):  # a fused tensor on either side
        for shape in [s for s in a if len(s) == 3]:
            e, r, c = shape
            for k in FUSED:
                if r % k == 0 and a.get(shape):
                    _take(a, b, shape, (r // k, c), len(a[shape]), k * e)
    out = ShapeMatch()
    out.checkpoint_only = sorted((n, s) for s, names in left.items() for n in names)
    out.model_only = sorted((n, s) for s, names in right.items() for n in names)
    return out


def _by_shape(table: dict[str, tuple]) -> dict[tuple, list[str]]:
    out: dict[tuple, list[str]] = {}
    for name, shape in sorted(table.items()):
        out.setdefault(tuple(shape), []).append(name)
    return out


def _take(a: dict, b: dict, sa: tuple, sb: tuple, times: int, per: int) -> None:
    """Remove ``times`` tensors of shape ``sa`` from ``a``, each against ``per`` of shape
    ``sb`` from ``b``, while both have them."""
    for _ in range(times):
        if not a.get(sa) or len(b.get(sb, ())) < per:
            return
        a[sa].pop(0)
        del b[sb][:per]
        for d, s in ((a, sa), (b, sb)):
            if not d[s]:
                del d[s]
