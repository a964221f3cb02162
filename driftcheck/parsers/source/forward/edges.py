"""forward() dataflow: the pass that follows the root's forward and adds inputs, op nodes,
edges and outputs to the graph (``Flow`` in ``dataflow``, the interpreter in ``dataflow_eval``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from driftcheck.graph.model import Graph
from driftcheck.parsers.source.forward.dataflow import (
    CALLED_UNWIRED,
    CRASH_NOTE,
    MAX_SITE_OPS,
    PARALLEL_NOTE,
    Flow,
    Stop,
)
from driftcheck.parsers.source.values.dataflow_values import Tens, first_tensor

# ``check --input-shape``: the sizes of the root forward's first input. With them the pass
# follows forward on real sizes (``x.size()`` gives numbers, every view/split/matmul gets
# numbers), so the shape checks can prove a crash instead of only doubting a symbolic rewrite.
# Without them (every other caller) the pass stays size-free, as before.
INPUT_SHAPE: ContextVar[tuple[int, ...] | None] = ContextVar("forward_input_shape", default=None)
CONCRETE_NOTE = "forward followed on the given input shape"
# ``check --input-dtype``: the dtype of that same first input, as the dtype facts the forward
# rules read (``dataflow_checks.fact(f, t, "dtype")``). None (the default): the input's dtype
# is unknown, and no rule judges a tensor whose dtype is unknown.
INPUT_DTYPE: ContextVar[dict[str, Any] | None] = ContextVar("forward_input_dtype", default=None)

# torch's spellings of a dtype (``torch.<name>``) -> the facts the forward rules use. Their
# dtype model is coarse on purpose: ``float`` is any float of torch's default family (float32,
# float16, bfloat16: what ``x.float()`` / ``.half()`` give, ``dataflow_checks.cast``), float64
# apart (a float32 weight rejects it), ``int64`` any integer dtype with ``long`` set only where
# it is int64 for certain, and bool, uint8, complex.
# ``exact`` (dataflow_fix25b): the float dtype by its own name, for the rules that tell
# float32 from float16 / bfloat16 (a matrix product of two exact dtypes, complex widths).
_FLOAT = {"dtype": "float", "real": True}
_INT = {"dtype": "int64", "real": True}
INPUT_DTYPES: dict[str, dict[str, Any]] = {
    **dict.fromkeys(("float32", "float"), {**_FLOAT, "exact": "float32"}),
    **dict.fromkeys(("float16", "half"), {**_FLOAT, "exact": "float16"}),
    "bfloat16": {**_FLOAT, "exact": "bfloat16"},
    **dict.fromkeys(("float64", "double"), {"dtype": "float64", "real": True, "exact": "float64"}),
    **dict.fromkeys(("int64", "long"), {**_INT, "long": True}),
    **dict.fromkeys(("int32", "int", "int16", "short", "int8"), _INT),
    **dict.fromkeys(("uint8", "byte"), {"dtype": "uint8", "real": True}),
    "bool": {"dtype": "bool", "real": True},
    **dict.fromkeys(("complex64", "cfloat", "complex128", "cdouble"), {"dtype": "complex"}),
}


# ``check --input-range LO:HI``: every value of that first input lies in ``[LO, HI)`` (as
# ``torch.randint(LO, HI)`` draws token ids); kept as the inclusive ``bounds`` value fact
# (dataflow_fix26) on an int64 input. None (the default): the values are unknown.
INPUT_RANGE: ContextVar[tuple[int, int] | None] = ContextVar("forward_input_range", default=None)
RANGE_DTYPES = ("int64", "long")


def input_range(text: str) -> tuple[int, int]:
    """``--input-range LO:HI`` -> ``(LO, HI)``: two integers, ``LO < HI`` (a ValueError
    says what is wrong)."""
    parts = text.strip().split(":")
    try:
        if len(parts) != 2:
            raise ValueError
        lo, hi = (int(p.strip()) for p in parts)
    except ValueError:
        raise ValueError(f"bad input range {text!r} (LO:HI, two integers: 0:32000)") from None
    if lo >= hi:
        raise ValueError(f"bad input range {text!r}: LO must be below HI (values lie in [LO, HI))")
    return lo, hi


def input_dtype_facts(name: str) -> dict[str, Any]:
    """The forward facts of ``--input-dtype NAME`` (``int64``, ``torch.long``, ...); a
    ValueError names the accepted spellings when torch has no such dtype (or one we do not
    model: ``float8_e4m3fn``, ``uint16``)."""
    key = name.strip().removeprefix("torch.")
    if key not in INPUT_DTYPES:
        raise ValueError(f"unknown input dtype {name!r} (one of: {', '.join(INPUT_DTYPES)})")
    return dict(INPUT_DTYPES[key])


@contextlib.contextmanager
def concrete_input(
    shape: tuple[int, ...] | None,
    dtype: dict[str, Any] | None = None,
    value_range: tuple[int, int] | None = None,
) -> Iterator[None]:
    """Analyses started inside follow forward on ``shape`` (None: size-free, the default),
    with the first input's dtype facts ``dtype`` (``input_dtype_facts``; None: unknown) and
    its values' range ``[LO, HI)`` (``input_range``; only with an int64 dtype). A dtype is
    only followed on real sizes, as every dtype rule is."""
    ok = (
        shape is not None
        and len(shape) > 0
        and all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in shape)
    )
    token = INPUT_SHAPE.set(tuple(shape) if ok else None)  # type: ignore[arg-type]
    dtoken = INPUT_DTYPE.set(dict(dtype) if ok and dtype else None)
    int64 = bool(dtype) and dtype.get("long") is True  # type: ignore[union-attr]
    rtoken = INPUT_RANGE.set(tuple(value_range) if ok and int64 and value_range else None)  # type: ignore[arg-type]
    try:
        yield
    finally:
        INPUT_RANGE.reset(rtoken)
        INPUT_DTYPE.reset(dtoken)
        INPUT_SHAPE.reset(token)


def returned_tensors(v: Any, depth: int = 0) -> list[Tens]:
    """The model's outputs: every tensor of a returned tuple or list, in order (nested ones
    flattened: ``logits, (h, c)``); of a dict or ``ModelOutput``, its first tensor (what
    ``output[0]`` gives); a recurrent layer's tuple counts only its known first item."""
    if isinstance(v, Tens):
        return [v]
    if isinstance(v, (tuple, list)) and depth < 6:
        return [t for x in v for t in returned_tensors(x, depth + 1)]
    t = first_tensor(v)
    return [t] if t is not None else []


def add_edges(graph: Graph, builder: Any, interp: Any) -> None:
    """Entry point called by ``analyze``: interpret the root's forward, add inputs/ops/edges."""
    from driftcheck.parsers.source.forward.dataflow_eval import Runner

    root_id = next((n.id for n in graph.nodes if n.parent is None), None)
    root = builder.objs.get(root_id) if root_id is not None else None
    if root is None:
        return
    flow = Flow(graph, builder, interp)
    flow.input_shape = INPUT_SHAPE.get()
    flow.input_dtype = INPUT_DTYPE.get() if flow.input_shape is not None else None
    flow.input_range = INPUT_RANGE.get() if flow.input_dtype is not None else None
    flow.map_tree(root)
    runner = Runner(flow)
    complete = True
    try:
        out = runner.calls.run_root(root)
    except Stop as e:
        graph.notes.append(f"forward dataflow stopped: {e}")
        out, complete = None, False
    except RecursionError:
        graph.notes.append("forward dataflow stopped: recursion too deep")
        out, complete = None, False
    graph.edges.extend(flow.edges)
    _word_table(graph)
    _table_head(graph, flow)
    if flow.input_shape is not None:
        graph.notes.append(f"{CONCRETE_NOTE} {tuple(flow.input_shape)}")
        _float_sizes(graph)  # a layer whose constructor raises (crashfix33)
        for loc, msg in flow.crashes:
            where = f"{loc[0]}:{loc[1]}" if loc else "?"
            graph.notes.append(f"{CRASH_NOTE} {where}: {msg}")
        for nid in sorted(flow.parallel):
            node = flow.node(nid)
            if node is not None and PARALLEL_NOTE not in node.notes:
                node.notes.append(PARALLEL_NOTE)
    graph.outputs = [t.src for t in returned_tensors(out) if t.src is not None]
    if complete:
        flow.unused.mark_unused()
    wired = {e.src for e in flow.edges} | {e.dst for e in flow.edges}
    for nid in sorted(flow.called - wired):  # reached, but on tensors we could not follow
        node = flow.node(nid)
        if node is not None and node.type != "Module" and CALLED_UNWIRED not in node.notes:
            node.notes.append(CALLED_UNWIRED)
    if flow.capped_sites:
        lines = sorted({f"{loc[1]}" for loc, _ in flow.capped_sites if loc})[:5]
        graph.notes.append(
            f"forward: a loop unrolled over {MAX_SITE_OPS} ops at line(s) {', '.join(lines)}; "
            "later iterations not followed"
        )
    if flow.skipped_cycles:
        graph.notes.append(
            f"forward: {flow.skipped_cycles} edge(s) left out that would close a cycle "
            "(a module applied to its own output)"
        )
    graph.notes.extend(runner.notes[:20])
    # the notes that name a construct the pass did not follow, marked where it wrote them
    graph.unfollowed.extend(x for x in runner.notes[:20] if x in runner.unfollowed_notes)
    if complete:
        from driftcheck.parsers.source.forward.copy_states import follow_copy_states

        follow_copy_states(graph, builder, interp, root, flow.rep)
    # the owners and their parts refer to each other: break that, so the pass's state is
    # freed by reference counting, not left to the cyclic collector
    runner.calls = flow.queries = flow.unused = None  # type: ignore[assignment]
    graph.invalidate()


def _word_table(graph: Graph) -> None:
    """The token table is the one table forward looks the model's input up in: where the
    largest table (``vocabSize``, read before the forward pass) is another one (ImageGPT's
    positions, more rows than its 65-colour palette, looked up by ``torch.arange``), the
    vocabulary and width are the input's table's."""
    from driftcheck.graph.model import Fact

    vocab = graph.facts.get("vocabSize")
    if vocab is None:
        return
    inputs = {n.id for n in graph.nodes if n.type == "Input"}
    tables = {n.id: n for n in graph.nodes if n.type == "Embedding" and not n.unresolved}
    fed = {e.dst for e in graph.edges if e.src in inputs and e.dst in tables}
    if len(fed) != 1:
        return
    word = tables[next(iter(fed))]
    rows, dim = word.params.get("num_embeddings"), word.params.get("embedding_dim")
    if type(rows) is not int or type(dim) is not int or rows == vocab.value:
        return
    if rows > vocab.value:
        return  # the largest table is the vocabulary's rule: only a smaller input table moves it
    graph.facts["vocabSize"] = Fact(
        value=rows, loc=word.param_locs.get("num_embeddings") or word.loc
    )
    graph.facts["hiddenSize"] = Fact(
        value=dim, loc=word.param_locs.get("embedding_dim") or word.loc
    )


def _table_head(graph: Graph, flow: Any) -> None:
    """``F.linear(h, self.embed.weight)`` on the token table (the one ``vocabSize`` comes
    from): the model's head is its input table, ``tieWordEmbeddings`` (a head written as a
    ``Linear`` whose weight is assigned the table's is a tie ``Builder`` already sees)."""
    from driftcheck.graph.model import Fact

    vocab = graph.facts.get("vocabSize")
    if vocab is None or "tieWordEmbeddings" in graph.facts:
        return
    for nid in sorted(flow.table_heads):
        node = flow.node(nid)
        if node is not None and node.params.get("num_embeddings") == vocab.value:
            graph.facts["tieWordEmbeddings"] = Fact(value=True, loc=node.loc)
            return


def _float_sizes(graph: Graph) -> None:
    """A torch layer built with a float size (``nn.Linear(dim, dim / 2)``: the leaf's
    ``FLOAT_SIZE_NOTE``, ``torchlib.FLOAT_SIZES``) raises TypeError in ``__init__``: the model
    is never built. Only a node whose parameters are all known (one registered under an
    undecided condition is not: ``Attributes.register``)."""
    from driftcheck.parsers.source.library.torchlib import FLOAT_SIZE_NOTE

    for n in graph.nodes:
        if not n.notes or n.unresolved or n.loc is None:
            continue
        for note in n.notes:
            if note.startswith(FLOAT_SIZE_NOTE):
                size = note[len(FLOAT_SIZE_NOTE) :].strip()
                graph.notes.append(
                    f"{CRASH_NOTE} {n.loc.file}:{n.loc.line}: {n.type}({size}) raises in "
                    "__init__: TypeError (a layer size is a float; torch builds the weight "
                    "from ints)"
                )
                break
