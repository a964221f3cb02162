"""forward() dataflow: follow tensors through the analyzed model's forward and add graph edges.

The ``__init__`` interpretation has built the module tree and the graph nodes (``Builder``).
This pass runs a second, lighter interpretation of ``forward`` (``dataflow_eval``) over the
same module objects: a value is "the tensor made by graph node X", calls to sub-modules become
edges into their leaves, functional ops and tensor methods become catalogue op nodes
(``dataflow_ops``). What it cannot follow makes the tensor unknown; dataflow restarts at the next
module call, so an unknown helper costs the edges through it and nothing else. The pass never
invents an edge it did not see, and it is bounded (steps, depth, ops) like the main interpreter.

Why a representative map: the builder stores a run of identical ModuleList / Sequential items
as ONE node with ``repeat=n`` and adds only the first item's objects. A call to item k (or to a
leaf inside it) resolves to the first item's objects, and a call of a repeated block on a tensor
the block itself produced is the compacted repeat: it returns the block's first output again,
so the loop body's edges go into the block once and out of it once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from driftcheck import switches
from driftcheck.errors import ShapeError
from driftcheck.findings import Location
from driftcheck.graph import catalogue
from driftcheck.graph.model import Edge, Graph, Node
from driftcheck.parsers.source.forward.dataflow_queries import Queries, sym_shape, weight_names
from driftcheck.parsers.source.forward.dataflow_skipped import Unused
from driftcheck.parsers.source.speed import symbolic
from driftcheck.parsers.source.values.abstract import Leaf, Obj, graph_value
from driftcheck.parsers.source.values.dataflow_values import Sym, Tens

MAX_OPS = 20_000
MAX_EDGES = 100_000
CALLED_UNWIRED = "called in forward; its inputs and outputs were not followed"
MAX_COPIES = 16  # applications of one module beyond its first
# op nodes one source line may add under one module: a Python loop over ``range(chunk)`` that
# slices by index (chunked linear attention) would otherwise unroll into thousands of ops
MAX_SITE_OPS = 32
# a repeated block (``repeat=n``) each of whose copies forward applied to an outside tensor
# (``torch.stack([e(x) for e in self.experts])``): the copies are side by side, not chained
PARALLEL_NOTE = "its copies are applied side by side in forward, not chained"
# an op made (on real sizes) in code forward may not run: its shape issue is not a crash
SPECULATIVE_NOTE = "made in code forward may not run on this input"
CRASH_NOTE = "forward crash at"
# an Embedding fed a tensor derived in forward from its producer's output by code the graph
# does not show (``emb(lin(x).long())``, ``.to(torch.int64)``, arithmetic): the edge says which
# node the ids come from, not their dtype, so no graph rule may call them floats (SHP007)
DERIVED_INPUT_NOTE = "input derived in forward from its producer's output (dtype not followed)"


# parameters that never change an output's shape: unknown, they do not stop shapes on real sizes
SHAPE_FREE = {"eps", "p", "bias", "inplace", "momentum", "affine", "track_running_stats"}
SHAPE_FREE |= {"elementwise_affine", "approximate", "negative_slope", "value", "alpha"}


def shape_free(unresolved: list[str]) -> bool:
    return all(u in SHAPE_FREE for u in unresolved)


def _one(v: Any) -> Any:
    """``(3,)`` -> 3, ``(3, 3)`` -> 3: torch's tuples of equal sizes as the catalogue's int."""
    if isinstance(v, (tuple, list)) and v and all(x == v[0] for x in v):
        x = v[0]
        return x if isinstance(x, int) and not isinstance(x, bool) else v
    return v


def concrete(shape: Any) -> bool:
    return isinstance(shape, tuple) and all(
        isinstance(d, int) and not isinstance(d, bool) for d in shape
    )


# ops whose rule reads the last axis only: on a shape with unknown leading sizes (rows picked
# by data, ``x[idx]``) they are still checked (``Flow._rows_unknown_shape``)
ROW_FREE = {"Linear", "Dropout", "Identity", "ReLU", "ReLU6", "GELU", "SiLU", "Sigmoid", "Tanh"}
ROW_FREE |= {"ELU", "LeakyReLU", "Mish", "Softplus", "Hardswish", "Hardsigmoid", "SELU"}
ROW_STANDINS = (9973, 10007)  # two primes no model size equals


def rows_unknown(shape: Any) -> bool:
    """A shape of known rank whose last size is known and some earlier one is not."""
    return (
        isinstance(shape, tuple)
        and len(shape) >= 2
        and concrete(shape[-1:])
        and not concrete(shape)
        and all(concrete((d,)) or isinstance(d, Sym) for d in shape)
    )


def fmt_shape(shape: tuple) -> str:
    from driftcheck.graph.catalogue.spec import fmt

    return fmt(shape)


class Stop(Exception):
    """The dataflow budget ran out: stop, keep what was found."""


class Flow:
    """Graph-side state of one dataflow pass: node lookup, op nodes, edges, reach bookkeeping."""

    def __init__(self, graph: Graph, builder: Any, interp: Any) -> None:
        self.g = graph
        self.b = builder
        self.interp = interp
        self.rep: dict[int, Any] = {}  # id(module object) -> the object that is in the graph
        # id(module object) -> its torch path (``blocks.2.lin``), for a copy of a repeated block
        # the graph shows by its stand-in (``map_tree``; session 38, review36 item 11)
        self.paths: dict[int, str] = {}
        self._calling: Any = None  # the layer object ``leaf_call`` is applying
        self.standins: list[tuple[Any, Any]] = []  # (stand-in block, the copy it runs for)
        # lists of certain length (``dataflow_lists``): id -> (list, ``doubts`` when made);
        # ``doubts`` counts the speculative regions and unknown calls met so far
        self.sure_lists: dict[int, tuple[list, int]] = {}
        # tuples that are a ``torch.Size`` (``x.shape[:-1]``): id -> the tuple (dataflow_misuse)
        self.size_tuples: dict[int, tuple] = {}
        self.doubts = 0
        self.edges: list[Edge] = []
        self.edge_keys: set[tuple[str, str, int | None]] = set()
        self.adj: dict[str, set[str]] = {}
        self.radj: dict[str, set[str]] = {}
        # nodes reached (through edges) from a forward input: kept as edges are added, since
        # edges are never removed, so ``grounded`` is a lookup instead of a walk per query
        self.from_input: set[str] = {n.id for n in graph.nodes if n.type == "Input"}
        self.called: set[str] = set()  # node ids a forward call reached
        self.weights_read: set[str] = set()  # leaves whose weight/bias forward read directly
        # id(Tens) -> (Embedding node id, the Tens) of a table's ``.weight`` forward read, and
        # the tables forward multiplies by as an output head (``F.linear(h, emb.weight)``)
        self.table_weights: dict[int, tuple[str, Any]] = {}
        self.table_heads: set[str] = set()
        self.table_weights_t: dict[int, tuple[str, Any]] = {}
        """the token table's ``.T`` (``dataflow_ops._transposed_table``), by tensor id"""
        self.ran: dict[int, Any] = {}  # id(module) -> module, whose forward was followed
        self.tainted: set[int] = set()  # ... where something unknown might have used a child
        self.maybe_used: set[int] = set()  # id(module) a branch the path skipped references
        self.scanned: set[tuple[int, int]] = set()  # (id(branch), id(module)) read for it
        self.last_out: dict[str, Any] = {}  # repeated block id -> its output
        # uids of the tensors nodes returned, as returned (``DERIVED_INPUT_NOTE``)
        self.node_outs: set[int] = set()
        self.n_ops = 0
        self.op_seq: dict[str, int] = {}
        self.skipped_cycles = 0
        self.new_nodes: list[Node] = []
        self.ids = {n.id for n in graph.nodes}
        self.index: dict[str, Node] = {n.id: n for n in graph.nodes}
        self.copies: dict[str, int] = {}
        self.fed: set[str] = set()  # layer nodes that already have their input edges
        self.memo: dict[tuple, Any] = {}  # (node or op, producers, ...) -> result
        self.root_id = next((n.id for n in graph.nodes if n.parent is None), None)
        self.pseudo: dict[int, str] = {}  # id(torch-source module) -> its catalogue node
        self.restarted: set[str] = set()  # layers called only on tensors we could not follow
        self.sym_home: dict[Any, tuple[str, int]] = {}  # symbolic size -> latest (node, axis)
        self.site_ops: dict[tuple, int] = {}  # (source line, parent) -> op nodes added there
        self.capped_sites: set[tuple] = set()
        self.specs: dict[str, Any] = {}  # catalogue entries by type (looked up per op)
        self.input_shape: tuple[int, ...] | None = None  # the first input's sizes, when given
        # the first input's dtype facts (``check --input-dtype``, ``edges.INPUT_DTYPE``)
        self.input_dtype: dict[str, Any] | None = None
        # the first input's values lie in [LO, HI) (``check --input-range``, an int64 input)
        self.input_range: tuple[int, int] | None = None
        self.parallel: set[str] = set()  # repeated blocks applied side by side, not chained
        # on real sizes: crashes the pass proved ((file, line) or None, message), and how deep
        # it is in code forward may not run (an undecided branch, a try body, a loop that may
        # run zero times): nothing found there is a crash, op nodes made there are noted
        self.crashes: list[tuple[Any, str]] = []
        # on real sizes: id(Tens) -> (the Tens, facts certain at its source: dtype, value range)
        self.value_facts: dict[int, tuple[Any, dict]] = {}
        # in-place tensor writes met so far (``t.clamp_()``, ``t[i] = v``, ``out=``, ``t -= 1``,
        # an unknown call): a tensor's known values (``dataflow_checks.VALUE_FACTS``) hold only
        # while this count is the one they were stamped with, since any write may reach them
        # through a view or an alias the pass does not track
        self.tensor_writes = 0
        # (id(syntax tree), attribute name) -> whether code outside ``__init__`` may write it
        # (``dataflow_known.written_outside_init``): a buffer's values are then not followed
        self.attr_writes: dict[tuple[int, str], bool] = {}
        # on real sizes: empty lists / tuples the pass made, by id, and how many calls ran
        # code it does not follow with a list it may have made (``dataflow_axes.empty_join``)
        self.empty_seqs: dict[int, Any] = {}
        self.escapes = 0
        # on real sizes: ids of module containers ``forward`` changed (``dataflow_grown``)
        self.grown: set[int] = set()
        # on real sizes: (id(module), attribute) -> (module, the value) ``forward`` wrote
        # there earlier in this pass (``dataflow_fix28b``): later reads see it
        self.attr_set: dict[tuple[int, str], tuple[Any, Any]] = {}
        # on real sizes: ``forward`` ran a module cast (``self.head.half()``, ``m.to(dt)``,
        # ``.apply(fn)``) or wrote a layer's weight: no layer's weight dtype is known after it
        self.cast_in_forward = False
        # on real sizes: the dicts ``forward`` itself made (``{...}``, ``dict(...)``), kept
        # alive and compared by identity (``dataflow_fix29.dict_attribute``)
        self.made_dicts: list[dict] = []
        self.speculative = 0
        self.catch_frames: list[dict] = []  # the ``contextlib.suppress(E)`` regions (``catching``)
        # on real sizes: the partition proof whose guard is the only uncertainty here (a
        # ``continue`` past an empty expert's rows: ``dataflow_partition``), else None
        self.partition: Any = None
        self.first_in: dict[str, Any] = {}  # on real sizes: a repeated block's first input shape
        # on real sizes: the plain settings of the copy whose run gave a repeated block's
        # ``last_out`` (``Calls.call_module``: a copy of other settings is not compacted)
        self.run_state: dict[str, Any] = {}
        # the answer-changing DRIFTCHECK_* switches (the forward rules' "off" switches), read
        # once per pass, not at every call hook (driftcheck/switches.py)
        self.switches: dict[str, str] = switches.answers_now()
        # its parts: small queries and bookkeeping; the "unused in forward" verdict
        self.queries = Queries(self)
        self.unused = Unused(self)

    # ------------------------------------------------------------------ real sizes
    @contextlib.contextmanager
    def maybe(self) -> Iterator[None]:
        """Code forward may not run on this input: what is found there proves nothing."""
        self.speculative += 1
        self.doubts += 1
        try:
            yield
        finally:
            self.speculative -= 1

    @contextlib.contextmanager
    def catching(self, classes: tuple) -> Iterator[None]:
        """Session 37 (fixreview37a): the body of ``with contextlib.suppress(*classes):``. A
        crash there whose exception none of ``classes`` catches (``dataflow_catch``) is
        certain while nothing unknown ran in the region (``doubts`` unchanged); the first
        one that may be caught makes the rest of the region speculative, as ``maybe``."""
        frame = {"classes": classes, "doubts": self.doubts, "tripped": False}
        self.catch_frames.append(frame)
        try:
            yield
        finally:
            self.catch_frames.pop()
            if frame["tripped"]:
                self.speculative -= 1

    def trip_catching(self) -> None:
        """Something in a ``catching`` region may raise what it catches, unseen by the
        rules (a dict lookup, a call of the code's own): the rest of each open region is
        speculative."""
        for frame in self.catch_frames:
            if not frame["tripped"]:
                frame["tripped"] = True
                self.speculative += 1
                self.doubts += 1

    def _caught(self, message: str) -> bool:
        """A crash in a ``catching`` region that may be swallowed: the region turns
        speculative from here on (True: not recorded)."""
        from driftcheck.parsers.source.forward.dataflow_catch import may_catch

        for frame in self.catch_frames:
            if frame["tripped"]:
                continue
            if self.doubts != frame["doubts"] or may_catch(frame["classes"], message):
                frame["tripped"] = True
                self.speculative += 1
                self.doubts += 1
                return True
        return False

    def crash(self, loc: Any, message: str) -> None:
        """On real sizes, outside speculative code: torch raises here."""
        if self.catch_frames and not self.speculative and self._caught(message):
            return
        if self.input_shape is not None and not self.speculative and len(self.crashes) < 8:
            self.crashes.append((loc, message))
        elif self.speculative == 1 and self.partition is not None and self.input_shape is not None:
            self.partition.seen(loc, message)  # certain if the guard is passed (crashfix33)

    def real_shape(self, type_: str, params: dict, inputs: list[Tens], spec: Any, loc: Any) -> Any:
        """The rule on real sizes: a rejection is a crash at ``loc`` (None is returned)."""
        shapes = [t.shape for t in inputs]
        if spec is None or not shapes:
            return None
        from driftcheck.parsers.source.forward import dataflow_floats

        if dataflow_floats.layer_params(self, type_, params, loc):
            return None
        if spec.n_inputs is not None and len(shapes) < spec.n_inputs:
            # fewer tensors than the layer takes: the others were keywords (``layer(x,
            # memory=m)``) or values not followed; no judgement, as for an unknown size
            return None
        if not all(concrete(s) for s in shapes):
            if type_ in ROW_FREE and len(shapes) == 1 and rows_unknown(shapes[0]):
                return self._rows_unknown_shape(type_, params, shapes[0], spec, loc)
            return None
        try:
            out = spec.output_shape(params, shapes)
        except ShapeError as e:
            self.crash(loc, f"{type_}: {e}")
            return None
        except Exception:  # noqa: BLE001 - a rule that cannot read these params
            return None
        out = tuple(out)
        return out if concrete(out) else None

    def _rows_unknown_shape(self, type_: str, params: dict, shape: tuple, spec: Any, loc: Any):  # noqa: ANN202
        """A row-wise op (``ROW_FREE``) on a shape whose leading sizes are unknown (the tokens an
        MoE expert got: ``x[rows]``): its rule reads the last axis only, so it runs with two
        different stand-ins for the unknown sizes. Both rejecting is a crash, whatever the
        rows; both accepting gives the output with the unknown sizes back in their places."""
        subs = [tuple(d if concrete((d,)) else n for d in shape) for n in ROW_STANDINS]
        outs, errs = [], []
        for sub in subs:
            try:
                outs.append(tuple(spec.output_shape(params, [sub])))
            except ShapeError as e:
                errs.append(str(e))
            except Exception:  # noqa: BLE001 - a rule that cannot read these params
                return None
        if len(errs) == len(subs):
            shown = "(" + ", ".join(str(d) if concrete((d,)) else "?" for d in shape) + ")"
            self.crash(loc, f"{type_}: {errs[0].replace(fmt_shape(subs[0]), shown)}")
            return None
        if errs or len(outs[0]) != len(shape) or len(outs[1]) != len(shape):
            return None
        out = tuple(a if a == b else shape[i] for i, (a, b) in enumerate(zip(*outs)))
        if any(a != b and concrete((shape[i],)) for i, (a, b) in enumerate(zip(*outs))):
            return None
        return out

    # ------------------------------------------------------------------ module objects
    def map_tree(self, root: Any) -> None:
        """Fill ``rep``: every module object -> the object the builder put in the graph."""
        stack: list[tuple[Any, Any, str]] = [(root, root, "")]
        while stack:
            o, r, path = stack.pop()
            if id(o) in self.rep:
                continue
            self.rep[id(o)] = r
            if path:
                self.paths[id(o)] = path
            if not isinstance(o, Obj):
                continue
            prev = None
            for name, c in o.children.items():
                if r is o:
                    rc = c
                    if o.kind in ("ModuleList", "Sequential") and id(c) not in self.b.seen:
                        # folded into a repeat node: the module that node holds (a cached
                        # block reused by a later item is folded under an earlier item)
                        rc = self.b.objs.get(self.b.folded.get(id(c)), prev)
                        rc = rc if rc is not None else c
                else:
                    rc = r.children.get(name, c) if isinstance(r, Obj) else c
                stack.append((c, rc, f"{path}.{name}" if path else str(name)))
                prev = rc

    def resolve(self, obj: Any) -> Any:
        return self.rep.get(id(obj), obj)

    def nid(self, obj: Any) -> str | None:
        return self.b.seen.get(id(self.resolve(obj)))

    def node(self, nid: str) -> Node | None:
        return self.index.get(nid)

    def _append(self, node: Node) -> None:
        # our own index: Graph.index rebuilds on every growth, quadratic over thousands of ops
        self.g.nodes.append(node)
        self.index[node.id] = node

    def repeated_owner(self, nid: str, src: str | None) -> bool:
        """True when ``src`` lies inside the repeated block ``nid`` (the compacted repeat)."""
        n = self.node(nid)
        if n is None or n.repeat <= 1 or src is None:
            return False
        s = self.node(src)
        while s is not None:
            if s.id == nid:
                return True
            s = self.node(s.parent) if s.parent else None
        return False

    # ------------------------------------------------------------------ edges
    def reaches(self, a: str, b: str) -> bool:
        seen = {a}
        todo = [a]
        while todo:
            x = todo.pop()
            if x == b:
                return True
            for y in self.adj.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    todo.append(y)
        return False

    def edge(self, src: str | None, dst: str, index: int | None = None) -> bool:
        """Add ``src -> dst`` unless it repeats an edge or would close a cycle."""
        if src is None or src == dst:
            if src == dst:
                self.skipped_cycles += 1
            return False
        key = (src, dst, index)
        if key in self.edge_keys:
            return True
        if self.reaches(dst, src):
            self.skipped_cycles += 1  # a module applied twice to its own output (weight sharing)
            return False
        if len(self.edges) >= MAX_EDGES:
            raise Stop(f"edge budget ({MAX_EDGES}) exhausted")
        self.edge_keys.add(key)
        self.edges.append(Edge(src=src, dst=dst, index=index))
        self.adj.setdefault(src, set()).add(dst)
        self.radj.setdefault(dst, set()).add(src)
        self._spread_input(src, dst)
        return True

    def note_shape(self, t: Tens) -> None:
        """Remember which node last carried each symbolic size of ``t`` (and on which axis):
        an op sized by it reads it there, close by -- inside the repeated block being followed
        rather than back at the model input (edges into a repeated block are its data)."""
        if t.src is None or t.shape is None or t.src in self.restarted:
            return
        for i, d in enumerate(t.shape):
            if isinstance(d, Sym):
                self.sym_home[d.key] = (t.src, i)

    def size_home(self, d: Any) -> tuple[str, int] | None:
        home = self.sym_home.get(d.key) if isinstance(d, Sym) else None
        return home or (d.axis_of() if isinstance(d, Sym) else None)

    def lost(self, t: Tens) -> bool:
        """A tensor we could not follow, or made only from such tensors (a layer called on
        them, ops on its output): its node is not reached from a forward input."""
        return t.src is None or t.src in self.restarted

    def grounded(self, nid: str | None) -> bool:
        """Does the tensor made by ``nid`` come (through edges) from a forward input?"""
        return nid is not None and nid in self.from_input

    def _spread_input(self, src: str, dst: str) -> None:
        """Edge ``src -> dst`` added: what ``dst`` reaches comes from an input if ``src`` does."""
        if src not in self.from_input or dst in self.from_input:
            return
        todo = [dst]
        self.from_input.add(dst)
        while todo:
            for y in self.adj.get(todo.pop(), ()):
                if y not in self.from_input:
                    self.from_input.add(y)
                    todo.append(y)

    def connect(self, nid: str, inputs: list[Tens], n_inputs: int | None) -> None:
        """Edges from the known producers of ``inputs`` into node ``nid`` (indexed when >1)."""
        ins = inputs if n_inputs is None else inputs[: max(n_inputs, 1)]
        multi = len(ins) > 1
        for i, t in enumerate(ins):
            self.edge(t.src, nid, i if multi else None)

    # ------------------------------------------------------------------ new nodes
    def _fresh(self, base: str) -> str:
        n = self.op_seq.get(base, 0)
        while True:
            n += 1
            cand = f"{base}{n}"
            if cand not in self.ids:
                self.op_seq[base] = n
                self.ids.add(cand)
                return cand

    def add_op(
        self,
        type_: str,
        params: dict[str, Any],
        inputs: list[Tens],
        parent: str | None,
        loc: tuple[str, int] | None,
        unresolved: list[str] | None = None,
    ) -> Tens:
        """A catalogue op node fed by ``inputs``; unknown inputs make an unknown result."""
        spec = self.queries.spec(type_)
        if spec is None or not inputs:
            return Tens(None)
        if any(t.src is None for t in inputs):
            if self.input_shape is None or unresolved:
                return Tens(None)
            # on real sizes a tensor of known shape but no node (a buffer, ``arange(T)``):
            # the op is not in the graph, its shape (or its crash) is still known
            return Tens(None, self.real_shape(type_, params, inputs, spec, loc))
        if self.interp.trace is not None:
            self._traced_memo_guards(type_, params, inputs, loc, parent)
            key = (
                type_,
                symbolic.plain_repr(sorted(params.items())),
                tuple(t.src for t in inputs),
                loc,
                parent,
            )
        else:
            key = (type_, repr(sorted(params.items())), tuple(t.src for t in inputs), loc, parent)
        if key in self.memo:  # the same op on the same producers (a loop body run again)
            return self.memo[key]
        self.memo[key] = out = self._new_op(type_, params, inputs, parent, loc, unresolved)
        return out

    def _traced_memo_guards(self, type_, params, inputs, loc, parent) -> None:  # noqa: ANN001
        """Under a trace, the op memo's key (reprs) decides as before; each earlier op of this
        site and these producers is compared with ``==`` too, so that a traced number's part in
        the decision is a guard, and a disagreement (1 and True) leaves no template."""
        site = (type_, tuple(t.src for t in inputs), loc, parent)
        seen = self.__dict__.setdefault("_traced_sites", {}).setdefault(site, [])
        mine = symbolic.plain_repr(sorted(params.items()))
        for other, rep in seen:
            if (other == params) is not (rep == mine):
                symbolic.poison(self.interp.trace, "op memo")
        seen.append((dict(params), mine))

    def _new_op(self, type_, params, inputs, parent, loc, unresolved) -> Tens:  # noqa: ANN001
        site = (loc, parent)
        self.site_ops[site] = self.site_ops.get(site, 0) + 1
        if self.site_ops[site] > MAX_SITE_OPS:
            self.capped_sites.add(site)
            return Tens(None)  # unrolled far enough: what follows is not followed
        spec = self.queries.spec(type_)
        self.n_ops += 1
        if self.n_ops > MAX_OPS:
            raise Stop(f"op budget ({MAX_OPS}) exhausted")
        base = f"{parent}/op_" if parent and parent != self.root_id else "op_"
        nid = f"{self._fresh(base)}_{type_}"
        self.ids.add(nid)
        owner = self.node(parent) if parent else None
        short = nid.rsplit("/", 1)[-1]
        name = f"{owner.name}.{short}" if owner is not None and owner.name else short
        # tuples as lists: what a JSON round trip gives back; a symbolic size is unknown
        params = {k: graph_value(list(v) if isinstance(v, tuple) else v) for k, v in params.items()}
        node = Node(id=nid, type=type_, name=name, params=params, parent=parent)
        if loc is not None:
            node.loc = Location(file=str(loc[0]), line=loc[1])
        node.unresolved = list(unresolved or [])
        self.new_nodes.append(node)
        self._append(node)
        self.connect(nid, inputs, spec.n_inputs)
        if all(t.src in self.restarted for t in inputs):
            self.restarted.add(nid)
        if self.speculative and self.input_shape is not None:
            node.notes.append(SPECULATIVE_NOTE)
        if node.unresolved:
            shape = None
        elif self.input_shape is not None:
            shape = self.real_shape(type_, params, inputs, spec, loc)
            if self.speculative and SPECULATIVE_NOTE not in node.notes:  # ``Flow.catching``
                node.notes.append(SPECULATIVE_NOTE)  # its crash may be swallowed
        else:
            shape = sym_shape(type_, params, inputs, spec)
        out = Tens(nid, shape)
        self.note_shape(out)
        self.node_outs.add(out.uid)
        return out

    def add_input(self, name: str, loc: tuple[str, int] | None) -> Tens:
        nid = f"input_{name}"
        if nid in self.ids:
            nid = self._fresh(f"input_{name}_")
        self.ids.add(nid)
        node = Node(id=nid, type="Input", params={"shape": None, "name": name}, name=name)
        self.from_input.add(nid)
        if loc is not None:
            node.loc = Location(file=str(loc[0]), line=loc[1])
        self._append(node)
        out = Tens(nid)
        self.node_outs.add(out.uid)
        return out

    def leaf_call(self, leaf: Leaf, inputs: list[Tens], loc: tuple | None = None) -> Tens:
        """A call of a catalogue layer: edges in, its node's output out."""
        nid = self.nid(leaf)
        if nid is None:
            return Tens(None)
        self._calling = leaf
        try:
            return self.call_node(nid, inputs, loc)
        finally:
            self._calling = None

    def call_node(self, nid: str, inputs: list[Tens], loc: tuple | None) -> Tens:
        """``_call_node``, remembering the output as a node's own; an Embedding whose input
        is not a node's output as returned (a cast, arithmetic in between) is noted so."""
        x = inputs[0] if inputs else None
        derived = x is not None and x.src is not None and x.uid not in self.node_outs
        out = self._call_node(nid, inputs, loc)
        if isinstance(out, Tens) and out.src is not None:
            self.node_outs.add(out.uid)
            node = self.node(out.src) if derived else None
            if node is not None and node.type == "Embedding":
                if DERIVED_INPUT_NOTE not in node.notes:
                    node.notes.append(DERIVED_INPUT_NOTE)
        return out

    def _call_node(self, nid: str, inputs: list[Tens], loc: tuple | None) -> Tens:
        """Edges into layer node ``nid``; a second call with other inputs gets its own copy.

        A module applied twice (a shared ReLU, a weight-shared Linear) is two applications in
        the dataflow: the copy node has the same type and attributes and ties every weight to
        the first, so parameters are still counted once.
        """
        self.called.add(nid)
        node = self.node(nid)
        if node is None:
            return Tens(None)
        if self.input_shape is not None and inputs:
            from driftcheck.parsers.source.forward import dataflow_checks

            dataflow_checks.layer_input(self, node, inputs, loc)
        if self.repeated_owner(nid, inputs[0].src if inputs else None):
            if self.input_shape is not None and shape_free(node.unresolved):
                # on real sizes the next copy of a repeated layer takes the last one's output:
                # its rule on that shape (a Linear(8, 6) repeated crashes at copy 2; a stride-2
                # ConvTranspose repeated doubles again)
                spec = self.queries.spec(node.type)
                # every input the layer takes (a decoder layer's memory too), not the first only
                n = (spec.n_inputs or len(inputs)) if spec else 1
                out = Tens(nid, self.real_shape(node.type, node.params, inputs[:n], spec, loc))
                self.note_shape(out)
                self.last_out[nid] = out
                return out
            return self.last_out.get(nid, Tens(nid))
        if inputs and all(t.src is None for t in inputs):
            # on tensors we could not follow (positions from ``torch.arange(T)``, a helper we
            # do not model): no edge in, and dataflow restarts at this node's output
            if nid in self.fed:
                if self.input_shape is not None and shape_free(node.unresolved):
                    # no new edge, but on real sizes the layer's rule still holds on this
                    # shape-only tensor (a NeRF skip: ``cat([x0, h])`` with ``x0`` from a
                    # helper module's shape-only output, into a later copy of a repeated
                    # Linear): the output shape, or the crash
                    spec = self.queries.spec(node.type)
                    return Tens(None, self.real_shape(node.type, node.params, inputs, spec, loc))
                return Tens(None)
            self.restarted.add(nid)
            shape = None
            if self.input_shape is not None and shape_free(node.unresolved):
                shape = self.real_shape(
                    node.type, node.params, inputs, self.queries.spec(node.type), loc
                )
            return Tens(nid, shape)
        self.restarted.discard(nid)
        if node.repeat > 1 and nid in self.fed:
            self.parallel.add(nid)  # a repeated layer applied again to an outside tensor
        spec = self.queries.spec(node.type)
        n_in = spec.n_inputs if spec else 1
        ins = inputs if n_in is None else inputs[: max(n_in, 1)]
        key = (nid, tuple(t.src for t in ins))
        if key in self.memo:
            if self.partition is not None:  # the same application as an earlier pass's
                self.partition.memo_hit(self, key, ins)
            return self.memo[key]
        target = nid
        if nid in self.fed:
            self.copies[nid] = self.copies.get(nid, 0) + 1
            if self.copies[nid] > MAX_COPIES:  # a loop unrolling one module: stop following
                return Tens(None)
            target = self._copy(node, loc)
        self.fed.add(nid)
        self.connect(target, ins, n_in)
        if self.speculative and self.input_shape is not None:
            # a layer applied in code forward may not run (monai's UpCat: ``else:
            # self.convs(x_0)`` under an undecided ``torch.jit.isinstance``): its mismatch
            # on that input proves nothing, as an op node's there
            applied = self.node(target)
            if applied is not None and SPECULATIVE_NOTE not in applied.notes:
                applied.notes.append(SPECULATIVE_NOTE)
        shape = None
        if ins and self.input_shape is not None and shape_free(node.unresolved):
            part, seen = self.partition, getattr(self.partition, "nseen", 0)
            shape = self.real_shape(node.type, node.params, ins, spec, loc)
            applied = self.node(target)
            if self.speculative and applied is not None and SPECULATIVE_NOTE not in applied.notes:
                applied.notes.append(SPECULATIVE_NOTE)  # its crash may be swallowed (catching)
            if part is not None and part.nseen > seen:
                part.remember(key, ins)  # its crash, for a later pass's memo hit
        elif not node.unresolved and ins:
            shape = sym_shape(node.type, node.params, ins, spec)
        out = Tens(target, shape)
        self.note_shape(out)
        if node.repeat > 1:
            self.last_out[nid] = out
        self.memo[key] = out
        return out

    def _copy(self, node: Node, loc: tuple | None) -> str:
        nid = self._fresh(f"{node.id}_call")
        copy = Node(id=nid, type=node.type, params=dict(node.params), parent=node.parent)
        copy.unresolved = list(node.unresolved)
        copy.user_class = node.user_class
        copy.loc = Location(file=str(loc[0]), line=loc[1]) if loc else node.loc
        copy.notes = [f"second call of {node.name or node.id} (same module, weights shared)"]
        path = self._real_path(self._calling)
        if path:
            # a layer of a copy of a repeated block, which the graph shows by its stand-in
            # (``blocks/0``): the copy is named by the path of the layer that ran
            copy.name = path
        for w in weight_names(node):
            copy.tied[w] = node.tied.get(w, f"{node.id}.{w}")
        self._append(copy)
        return nid

    def _real_path(self, leaf: Any) -> str | None:
        """Session 38 (review36 item 11): the torch path of the layer ``leaf`` applied inside
        the stand-in forward of a copy of a repeated block (``blocks.2.lin`` where the graph
        holds ``blocks/0``'s ``lin``), on real sizes only; None elsewhere."""
        if self.input_shape is None or leaf is None or not self.standins:
            return None
        mine = self.paths.get(id(leaf))
        for stand, real in reversed(self.standins):
            base, there = self.paths.get(id(stand)), self.paths.get(id(real))
            if mine and base and there and mine.startswith(base + "."):
                return there + mine[len(base) :]
        return None

    def torch_module(self, obj: Obj, inputs: list[Tens], loc: tuple | None) -> Tens | None:
        """A torch layer interpreted from torch's source (its weights are Parameter nodes).

        Its forward is torch internals we do not follow; the catalogue knows its shape rule, so
        the call becomes a catalogue node inside the module whose weights are tied to those
        Parameter nodes (counted once). None when the catalogue or the weights do not match.
        """
        nid = self.pseudo.get(id(obj))
        if nid is None:
            spec = catalogue.by_torch(obj.qual or "")
            parent = self.nid(obj)
            if spec is None or parent is None:
                return None
            # the attributes torch's ``__init__`` stored (read from its source) or the
            # catalogue's bound arguments (no torch installed) give the same node: torch's
            # tuples of equal sizes as the catalogue's int (``(16,)``: 16), and a parameter
            # the module does not hold at all at the catalogue's default (as torch sets it)
            _scalar = (int, float, str, bool)
            params = {}
            for p in spec.params:
                if p.name == "bias" and p.kind == "bool":
                    # torch keeps no flag (``self.bias`` is the weight or None): the weight
                    v = obj.params.get("bias") is not None
                elif p.name in obj.attrs:
                    v = _one(symbolic.plain_hole(obj.attrs[p.name]))
                elif not p.required:
                    v = p.default
                else:
                    continue
                if isinstance(v, _scalar):
                    params[p.name] = v
            node = Node(id=f"{parent}/{spec.name.lower()}", type=spec.name, params=params)
            node.parent = parent
            try:
                weights = list(spec.weights(spec.bind(params)))
            except Exception:  # noqa: BLE001 - attributes we could not read
                return None
            for w in weights:
                ref = self.b.weight_at.get((id(obj), w))
                if ref is None:
                    return None
                node.tied[w] = ref
            if node.id in self.ids:
                return None
            self.ids.add(node.id)
            node.loc = Location(file=str(loc[0]), line=loc[1]) if loc else None
            self._append(node)
            nid = self.pseudo[id(obj)] = node.id
        return self.call_node(nid, inputs, loc)
