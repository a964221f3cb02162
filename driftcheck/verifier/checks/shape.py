"""SHP: shape checks, read from graph shape inference (``driftcheck.graph.shapes``).

Every shape issue becomes exactly one finding, under the most specific check that explains it
(conv into linear, residual add, rank, plain width mismatch), and none where a phase-0
attribute check already explained the node (a bad head count is one finding, not two).
"""

from __future__ import annotations

import re
from pathlib import Path

from driftcheck.graph.prepared import layer_spec
from driftcheck.graph.shapes import ARITY, EMPTY, MISMATCH, REPEAT, ShapeIssue
from driftcheck.parsers.source.forward.dataflow import (
    CRASH_NOTE,
    DERIVED_INPUT_NOTE,
    PARALLEL_NOTE,
    SPECULATIVE_NOTE,
)
from driftcheck.parsers.source.forward.edges import CONCRETE_NOTE
from driftcheck.verifier.base import BLOCKER, INFO, Example, Source, check
from driftcheck.verifier.build import L, net, seq
from driftcheck.verifier.context import Context

SPATIAL = re.compile(
    r"^(Conv|ConvTranspose|LazyConv|MaxPool|AvgPool|AdaptiveAvgPool|"
    r"AdaptiveMaxPool|LPPool|BatchNorm|InstanceNorm)[123]d$"
)
EMPTY_WORDS = ("kernel larger", "too large for input", "exceeds input shape", "too small")
LINEAR_LIKE = {"Linear", "Conv1D", "Bilinear", "LazyLinear"}


MLP_CODE = """\
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear({width}, 4)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))
"""

VIEW_CODE = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 32)

    def forward(self, x):
        return self.fc(x).view(2, 5, 7)
"""

CNN_CODE = """\
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8 * 6 * 6, 10)

    def forward(self, x):
        x = torch.relu(self.conv(x)){flatten}
        return self.fc(x)
"""


def _lin(i, o, **kw):
    return L("Linear", in_features=i, out_features=o, **kw)


def _conv(i, o, k=3, **kw):
    return L("Conv2d", in_channels=i, out_channels=o, kernel_size=k, **kw)


def concrete(ctx: Context) -> bool:
    """The source parser followed forward on the input shape the user gave (``check
    --input-shape N,...``): every op's sizes are numbers read from the code on that input, not
    a symbolic rewrite, so an op whose shape rule rejects them is the model's crash."""
    return any(n.startswith(CONCRETE_NOTE) for n in ctx.graph.notes)


def unconfirmed(ctx: Context, node) -> bool:
    """A functional op the source parser rebuilt from forward (view, transpose, reshape ...):
    its dims come from a symbolic rewrite of the code, so a mismatch there is the analysis's
    doubt, not the model's crash (SHP009 says it as info)."""
    if SPECULATIVE_NOTE in node.notes:
        return True  # made in code forward may not run on this input
    if ctx.hand_built or concrete(ctx):
        return False
    spec = layer_spec(node.type)
    return spec is not None and spec.role == "op"


def classify(ctx: Context, issue: ShapeIssue) -> str:
    """Which SHP check owns a MISMATCH issue: conv-linear, broadcast, rank or width."""
    node = ctx.index[issue.node]
    if unconfirmed(ctx, node):
        return "unconfirmed"
    shapes = [s for _, s in issue.inputs if s is not None]
    if node.type in LINEAR_LIKE and shapes and len(shapes[0]) >= 3:
        src = ctx.index[issue.inputs[0][0]]
        if len(shapes[0]) >= 4 or SPATIAL.match(src.type):
            return "conv-linear"
    if any(k in issue.message for k in EMPTY_WORDS):
        return "empty"
    if "broadcast" in issue.message:
        return "broadcast"
    if "-D input" in issue.message:
        return "rank"
    return "width"


def _mismatches(ctx: Context, kind: str):
    for issue in ctx.shapes.errors:
        if issue.kind != MISMATCH or issue.node in ctx.claimed:
            continue
        if classify(ctx, issue) == kind:
            node = ctx.index[issue.node]
            yield ctx.hit(
                node, issue.message, values={"inputs": [list(s or ()) for _, s in issue.inputs]}
            )


@check(
    "SHP001",
    "shape-mismatch",
    BLOCKER,
    when=Context.shape_issues,
    phase=2,
    what="A layer's input width, channels or features differ from what the layer was built for.",
    why="torch raises at the first forward (`mat1 and mat2 shapes cannot be multiplied`, "
    "`expected input to have 8 channels`): the model cannot run at all.",
    fix="Make the producer's output size equal the consumer's input size (or insert a "
    "projection); the message names both layers and both shapes.",
    valid=[
        Example(Source(MLP_CODE.format(width=32)), input_shape=(2, 16)),
        seq((2, 8), _lin(8, 16), L("ReLU"), _lin(16, 4)),
    ],
    invalid=[
        Example(Source(MLP_CODE.format(width=30)), input_shape=(2, 16)),
        seq((2, 8), _lin(8, 16), L("ReLU"), _lin(12, 4)),
        Example(seq((2, 8), _lin(8, 4)), input_shape=(2, 6)),
    ],
)
def shape_mismatch(ctx: Context):
    yield from _mismatches(ctx, "width")


@check(
    "SHP002",
    "conv-into-linear",
    BLOCKER,
    when=Context.shape_issues,
    phase=2,
    what="A Linear layer is fed a (N, C, H, W) convolution output without Flatten or pooling.",
    why="nn.Linear works on the last axis only, so it sees W features instead of C*H*W and "
    "torch raises a shape error at the first forward.",
    fix="Insert `nn.Flatten()` (in_features = C*H*W) or global pooling before the Linear.",
    valid=[
        Example(
            Source(CNN_CODE.format(flatten="\n        x = torch.flatten(x, 1)")),
            input_shape=(2, 3, 8, 8),
        ),
        seq((2, 3, 8, 8), _conv(3, 4), L("Flatten"), _lin(144, 10)),
    ],
    invalid=[
        Example(Source(CNN_CODE.format(flatten="")), input_shape=(2, 3, 8, 8)),
        seq((2, 3, 8, 8), _conv(3, 4), _lin(144, 10)),
    ],
)
def conv_into_linear(ctx: Context):
    for hit in _mismatches(ctx, "conv-linear"):
        yield ctx.hit(
            hit.node, hit.message + "; flatten or pool before the Linear", values=hit.values
        )


@check(
    "SHP003",
    "repeat-changes-shape",
    BLOCKER,
    when=Context.shape_issues,
    phase=2,
    what="A block marked as repeated N times maps its input shape to a different shape.",
    why="Copy k+1 receives copy k's output: if the block changes the shape, the second copy "
    "gets the wrong width and the stack crashes.",
    fix="Make the repeated block shape-preserving (out width = in width) or unroll it.",
    valid=[
        net(
            [
                L("Input", "x", shape=[2, 8]),
                L("Module", "blk", repeat=3),
                L("Linear", "fc", parent="blk", in_features=8, out_features=8),
            ],
            ["x->fc"],
            ["fc"],
        )
    ],
    invalid=[
        net(
            [
                L("Input", "x", shape=[2, 8]),
                L("Module", "blk", repeat=3),
                L("Linear", "fc", parent="blk", in_features=8, out_features=6),
            ],
            ["x->fc"],
            ["fc"],
        )
    ],
)
def repeat_changes_shape(ctx: Context):
    if concrete(ctx):
        # forward followed on real sizes applied every copy to the last one's output (a
        # copy's node, or the repeated layer's rule on it): a copy that cannot take it is
        # that pass's crash (SHP010); a block that changes a shape it can take again (a
        # stride-2 up-sampling conv) runs in torch
        return
    for issue in ctx.shapes.errors:
        if issue.kind == REPEAT and PARALLEL_NOTE not in ctx.index[issue.node].notes:
            yield ctx.hit(ctx.index[issue.node], issue.message)


@check(
    "SHP004",
    "residual-mismatch",
    BLOCKER,
    when=Context.shape_issues,
    phase=2,
    what="An elementwise add (a residual connection) joins tensors whose shapes cannot broadcast.",
    why="`x + f(x)` raises `The size of tensor a must match the size of tensor b` when f "
    "changes the width; the model cannot run.",
    fix="Give the residual branch the width of its input, or project the skip path.",
    valid=[
        net(
            [
                L("Input", "x", shape=[2, 8]),
                L("Linear", "f", in_features=8, out_features=8),
                L("Add", "add"),
            ],
            ["x->f", "x->add:0", "f->add:1"],
            ["add"],
        )
    ],
    invalid=[
        net(
            [
                L("Input", "x", shape=[2, 8]),
                L("Linear", "f", in_features=8, out_features=6),
                L("Add", "add"),
            ],
            ["x->f", "x->add:0", "f->add:1"],
            ["add"],
        )
    ],
)
def residual_mismatch(ctx: Context):
    yield from _mismatches(ctx, "broadcast")


@check(
    "SHP005",
    "rank-mismatch",
    BLOCKER,
    when=Context.shape_issues,
    phase=2,
    what="A layer gets a tensor of the wrong rank (a 2-D tensor into Conv2d, 4-D into Attention).",
    why="Convolutions, attention and pooling check the number of axes and raise before any "
    "math happens.",
    fix="Reshape (unsqueeze, view, Flatten/Unflatten) to the rank the layer expects.",
    valid=[seq((2, 3, 8, 8), _conv(3, 4))],
    invalid=[seq((2, 12), _lin(12, 48), _conv(3, 4))],
)
def rank_mismatch(ctx: Context):
    yield from _mismatches(ctx, "rank")


@check(
    "SHP006",
    "empty-spatial-output",
    BLOCKER,
    when=Context.shape_issues,
    phase=2,
    what="A convolution or pooling layer's output has a spatial size of zero or less.",
    why="A kernel larger than its (padded) input gives an empty output; torch raises "
    "`Kernel size can't be greater than actual input size` / `Output size is too small`.",
    fix="Use a larger input, padding, or fewer downsampling steps before this layer.",
    valid=[seq((1, 3, 8, 8), _conv(3, 4, 3))],
    invalid=[seq((1, 3, 4, 4), _conv(3, 4, 5))],
)
def empty_spatial_output(ctx: Context):
    for issue in ctx.shapes.errors:
        node = ctx.index[issue.node]
        if issue.kind == EMPTY and issue.node not in ctx.claimed and SPATIAL.match(node.type):
            yield ctx.hit(node, issue.message)
    yield from _mismatches(ctx, "empty")


FLOAT_MAKERS = {
    "Linear",
    "Conv1d",
    "Conv2d",
    "Conv3d",
    "LayerNorm",
    "RMSNorm",
    "Attention",
    "MultiheadAttention",
    "GatedMLP",
    "MLP",
    "Embedding",
    "ReLU",
    "GELU",
    "SiLU",
    "Tanh",
    "Sigmoid",
    "Softmax",
    "BatchNorm1d",
    "BatchNorm2d",
}
INT_TYPES = ("int", "long", "uint")


@check(
    "SHP007",
    "embedding-of-floats",
    BLOCKER,
    types=("Embedding",),
    phase=2,
    what="An Embedding layer is fed a float activation (or a float input) instead of token ids.",
    why="nn.Embedding indexes rows: torch raises `Expected tensor for argument #1 'indices' to "
    "have one of the following scalar types: Long, Int` on float input.",
    fix="Feed token ids (an int64 input) to the Embedding; to project floats use a Linear.",
    valid=[seq((2, 5), L("Embedding", num_embeddings=10, embedding_dim=8), dtype="int64")],
    invalid=[
        seq((2, 5), _lin(5, 5), L("Embedding", num_embeddings=10, embedding_dim=8)),
        seq((2, 5), L("Embedding", num_embeddings=10, embedding_dim=8), dtype="float32"),
    ],
)
def embedding_of_floats(ctx: Context):
    for node in ctx.of_type("Embedding"):
        if DERIVED_INPUT_NOTE in node.notes and not ctx.hand_built:
            continue  # ``emb(lin(x).long())``: the ids' dtype is not the producer's
        for src in ctx.producers(node):
            dtype = src.params.get("dtype") if src.type == "Input" else None
            if src.type == "Embedding" and not ctx.hand_built:
                continue  # model code: position tables are indexed by positions derived from ids
            floaty = src.type in FLOAT_MAKERS or (
                isinstance(dtype, str)
                and not dtype.lower().startswith(INT_TYPES)
                and "dtype" in src.params
            )
            if floaty:
                what = f"dtype {dtype}" if src.type == "Input" else "a float activation"
                yield ctx.hit(
                    node,
                    f"{ctx.where(node)} indexes rows by {what} from "
                    f"{ctx.where(src)}; Embedding needs integer token ids",
                )


@check(
    "SHP008",
    "input-shape-missing",
    INFO,
    types=("Input",),
    phase=2,
    what="A graph input has no declared shape, so no shape or FLOP check ran past it.",
    why="Without an input shape, width mismatches stay hidden until the first forward.",
    fix="Declare the input shape (`Input.params.shape`, `--input-shape 2,3,32,32`, or a "
    "shape comment in the code).",
    valid=[seq((2, 4), _lin(4, 2))],
    invalid=[seq(None, _lin(4, 2))],
)
def input_shape_missing(ctx: Context):
    if not ctx.graph.edges:
        return
    for node in ctx.of_type("Input"):
        if node.id in ctx.feeds and node.id not in ctx.shapes.shapes:
            yield ctx.hit(node, f"input {ctx.path(node)} has no shape; pass --input-shape")


@check(
    "SHP009",
    "shape-unconfirmed",
    INFO,
    when=Context.shape_issues,
    phase=2,
    what="A shape rule rejected the shapes at a functional op (view, reshape, transpose ...) "
    "that the analyzer rebuilt from forward().",
    why="Those ops take their dims from a symbolic rewrite of the code; a mismatch there may be "
    "the analysis's limit rather than the model's, so it is reported, never as a blocker.",
    fix="Pass `--input-shape` with the real input, or check the op in the code; hand-built "
    "graphs report it as a shape mismatch.",
    valid=[Example(Source(MLP_CODE.format(width=32)), input_shape=(2, 16))],
    invalid=[Example(Source(VIEW_CODE), input_shape=(2, 16))],
)
def shape_unconfirmed(ctx: Context):
    yield from _mismatches(ctx, "unconfirmed")


def _crash_graph(crash: bool):
    """What the source parser gives for ``q, k, v = self.qkv(x).split([16, 16, 16], -1)``
    after a Linear(16, 32) on a (2, 16) input: the graph of the model plus the crash it proved
    (a note, since the failing split is not a graph op)."""
    g = seq((2, 16), _lin(16, 32 if crash else 48))
    if crash:
        g.notes.append(f"{CRASH_NOTE} model.py:9: split sizes [16, 16, 16] do not sum to 32")
    return g


def _forward_crashes(ctx: Context):
    """(file, line, message) of each crash the forward pass proved on the real input."""
    for note in ctx.graph.notes:
        if not note.startswith(CRASH_NOTE + " "):
            continue
        where, _, msg = note[len(CRASH_NOTE) + 1 :].partition(": ")
        file, _, line = where.rpartition(":")
        if file and line.isdigit():
            yield file, int(line), msg


@check(
    "SHP010",
    "forward-crash",
    BLOCKER,
    phase=2,
    what="Followed on the input shape you gave, forward() reaches an operation torch rejects "
    "(split sizes that do not add up, pieces unpacked into another number of names, a mask or "
    "norm of the wrong shape on a tensor that is not a graph node).",
    why="torch raises there on every call with that input (`split_with_sizes expects "
    "split_sizes to sum exactly to ...`, `not enough values to unpack`): the model cannot run.",
    fix="Make the sizes agree at the line named (the message gives both); an op already "
    "reported by another shape check is not repeated here.",
    valid=[_crash_graph(False)],
    invalid=[_crash_graph(True)],
)
def forward_crash(ctx: Context):
    errors = ctx.shapes.errors  # asked first, as before: it decides the shape coverage
    if not ctx.graph.notes and ctx.prep.speed.verify_lean:
        return  # no crash note, nothing to say (without the imports and the error walk)
    from driftcheck.findings import Location
    from driftcheck.graph.model import Node

    seen = set()
    for issue in errors:  # an op another SHP check reports is not repeated
        if issue.kind == ARITY:
            # a layer given fewer graph tensors than it takes (a loss's target built by
            # ``torch.zeros``): STR007 reports that on hand-built graphs only, so it hides
            # no crash the pass proved at the same line
            continue
        if issue.kind == EMPTY and not SPATIAL.match(ctx.index[issue.node].type):
            # an empty slice (``h[:, 6:]``): SHP006 reports only a conv / pool's empty output,
            # so this one hides no crash at its line (session 32, crashfix32b)
            continue
        loc = ctx.index[issue.node].loc
        if loc is not None:
            seen.add((Path(str(loc.file)).name, loc.line))
    for file, line, msg in _forward_crashes(ctx):
        if (Path(file).name, line) in seen:
            continue
        seen.add((Path(file).name, line))
        node = Node(id=f"forward:{line}", type="Module", name="forward")
        node.loc = Location(file=file, line=line)
        yield ctx.hit(node, f"forward crashes at line {line} on this input: {msg}")


CHECKS = [
    shape_unconfirmed,
    shape_mismatch,
    conv_into_linear,
    repeat_changes_shape,
    residual_mismatch,
    rank_mismatch,
    empty_spatial_output,
    embedding_of_floats,
    input_shape_missing,
    forward_crash,
]
