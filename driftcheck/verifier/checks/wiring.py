"""STR: tied weights and odd wiring (edges into inputs or containers, outputs that are inputs)."""

from __future__ import annotations

from driftcheck.graph.model import Node
from driftcheck.verifier.base import BLOCKER, INFO, WARNING, check
from driftcheck.verifier.build import L, net, seq
from driftcheck.verifier.context import Context


def _emb(v=10, h=4, **kw):
    return L("Embedding", "emb", num_embeddings=v, embedding_dim=h, **kw)


def _head(i=4, o=10):
    return L("Linear", "head", in_features=i, out_features=o, bias=False)


def _tied_lm(head_in=4, head_out=10, target="emb.weight"):
    g = seq((2, 5), _emb(), _head(head_in, head_out), dtype="int64")
    g.node("head").tied = {"weight": target}
    return g


def _target(ctx: Context, node: Node, ref: str) -> tuple[Node | None, str, str]:
    owner, _, weight = ref.partition(".")
    return ctx.index.get(owner), owner, weight


@check(
    "STR012",
    "bad-tie",
    BLOCKER,
    when=Context.has_ties,
    what="A tied weight points to a node or weight that does not exist.",
    why="Tying shares one tensor: with a missing owner there is nothing to share, and building "
    "the tie (`head.weight = emb.weight`) fails.",
    fix="Tie to an existing `<node id>.<weight>` of the same shape (lm_head.weight and the "
    "embedding weight are both (vocab, hidden)).",
    valid=[_tied_lm()],
    invalid=[_tied_lm(target="nowhere.weight"), _tied_lm(target="emb.bias")],
)
def bad_tie(ctx: Context):
    for n in ctx.prep.with_field("tied"):
        for own, ref in n.tied.items():
            owner, oid, weight = _target(ctx, n, ref)
            if owner is None:
                yield ctx.hit(n, f"{ctx.where(n)}.{own} is tied to {ref!r}: no node {oid!r}")
                continue
            theirs = ctx.weights(owner)
            mine = ctx.weights(n)
            if theirs is None or mine is None:
                continue
            if weight not in theirs:
                have = ", ".join(sorted(theirs)) or "none"
                yield ctx.hit(
                    n,
                    f"{ctx.where(n)}.{own} is tied to {ref!r}, but {oid} has no "
                    f"weight {weight!r} (it has: {have})",
                )


@check(
    "STR013",
    "tie-chain",
    WARNING,
    when=Context.has_ties,
    what="A weight is tied to a weight that is itself tied to a third one.",
    why="Whoever loads the checkpoint must resolve the chain in the right order; tools that "
    "resolve one level only end up with an untied copy.",
    fix="Tie every sharer directly to the owner.",
    valid=[_tied_lm()],
    invalid=[
        net(
            [
                L("Input", "x", shape=[2, 4]),
                L("Linear", "a", in_features=4, out_features=4),
                L("Linear", "b", in_features=4, out_features=4),
                L("Linear", "c", in_features=4, out_features=4),
            ],
            ["x->a", "a->b", "b->c"],
            ["c"],
        )
    ],
)
def tie_chain(ctx: Context):
    for n in ctx.prep.with_field("tied"):
        for own, ref in n.tied.items():
            owner, _, weight = _target(ctx, n, ref)
            if owner is not None and weight in owner.tied:
                yield ctx.hit(n, f"{ctx.where(n)}.{own} -> {ref} -> {owner.tied[weight]}")


# the invalid example above needs its ties set after building
tie_chain.invalid[0].model.node("b").tied = {"weight": "a.weight"}
tie_chain.invalid[0].model.node("c").tied = {"weight": "b.weight"}


@check(
    "STR014",
    "output-is-input",
    WARNING,
    types=("Input",),
    what="A graph output is one of the graph's inputs, returned untouched.",
    why="Usually an edge was attached to the wrong node; the model returns its input.",
    fix="Point `outputs` at the last computed layer.",
    valid=[seq((2, 4), L("Linear", in_features=4, out_features=2))],
    invalid=[
        net(
            [L("Input", "x", shape=[2, 4]), L("Linear", "a", in_features=4, out_features=2)],
            ["x->a"],
            ["a", "x"],
        )
    ],
    structural=True,
)
def output_is_input(ctx: Context):
    for o in ctx.graph.outputs:
        n = ctx.index[o]
        if n.type == "Input":
            yield ctx.hit(n, f"output {o!r} is the input {ctx.path(n)}")


@check(
    "STR015",
    "edge-into-container",
    INFO,
    what="A dataflow edge starts or ends at a container (a node with children), not a layer.",
    why="Containers are not executed themselves; shapes and costs are not inferred through "
    "them, so checks downstream see less.",
    fix="Connect the container's first and last layers instead.",
    valid=[
        net(
            [
                L("Input", "x", shape=[2, 4]),
                L("Module", "blk"),
                L("Linear", "a", parent="blk", in_features=4, out_features=2),
            ],
            ["x->a"],
            ["a"],
        )
    ],
    invalid=[
        net(
            [
                L("Input", "x", shape=[2, 4]),
                L("Module", "blk"),
                L("Linear", "a", parent="blk", in_features=4, out_features=2),
            ],
            ["x->blk", "x->a"],
            ["a"],
        )
    ],
    structural=True,
)
def edge_into_container(ctx: Context):
    if ctx.has_kids.isdisjoint(ctx.feeds) and ctx.has_kids.isdisjoint(ctx.incoming):
        return  # no edge touches a node with children
    seen = set()
    for e in ctx.graph.edges:
        for end in (e.src, e.dst):
            if end in ctx.has_kids and end not in seen:
                seen.add(end)
                n = ctx.index[end]
                yield ctx.hit(n, f"edge {e.src}->{e.dst} touches container {ctx.where(n)}")


@check(
    "STR016",
    "edge-into-input",
    WARNING,
    types=("Input",),
    what="A dataflow edge ends at a graph input.",
    why="Inputs are given by the caller, never computed: the edge means nothing and hides a "
    "wiring mistake.",
    fix="Remove the edge, or make the target a layer.",
    valid=[seq((2, 4), L("Linear", in_features=4, out_features=4))],
    invalid=[
        net(
            [
                L("Input", "x", shape=[2, 4]),
                L("Input", "y", shape=[2, 4]),
                L("Linear", "a", in_features=4, out_features=4),
                L("Add", "s"),
            ],
            ["x->a", "a->y", "y->s:0", "a->s:1"],
            ["s"],
        )
    ],
    structural=True,
)
def edge_into_input(ctx: Context):
    for n in ctx.of_type("Input"):
        if n.id in ctx.incoming:
            yield ctx.hit(
                n, f"input {ctx.path(n)} has a producer ({', '.join(ctx.incoming[n.id])})"
            )


@check(
    "STR017",
    "tie-shape-mismatch",
    WARNING,
    when=Context.has_ties,
    what="A tied weight has another shape than the tensor it is tied to.",
    why="After tying, the layer computes with the owner's tensor: its output width silently "
    "becomes the owner's (vocab 120 instead of 100), and consumers expecting the declared "
    "width break; a checkpoint stores one shape for both.",
    fix="Tie tensors of the same shape (lm_head (vocab, hidden) to the embedding (vocab, hidden)).",
    valid=[_tied_lm()],
    invalid=[_tied_lm(head_out=12)],
)
def tie_shape_mismatch(ctx: Context):
    for n in ctx.prep.with_field("tied"):
        for own, ref in n.tied.items():
            owner, _, weight = _target(ctx, n, ref)
            theirs = ctx.weights(owner) if owner is not None else None
            mine = ctx.weights(n)
            if (
                theirs
                and mine
                and weight in theirs
                and own in mine
                and (tuple(mine[own]) != tuple(theirs[weight]))
            ):
                yield ctx.hit(
                    n,
                    f"{ctx.where(n)}.{own} {tuple(mine[own])} is tied to {ref} "
                    f"{tuple(theirs[weight])}: shapes differ",
                )


CHECKS = [
    tie_shape_mismatch,
    bad_tie,
    tie_chain,
    output_is_input,
    edge_into_container,
    edge_into_input,
]
