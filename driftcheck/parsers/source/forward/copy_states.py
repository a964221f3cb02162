"""forward() of the copies of a repeated block that hold other settings than the first.

The builder folds a run of structurally identical items (``nn.ModuleList(Layer(kind) for kind
in "LLLLLG")``) into one node with ``repeat=n``, and the dataflow pass follows the forward of
the first copy only (``dataflow``: the compacted repeat). What a copy computes can still
depend on a plain attribute the structure does not show: Gemma 3's global layer sets
``self.local = False`` and its forward picks ``GLOBAL_BASE`` as the rotary base. The values
such a forward uses (RoPE bases, windows, top-k: ``interp.power_bases`` and
``interp.value_uses``) are then missing from the graph's uses.

So, after the main pass, each copy whose plain attributes (numbers, strings, booleans) differ
from those of the copy that was followed has its forward followed once more, in a pass of
its own over a throw-away copy of the graph: edges and op nodes go there and are dropped; the
values used are recorded on the interpreter as any forward's are. One extra pass per distinct
state, at most ``MAX_STATES`` per block: a layer schedule has few kinds of layer.
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph.model import Graph
from driftcheck.parsers.source.values.abstract import Obj, container_values
from driftcheck.parsers.source.values.dataflow_values import Tens

MAX_STATES = 4
"""Extra forward passes per repeated block (one per distinct setting of its copies)."""


def plain_state(o: Obj) -> tuple | None:
    """The copy's plain settings: attributes holding a number, string, boolean or None."""
    from driftcheck.parsers.source.speed.symbolic import plain_hole

    out = []
    for k, v in o.attrs.items():
        if _index_name(k):
            continue
        p = plain_hole(v)
        if p is None or isinstance(p, (bool, int, float, str)):
            out.append((k, type(p).__name__, p))
        else:
            return None  # anything else (a tensor, a callable): no plain state to compare
    out += _inner_state(o, "", MAX_DEPTH)
    return tuple(sorted(out, key=lambda x: x[0]))


MAX_DEPTH = 3
"""Levels of submodules whose settings belong to a copy's state."""


def _inner_state(o: Obj, prefix: str, depth: int) -> list[tuple]:
    """The plain settings of the copy's submodules, under their paths: a block whose
    attention keeps the switch (``self.self_attn = Attention(c, is_global=(i + 1) % 2 ==
    0)``, the rotary base picked in the attention's own ``forward``) differs from the first
    copy there, not in its own attributes. A submodule's other attributes (the config object
    every copy shares, a tensor) are left out: they are not what a copy's settings are."""
    from driftcheck.parsers.source.speed.symbolic import plain_hole

    out: list[tuple] = []
    if depth <= 0:
        return out
    for name, c in o.children.items():
        if not isinstance(c, Obj):
            continue
        path = f"{prefix}{name}."
        for k, v in c.attrs.items():
            p = plain_hole(v)
            if not _index_name(k) and (p is None or isinstance(p, (bool, int, float, str))):
                out.append((path + k, type(p).__name__, p))
        out += _inner_state(c, path, depth - 1)
    return out


def _index_name(name: str) -> bool:
    """A copy's position (``self.layer_idx = i``: every transformers layer keeps one): it
    differs in every copy and is no setting; what depends on it is read through a setting
    kept beside it (``self.is_sliding``) or through the config, the same for every copy."""
    n = name.lower()
    return n in INDEX_NAMES or n.endswith(("_idx", "_index", "_id", "_number", "_num"))


INDEX_NAMES = frozenset({"idx", "index", "i"})


def _differing_copies(root: Obj, rep: dict[int, Any]) -> list[Obj]:
    """Items of module lists folded into another item's node whose plain settings differ from
    that item's, one per distinct (representative, settings)."""
    out: list[Obj] = []
    seen_states: dict[int, set] = {}
    todo, visited = [root], set()
    while todo:
        o = todo.pop()
        if id(o) in visited or not isinstance(o, Obj):
            continue
        visited.add(id(o))
        items = container_values(o) if o.kind in ("ModuleList", "Sequential") else []
        for c in items:
            r = rep.get(id(c))
            if not isinstance(c, Obj) or c.cls is None or r is None or r is c:
                continue
            mine, theirs = plain_state(c), plain_state(r)
            if mine is None or theirs is None or mine == theirs:
                continue
            states = seen_states.setdefault(id(r), {theirs})
            if mine in states or len(states) > MAX_STATES:
                continue
            states.add(mine)
            out.append(c)
        todo.extend(x for x in o.children.values() if isinstance(x, Obj))
    return out


def follow_copy_states(graph: Graph, builder: Any, interp: Any, root: Any, rep: dict) -> None:
    """Follow the forward of each copy with settings of its own (see the module docstring)."""
    from driftcheck.parsers.source.forward.dataflow import Flow, Stop
    from driftcheck.parsers.source.forward.dataflow_eval import Runner

    if not isinstance(root, Obj):
        return
    copies = _differing_copies(root, rep)
    if not copies:
        return
    for c in copies:
        scratch = graph.model_copy(deep=True)
        flow = Flow(scratch, builder, interp)
        flow.map_tree(root)
        for o in _tree(c):  # this copy and its submodules are themselves here: their own
            flow.rep[id(o)] = o  # settings are read
        runner = Runner(flow)
        fn = runner.calls.forward_of(c)
        if fn is None:
            continue
        a = fn.node.args
        n = len([*a.posonlyargs, *a.args]) - 1 - len(a.defaults)
        try:
            runner.calls.run_func(fn, _mod(c), [Tens(None) for _ in range(max(n, 0))], {}, None)
        except (Stop, RecursionError):
            pass
        except Exception:  # noqa: BLE001 - values are extra; the graph stands without them
            pass
        runner.calls = flow.queries = flow.unused = None  # type: ignore[assignment]


def _tree(o: Obj, depth: int = MAX_DEPTH) -> list[Obj]:
    """``o`` and its submodules down to ``depth`` levels (those ``plain_state`` reads)."""
    out = [o]
    if depth > 0:
        for c in o.children.values():
            if isinstance(c, Obj):
                out += _tree(c, depth - 1)
    return out


def _mod(o: Obj) -> Any:
    from driftcheck.parsers.source.values.dataflow_values import Mod

    return Mod(o)
