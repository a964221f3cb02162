"""SML: code smells: what runs but wastes parameters or compute, or hides a mistake.

Two of them speak about the analysis itself: SML001 (what the analyzer could not resolve, an
info, never a blocker) and SML002 (a layer built in ``__init__`` that forward never calls).
"""

from __future__ import annotations

from driftcheck.graph.model import Node
from driftcheck.graph.prepared import block_spec, layer_spec
from driftcheck.verifier.base import INFO, WARNING, Source, check
from driftcheck.verifier.build import L, net, seq
from driftcheck.verifier.checks.layers import NORMS as NORM_TYPES
from driftcheck.verifier.context import STRUCTURAL, Context

NORMS = frozenset(NORM_TYPES)
BATCHNORMS = {"BatchNorm1d", "BatchNorm2d", "BatchNorm3d"}
IDEMPOTENT = frozenset({"ReLU", "ReLU6", "Hardtanh", "Softmax", "Sigmoid", "Tanh", "GELU", "SiLU"})
LINEAR = frozenset({"Linear"})
DROPOUT = {"Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "DropPath"}
NORM_ORDER = tuple(sorted(NORMS))
IDEMPOTENT_ORDER = tuple(sorted(IDEMPOTENT))


UNUSED_CODE = """\
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc1 = nn.Linear(dim, 32)
        self.norm = nn.LayerNorm(32)
        self.fc2 = nn.Linear(32, 4)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return self.fc2({h})
"""


def known(t: str) -> bool:
    return layer_spec(t) is not None or block_spec(t) is not None


def _lin(i, o, **kw):
    return L("Linear", in_features=i, out_features=o, **kw)


def _ln(n=8):
    return L("LayerNorm", normalized_shape=n)


@check(
    "SML001",
    "unresolved-layer",
    INFO,
    what="A layer in model code whose type or size the analyzer could not resolve.",
    why="It is left out of counts, shapes and comparisons; findings about the rest stay valid, "
    "but this layer is unchecked.",
    fix="Bind a config (`--config`), or report the construct the analyzer missed.",
    valid=[Source(UNUSED_CODE.format(h="self.norm(h)")), seq((2, 8), _lin(8, 4), origin="source")],
    invalid=[
        Source(UNUSED_CODE.replace("dim=16", "dim").format(h="self.norm(h)")),
        net(
            [
                L("Input", "x", shape=[2, 8]),
                Node(
                    id="fc",
                    type="Linear",
                    params={"in_features": 8, "out_features": None},
                    unresolved=["out_features"],
                ),
            ],
            ["x->fc"],
            ["fc"],
            origin="source",
        ),
        net(
            [L("Input", "x", shape=[2, 8]), L("FancyLayer", "f")], ["x->f"], ["f"], origin="source"
        ),
    ],
)
def unresolved_layer(ctx: Context):
    if ctx.hand_built:
        return
    odd = [t for t in ctx.by_type if t not in STRUCTURAL and not known(t)]
    if not odd and not ctx.prep.with_field("unresolved"):
        return  # every type known, every attribute resolved
    for n in ctx.graph.nodes:
        if not ctx.is_leaf(n) or n.type == "Input":
            continue
        if n.type == "Unknown" and any(x.startswith("raises ") for x in n.notes):
            continue  # code that cannot run: an IMP blocker says why (checks/imports.py)
        unknown = n.type != "Module" and layer_spec(n.type) is None and (block_spec(n.type) is None)
        if n.unresolved or unknown:
            what = f"type {n.type!r}" if unknown else ", ".join(n.unresolved)
            yield ctx.hit(n, f"{ctx.where(n)}: could not resolve {what}")


@check(
    "SML002",
    "unused-layer",
    WARNING,
    what="A layer with weights is built but no path through forward calls it (only reported "
    "where the forward dataflow of its module was analysed; a branch the analysed path skips, "
    "such as `if pixel_values is not None:`, counts as a possible call, and a layer whose "
    "weight is tied to a called one is used).",
    why="Its parameters are counted, saved, loaded and trained for nothing; often a layer "
    "that was meant to be called (a forgotten norm or dropout).",
    fix="Call it in forward, or delete it.",
    valid=[Source(UNUSED_CODE.format(h="self.norm(h)")), seq((2, 8), _lin(8, 4))],
    invalid=[
        Source(UNUSED_CODE.format(h="h")),
        net(
            [
                L("Input", "x", shape=[2, 8]),
                L("Linear", "a", in_features=8, out_features=4),
                L("Linear", "unused", in_features=8, out_features=4),
            ],
            ["x->a"],
            ["a"],
        ),
    ],
)
def unused_layer(ctx: Context):
    if not ctx.hand_built:
        # model code: the source parser notes the leaves its complete pass through a
        # module's forward never reached (and says nothing where it lost track)
        if not any("unused in forward" in n.notes for n in ctx.prep.with_field("notes")):
            return
        for n in ctx.layers():
            spec, p = layer_spec(n.type), ctx.bound(n)
            if (
                "unused in forward" in n.notes
                and spec is not None
                and p is not None
                and (_has_weights(spec, p))
            ):  # weightless modules (dropout read for its .p, padding) cost nothing
                yield ctx.hit(n, f"{ctx.where(n)} is never called in forward")
        return
    if not ctx.graph.edges:
        return
    idle = ctx.layer_ids.difference(ctx.incoming, ctx.feeds)
    if not idle:
        return  # every layer is on the dataflow
    wired: set[str | None] = set()
    for i in (*ctx.incoming, *ctx.feeds):
        wired.add(ctx.index[i].parent)
    outputs = set(ctx.graph.outputs)
    tie_targets = {ref.partition(".")[0] for n in ctx.graph.nodes for ref in n.tied.values()}
    for n in ctx.layers():
        if n.id in ctx.incoming or n.id in ctx.feeds or n.id in tie_targets:
            continue
        if n.id in outputs or any(x.startswith("duplicate id") for x in n.notes):
            continue  # returned as is, or a duplicate whose edges are ambiguous (STR003)
        spec, p = layer_spec(n.type), ctx.bound(n)
        if spec is None or p is None or spec.n_inputs == 0 or not _has_weights(spec, p):
            continue
        if n.parent in wired:
            yield ctx.hit(n, f"{ctx.where(n)} is never called in forward")


def _has_weights(spec, p) -> bool:
    try:
        return bool(spec.weights(p))
    except Exception:  # noqa: BLE001 - a degenerate size: other checks report it
        return False


@check(
    "SML003",
    "consecutive-norms",
    WARNING,
    types=NORM_ORDER,
    what="A normalization layer directly follows another one.",
    why="Normalizing an already normalized tensor changes nothing but the learned scale: the "
    "second norm is dead weight, usually a misplaced pre/post-norm.",
    fix="Keep one norm; put the other where the block needs it (before attention or the MLP).",
    valid=[seq((2, 8), _ln(), _lin(8, 8), _ln())],
    invalid=[seq((2, 8), _ln(), _ln(), _ln())],
    structural=True,
)
def consecutive_norms(ctx: Context):
    for a, b in ctx.chain(*NORM_ORDER, producers=NORMS):
        if a.type in NORMS:
            yield ctx.hit(b, f"{ctx.where(b)} normalizes the output of {ctx.where(a)}")


@check(
    "SML004",
    "repeated-activation",
    INFO,
    types=IDEMPOTENT_ORDER,
    what="An activation directly follows the same activation.",
    why="ReLU(ReLU(x)) = ReLU(x): the second one only costs time (and hints at a missing layer "
    "between them).",
    fix="Remove one, or add the layer that belongs between them.",
    valid=[seq((2, 8), _lin(8, 8), L("ReLU"), _lin(8, 8), L("ReLU"))],
    invalid=[seq((2, 8), _lin(8, 8), L("ReLU"), L("ReLU"))],
    structural=True,
)
def repeated_activation(ctx: Context):
    for a, b in ctx.chain(*IDEMPOTENT_ORDER, producers=IDEMPOTENT):
        if a.type == b.type:
            yield ctx.hit(b, f"{ctx.where(b)} follows {ctx.where(a)}")


@check(
    "SML005",
    "stacked-linears",
    INFO,
    types=("Linear",),
    what="A Linear layer feeds another Linear with nothing in between.",
    why="Two linear maps compose into one: without a nonlinearity the pair has the capacity of "
    "a single layer (fine for a deliberate low-rank factorization).",
    fix="Add an activation between them, or merge them.",
    valid=[seq((2, 8), _lin(8, 16), L("GELU"), _lin(16, 8))],
    invalid=[seq((2, 8), _lin(8, 16), _lin(16, 8))],
    structural=True,
)
def stacked_linears(ctx: Context):
    for a, b in ctx.chain("Linear", producers=LINEAR):
        if a.type == "Linear" and not _lost_dataflow(ctx, a):
            yield ctx.hit(b, f"{ctx.where(a)} -> {ctx.where(b)} with no nonlinearity")


def _lost_dataflow(ctx: Context, a) -> bool:
    """The parser lost part of the dataflow around ``a`` (the first Linear of the pair): a
    sibling layer reads the same input as ``a`` and its output goes nowhere. That is a gated
    MLP, ``down(act(gate(x)) * up(x))``, read with the activation and the product lost: it
    looks like ``up -> down`` with ``gate`` dangling, and "no nonlinearity" there would be
    false (nothing is known either way). A real pair of stacked linears has no such twin."""
    if a.parent is None:
        return False
    srcs = ctx.incoming.get(a.id)
    if not srcs:
        return False
    for n in ctx.graph.nodes:
        if n.parent != a.parent or n.id == a.id or n.type in ("Module", "Input"):
            continue
        if ctx.incoming.get(n.id) == srcs and not ctx.feeds.get(n.id):
            return True
    return False


@check(
    "SML006",
    "bias-before-batchnorm",
    INFO,
    types=tuple(sorted(BATCHNORMS)),
    what="A convolution or Linear with a bias feeds BatchNorm directly.",
    why="BatchNorm subtracts the per-channel mean, which cancels any bias: its parameters are "
    "wasted.",
    fix="Build the layer with bias=False.",
    valid=[
        seq(
            (1, 3, 8, 8),
            L("Conv2d", in_channels=3, out_channels=4, kernel_size=3, bias=False),
            L("BatchNorm2d", num_features=4),
        )
    ],
    invalid=[
        seq(
            (1, 3, 8, 8),
            L("Conv2d", in_channels=3, out_channels=4, kernel_size=3),
            L("BatchNorm2d", num_features=4),
        )
    ],
)
def bias_before_batchnorm(ctx: Context):
    for a, b in ctx.chain(*sorted(BATCHNORMS)):
        if (ctx.bound(a) or {}).get("bias") is True:
            yield ctx.hit(a, f"{ctx.where(a)} has a bias that {ctx.where(b)} cancels")


@check(
    "SML007",
    "high-dropout",
    WARNING,
    types=(*sorted(DROPOUT), "CausalSelfAttention"),
    what="A dropout probability above the threshold (0.5 by default).",
    why="Dropping most activations rarely trains well; 0.9 is usually a typo for 0.09 or a "
    "keep-probability written where a drop-probability belongs.",
    fix="Use the drop probability (0.0 to 0.3 typical), or raise `thresholds.max_dropout`.",
    valid=[seq((2, 8), _lin(8, 8), L("Dropout", p=0.1), _lin(8, 2))],
    invalid=[seq((2, 8), _lin(8, 8), L("Dropout", p=0.9), _lin(8, 2))],
)
def high_dropout(ctx: Context):
    limit = ctx.options.threshold("max_dropout")

    def judge(n):
        p = ctx.bound(n) or {}
        v = p.get("p", p.get("dropout", p.get("drop_prob")))
        if isinstance(v, (int, float)) and not isinstance(v, bool) and limit < v <= 1:
            return f"dropout {v} > {limit:g}"
        return None

    memo = ("SML007", repr(limit))
    for n, why in ctx.verdicts(judge, *sorted(DROPOUT), "CausalSelfAttention", memo=memo):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


@check(
    "SML008",
    "softmax-output",
    INFO,
    types=("Softmax", "LogSoftmax"),
    what="The model's output is a Softmax (or LogSoftmax) layer.",
    why="nn.CrossEntropyLoss applies log-softmax itself: training on softmax outputs double-"
    "normalizes and learns slowly.",
    fix="Return logits; apply softmax only at inference.",
    valid=[seq((2, 8), _lin(8, 3))],
    invalid=[seq((2, 8), _lin(8, 3), L("Softmax", dim=-1))],
)
def softmax_output(ctx: Context):
    for o in ctx.graph.outputs:
        n = ctx.index[o]
        if n.type in ("Softmax", "LogSoftmax"):
            yield ctx.hit(n, f"output {ctx.where(n)} is normalized; losses expect logits")


@check(
    "SML009",
    "dropout-at-output",
    INFO,
    types=tuple(sorted(DROPOUT)),
    what="The model's output comes straight out of a dropout layer.",
    why="Dropout on the logits randomly zeroes predictions during training; it belongs before "
    "the head, not after it.",
    fix="Move the dropout before the last layer.",
    valid=[seq((2, 8), L("Dropout", p=0.1), _lin(8, 3))],
    invalid=[seq((2, 8), _lin(8, 3), L("Dropout", p=0.1))],
)
def dropout_at_output(ctx: Context):
    for o in ctx.graph.outputs:
        n = ctx.index[o]
        if n.type in DROPOUT:
            yield ctx.hit(n, f"output {ctx.where(n)} is a dropout")


CHECKS = [
    unresolved_layer,
    unused_layer,
    consecutive_norms,
    repeated_activation,
    stacked_linears,
    bias_before_batchnorm,
    high_dropout,
    softmax_output,
    dropout_at_output,
]
