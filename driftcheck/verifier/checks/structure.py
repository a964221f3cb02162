"""STR: structure and connectivity of the graph itself.

Several of these are blockers only for hand-built graphs (graph JSON, the gym's edits), where
every node is meant to be built exactly as written. A graph read from model code reflects what
the analyzer understood, so a gap there is the analyzer's, not the model's (see SML001).
"""

from __future__ import annotations

from operator import attrgetter

from driftcheck.graph import catalogue
from driftcheck.graph.prepared import block_spec, layer_spec
from driftcheck.graph.shapes import ARITY, CYCLE
from driftcheck.verifier.base import BLOCKER, WARNING, check
from driftcheck.verifier.build import L, facts_only, net, seq
from driftcheck.verifier.context import STRUCTURAL, Context

_ID = attrgetter("id")
_NAME = attrgetter("name")


def _lin(i, o, id=None, **kw):
    return L("Linear", id, in_features=i, out_features=o, **kw)


def known_type(name: str) -> bool:
    return name in STRUCTURAL or layer_spec(name) is not None or (block_spec(name) is not None)


@check(
    "STR001",
    "unknown-layer-type",
    BLOCKER,
    what="A node of a hand-built graph has a type that is neither a catalogue layer nor a block.",
    why="Nothing can build, count or shape a layer nobody knows: the graph cannot be turned "
    "into a model.",
    fix="Use a catalogue name (`driftcheck layers`); the message suggests the canonical name "
    "when the type is a known alias.",
    valid=[seq((2, 4), _lin(4, 2))],
    invalid=[seq((2, 4), L("Dense", units=2)), seq((2, 4), L("Frobnicator"))],
    structural=True,
)
def unknown_layer_type(ctx: Context):
    if not ctx.hand_built:
        return
    for t, nodes in ctx.by_type.items():
        if known_type(t):
            continue
        alias = catalogue.lookup(t)
        hint = f"; did you mean {alias!r}?" if alias and alias != t else ""
        for n in nodes:
            if ctx.is_leaf(n):
                yield ctx.hit(n, f"{ctx.where(n)}: unknown layer type {t!r}{hint}")


@check(
    "STR002",
    "dataflow-cycle",
    BLOCKER,
    when=Context.shape_issues,
    what="The dataflow edges of a hand-built graph form a cycle.",
    why="A feed-forward module computes each value once; a cycle has no order to run in.",
    fix="Remove the back edge; write recurrence as a repeated block (`repeat`) instead.",
    valid=[seq((2, 4), _lin(4, 4), _lin(4, 4))],
    invalid=[
        net(
            [L("Input", "x", shape=[2, 4]), L("Add", "a"), _lin(4, 4, "b")],
            ["x->a:0", "b->a:1", "a->b"],
            ["b"],
        )
    ],
)
def dataflow_cycle(ctx: Context):
    if not ctx.hand_built:
        return
    for issue in ctx.shapes.errors:
        if issue.kind == CYCLE:
            yield ctx.hit(ctx.index[issue.node], issue.message)


@check(
    "STR003",
    "duplicate-name",
    BLOCKER,
    what="Two nodes of a hand-built graph share an id or a module name.",
    why="Module names are state-dict keys: a second layer of the same name replaces the first "
    "(or the graph cannot be loaded), so the model built is not the one described.",
    fix="Give every node a unique id and module path.",
    valid=[seq((2, 4), _lin(4, 4, name="fc1"), _lin(4, 2, name="fc2"))],
    invalid=[
        seq((2, 4), _lin(4, 4, name="fc"), _lin(4, 2, name="fc")),
        {
            "nodes": [
                {"id": "x", "type": "Input", "params": {"shape": [2, 4]}},
                {"id": "fc", "type": "Linear", "params": {"in_features": 4, "out_features": 4}},
                {"id": "fc", "type": "Linear", "params": {"in_features": 4, "out_features": 2}},
            ],
            "edges": [{"src": "x", "dst": "fc"}],
            "outputs": ["fc"],
        },
    ],
    structural=True,
)
def duplicate_name(ctx: Context):
    if not ctx.hand_built:
        return
    named = list(filter(None, map(_NAME, ctx.prep.nodes)))
    if len(set(named)) == len(named) and not any(
        x.startswith("duplicate id ") for n in ctx.prep.with_field("notes") for x in n.notes
    ):
        return  # every name unique, no id renamed on load: nothing to walk
    seen: dict[str, str] = {}
    for n in ctx.graph.nodes:
        dup = next((x for x in n.notes if x.startswith("duplicate id ")), None)
        if dup:
            yield ctx.hit(n, f"node id {dup[13:]} is used twice")
        if n.name:
            if n.name in seen:
                yield ctx.hit(n, f"module name {n.name!r} is used by {seen[n.name]!r} and {n.id!r}")
            else:
                seen[n.name] = n.id


def _sinks_are(ctx: Context, ends: set[str]) -> bool:
    """True when the dataflow is acyclic and every node with an input but no consumer is in
    ``ends``: then following consumers from any node ends in ``ends``, so every node with an
    input reaches one (no walk needed)."""
    if not ctx.prep.forward:
        return False
    sinks = set(ctx.incoming).difference(ctx.feeds)
    return sinks <= ends


def _reach(ctx: Context, starts: list[str]) -> set[str]:
    seen = set(starts)
    stack = list(starts)
    while stack:
        for d in ctx.outgoing.get(stack.pop(), ()):
            if d not in seen:
                seen.add(d)
                stack.append(d)
    return seen


def sources(ctx: Context) -> list[str]:
    """Where values come from: inputs and layers that take no tensor input (Parameter)."""
    out = []
    for t, nodes in ctx.by_type.items():
        spec = layer_spec(t)
        if t == "Input" or (spec is not None and spec.n_inputs == 0):
            out += [n.id for n in nodes]
    return out


@check(
    "STR004",
    "unreachable-output",
    BLOCKER,
    what="A declared output of a hand-built graph is not computed from any graph input.",
    why="Its value has no producer chain from the inputs, so forward cannot compute it.",
    fix="Connect the output's producer chain to an input, or drop it from `outputs`.",
    valid=[seq((2, 4), _lin(4, 2))],
    invalid=[
        net([L("Input", "x", shape=[2, 4]), _lin(4, 4, "a"), _lin(4, 2, "b")], ["x->a"], ["a", "b"])
    ],
    structural=True,
)
def unreachable_output(ctx: Context):
    if not ctx.hand_built or not ctx.graph.outputs:
        return
    starts = sources(ctx)
    if not starts:
        return
    if ctx.prep.forward:
        # acyclic: walking producers back from any node ends at a node without inputs; when
        # every such node that feeds something is a start, everything with an input is reached
        roots = set(ctx.feeds).difference(ctx.incoming)
        if roots <= set(starts) and all(
            o in ctx.incoming or o in starts for o in ctx.graph.outputs
        ):
            return
    reach = _reach(ctx, starts)
    for o in ctx.graph.outputs:
        if o not in reach:
            yield ctx.hit(ctx.index[o], f"output {o!r} is not reachable from any input")


@check(
    "STR005",
    "no-outputs",
    WARNING,
    what="A hand-built graph has dataflow edges but declares no outputs.",
    why="Without outputs nothing says what forward returns; reachability and dead-layer "
    "checks cannot run.",
    fix="List the returned node ids in `outputs`.",
    valid=[seq((2, 4), _lin(4, 2))],
    invalid=[net([L("Input", "x", shape=[2, 4]), _lin(4, 2, "a")], ["x->a"], [])],
    structural=True,
)
def no_outputs(ctx: Context):
    if ctx.hand_built and ctx.graph.edges and not ctx.graph.outputs:
        yield ctx.hit(None, "the graph has dataflow but no outputs")


@check(
    "STR006",
    "dead-end-layer",
    WARNING,
    what="A layer is computed in forward but its value never reaches an output.",
    why="Its FLOPs and weights are spent for nothing (often a forgotten residual or a branch "
    "left from an experiment).",
    fix="Use the value, or delete the layer.",
    valid=[seq((2, 4), _lin(4, 2))],
    invalid=[
        net(
            [L("Input", "x", shape=[2, 4]), _lin(4, 2, "a"), _lin(4, 3, "b")],
            ["x->a", "x->b"],
            ["a"],
        )
    ],
    structural=True,
)
def dead_end_layer(ctx: Context):
    if not ctx.graph.outputs or not ctx.hand_built:
        return
    if _sinks_are(ctx, set(ctx.graph.outputs)):
        return
    incoming = ctx.incoming
    back = set(ctx.graph.outputs)
    stack = list(back)
    while stack:
        for s in incoming.get(stack.pop(), ()):
            if s not in back:
                back.add(s)
                stack.append(s)
    for n in ctx.layers():
        if n.id in incoming and n.id not in back:
            yield ctx.hit(n, f"{ctx.where(n)} is computed but never reaches an output")


def _arity_issues(ctx: Context):
    for issue in ctx.shapes.errors:
        if issue.kind == ARITY:
            yield issue


@check(
    "STR007",
    "missing-input",
    BLOCKER,
    what="A layer of a hand-built graph gets fewer tensor inputs than it takes (an Add with one "
    "operand, a layer whose consumer exists but whose producer does not).",
    why="forward would call it with a missing argument (`TypeError: missing 1 required "
    "positional argument`).",
    fix="Connect the missing input edge (with its `index`).",
    valid=[net([L("Input", "x", shape=[2, 4]), L("Add", "a")], ["x->a:0", "x->a:1"], ["a"])],
    invalid=[
        net([L("Input", "x", shape=[2, 4]), L("Add", "a")], ["x->a:0"], ["a"]),
        net(
            [L("Input", "x", shape=[2, 4]), _lin(4, 4, "a"), L("Add", "s")],
            ["x->s:0", "a->s:1"],
            ["s"],
        ),
    ],
    structural=True,
)
def missing_input(ctx: Context):
    if not ctx.hand_built:
        return
    suspects = False
    for t, (least, _) in ctx.in_degrees().items():
        spec = layer_spec(t)
        if spec is not None and spec.n_inputs and least < spec.n_inputs:
            suspects = True
            break
    if not suspects:
        return  # every layer that takes inputs gets at least as many edges as it takes
    for n in ctx.layers():
        spec = layer_spec(n.type)
        if spec is None or not spec.n_inputs:
            continue
        got = len(ctx.incoming.get(n.id, ()))
        if got < spec.n_inputs and (got or n.id in ctx.feeds):
            yield ctx.hit(n, f"{ctx.where(n)} takes {spec.n_inputs} input(s) but gets {got}")


@check(
    "STR008",
    "extra-input",
    BLOCKER,
    what="A layer of a hand-built graph gets more tensor inputs than its forward takes.",
    why="forward(x) called with two tensors raises `TypeError: forward() takes 2 positional "
    "arguments but 3 were given`.",
    fix="Merge the inputs first (Add, Concat), or remove the extra edge.",
    valid=[seq((2, 4), _lin(4, 2))],
    invalid=[
        net(
            [L("Input", "x", shape=[2, 4]), L("Input", "y", shape=[2, 4]), _lin(4, 2, "a")],
            ["x->a", "y->a"],
            ["a"],
        )
    ],
    structural=True,
)
def extra_input(ctx: Context):
    if not ctx.hand_built:
        return
    most = 0
    for t, (_, top) in ctx.in_degrees().items():
        spec = layer_spec(t)
        if t != "Input" and spec is not None and spec.n_inputs is not None:
            most = max(most, top - spec.n_inputs)
    if most <= 0:
        return  # no layer gets more edges than it takes
    for dst, srcs in ctx.incoming.items():
        n = ctx.index[dst]
        spec = layer_spec(n.type)
        if n.type == "Input":
            continue  # STR016 says it
        if spec is not None and spec.n_inputs is not None and len(srcs) > spec.n_inputs:
            yield ctx.hit(
                n,
                f"{ctx.where(n)} takes {spec.n_inputs} input(s) but gets "
                f"{len(srcs)} (from {', '.join(srcs)})",
            )


@check(
    "STR009",
    "duplicate-edge-index",
    BLOCKER,
    what="Two edges feed the same input position of one layer.",
    why="The argument order of forward is ambiguous: which tensor goes where cannot be decided.",
    fix="Give each incoming edge its own `index` (0, 1, ...).",
    valid=[
        net(
            [L("Input", "x", shape=[2, 4]), L("Input", "y", shape=[2, 4]), L("Add", "a")],
            ["x->a:0", "y->a:1"],
            ["a"],
        )
    ],
    invalid=[
        net(
            [L("Input", "x", shape=[2, 4]), L("Input", "y", shape=[2, 4]), L("Add", "a")],
            ["x->a:0", "y->a:0"],
            ["a"],
        )
    ],
    structural=True,
)
def duplicate_edge_index(ctx: Context):
    if not ctx.prep.shared_index:
        return  # Prepared saw no two edges into one input position
    seen: set[tuple[str, int]] = set()
    for e in ctx.graph.edges:
        if e.index is None:
            continue
        if (e.dst, e.index) in seen:
            n = ctx.index[e.dst]
            yield ctx.hit(n, f"{ctx.where(n)} has two edges into input {e.index}")
        seen.add((e.dst, e.index))


@check(
    "STR010",
    "unused-input",
    WARNING,
    types=("Input",),
    what="A graph input feeds nothing while the graph has dataflow.",
    why="Callers must pass a tensor the model ignores; usually an edge was forgotten.",
    fix="Connect the input or remove it.",
    valid=[seq((2, 4), _lin(4, 2))],
    invalid=[
        net(
            [L("Input", "x", shape=[2, 4]), L("Input", "mask", shape=[2, 4]), _lin(4, 2, "a")],
            ["x->a"],
            ["a"],
        )
    ],
    structural=True,
)
def unused_input(ctx: Context):
    if not ctx.graph.edges or not ctx.hand_built:
        return  # model code: forward's optional arguments (masks, flags) are often unused
    for n in ctx.of_type("Input"):
        if n.id not in ctx.feeds and n.id not in ctx.graph.outputs:
            yield ctx.hit(n, f"input {ctx.path(n)} is never used")


@check(
    "STR011",
    "empty-graph",
    WARNING,
    what="The graph holds no layers and no facts.",
    why="There is nothing to check or compare; usually the wrong file or entry class was given.",
    fix="Point driftcheck at the model class (`file.py::ClassName`) or the right config.",
    valid=[seq((2, 4), _lin(4, 2)), facts_only(hiddenSize=64)],
    invalid=[net([L("Input", "x", shape=[2, 4])], [], [])],
    structural=True,
)
def empty_graph(ctx: Context):
    from driftcheck.graph.counting import opaque_root

    if opaque_root(ctx.graph):
        return  # its layers are in code the parser did not read: unknown, not empty
    if not ctx.graph.facts and not ctx.layer_ids:
        yield ctx.hit(None, "the graph has no layers and no facts")


CHECKS = [
    unknown_layer_type,
    dataflow_cycle,
    duplicate_name,
    unreachable_output,
    no_outputs,
    dead_end_layer,
    missing_input,
    extra_input,
    duplicate_edge_index,
    unused_input,
    empty_graph,
]
