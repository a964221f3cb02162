"""Predict what ``model.load_state_dict(checkpoint)`` would say, from two graphs, statically.

Both sides are reduced to a state-dict table (tensor name -> shape): a node's tensors are its
catalogue weight rule's tensors, named ``<Node.name>.<weight>`` as torch names them, and a
repeated block (``model.layers.0`` x 32) is written out as ``model.layers.0`` ..
``model.layers.31``. The messages copy torch's ``Module._load_from_state_dict`` wording so a
user can grep a crash log for them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from driftcheck.graph.counting import node_weights
from driftcheck.graph.model import Graph, Node

Shape = tuple[int, ...]


def _indexed(name: str | None) -> bool:
    return bool(name) and name.rpartition(".")[2].isdigit()


def _renamed(name: str, block: Node, k: int) -> str:
    """Name ``name`` (inside ``block``, named ``prefix.<i>``) as it reads in copy ``k``."""
    base = block.name or ""
    head, _, last = base.rpartition(".")
    new_base = f"{head}.{int(last) + k}" if head else str(int(last) + k)
    if name == base:
        return new_base
    if name.startswith(base + "."):
        return new_base + name[len(base) :]
    return name


@dataclass
class Table:
    """A graph's state-dict table. ``unnamed`` holds copies whose names the graph lost: a
    producer may collapse *named* identical siblings (``k_proj``, ``v_proj``) into one node
    with ``repeat=2``; each such copy is (parent module path, name below the lost component,
    shape), and ``predict_load`` recovers the names from the checkpoint when unambiguous."""

    named: dict[str, Shape] = field(default_factory=dict)
    unnamed: list[tuple[str, str, Shape, tuple]] = field(default_factory=list)
    """(parent path, tail, shape, slot): ``slot`` is the same lost copy in every repeat of
    the enclosing indexed blocks, so a name recovered in one layer serves all layers"""


def tensor_table(graph: Graph) -> Table:
    table = Table()
    for node in graph.leaves():
        if node.type in ("Input", "Module"):
            continue
        weights = node_weights(node)
        if not weights:
            continue
        path = node.name or graph.path(node)
        for wname, shape in weights.items():
            if not node.name and wname in node.tied:
                continue  # a layer standing for its module (a subclass of nn.Embedding) shares
                # its module's own parameter: one tensor, named by the module
            # a free parameter is named by its own attribute path
            full = path if node.type == "Parameter" else (f"{path}.{wname}" if path else wname)
            shape = tuple(int(d) for d in shape)
            names = [full]
            lost: list[tuple[str, str, tuple]] = []  # copies without a name
            for holder in [node, *graph.ancestors(node)]:
                if holder.repeat <= 1:
                    continue
                if _indexed(holder.name):
                    k_range = range(holder.repeat)
                    names = [_renamed(n, holder, k) for n in names for k in k_range]
                    lost = [(_renamed(p, holder, k), t, s) for p, t, s in lost for k in k_range]
                    continue
                # named siblings collapsed: copy 0 keeps the name, the others lost it
                hname = holder.name or ""
                parent = hname.rpartition(".")[0]
                for n in names:
                    tail = n[len(hname) + 1 :] if n.startswith(hname + ".") else ""
                    for j in range(1, holder.repeat):
                        lost.append((parent, tail, (holder.id, node.id, wname, j)))
            table.unnamed += [(p, t, shape, slot) for p, t, slot in lost]
            for n in names:
                table.named[n] = shape
    return table


def state_dict_shapes(graph: Graph) -> dict[str, Shape]:
    """Tensor name -> shape for every weight the graph's leaves declare (tied ones included:
    torch's state_dict lists a shared tensor under each module that holds it). Copies whose
    names the graph lost are left out (see ``Table``)."""
    return tensor_table(graph).named


def _recover(table: Table, ckpt: dict[str, Shape]) -> tuple[dict[str, Shape], int]:
    """Give lost names back from the checkpoint: for each (parent, tail), when the checkpoint
    has exactly as many unclaimed ``parent.<x>.tail`` tensors as there are lost copies; a
    copy whose layer the checkpoint lacks takes the name its slot got in another layer."""
    named = dict(table.named)
    groups: dict[tuple[str, str], list[tuple[Shape, tuple]]] = {}
    for parent, tail, shape, slot in table.unnamed:
        groups.setdefault((parent, tail), []).append((shape, slot))
    by_slot: dict[tuple, str] = {}
    pending: list[tuple[str, str, Shape, tuple]] = []
    for (parent, tail), copies in groups.items():
        head = f"{re.escape(parent)}\\." if parent else ""
        end = f"\\.{re.escape(tail)}" if tail else ""
        rx = re.compile(f"^{head}[^.]+{end}$")
        free = sorted(n for n in ckpt if rx.match(n) and n not in named)
        if len(free) == len(copies):
            for n, (shape, slot) in zip(free, sorted(copies, key=lambda c: c[1])):
                named[n] = shape
                cut = len(parent) + 1 if parent else 0
                by_slot[slot] = n[cut:].split(".", 1)[0]
        else:
            pending += [(parent, tail, shape, slot) for shape, slot in copies]
    unresolved = 0
    for parent, tail, shape, slot in pending:
        comp = by_slot.get(slot)
        if comp is None:
            unresolved += 1
            continue
        name = ".".join(x for x in (parent, comp, tail) if x)
        named[name] = shape
    return named, unresolved


def torch_size(shape: Shape) -> str:
    return "torch.Size([" + ", ".join(str(d) for d in shape) + "])"


def size_mismatch_message(name: str, ckpt: Shape, model: Shape) -> str:
    return (
        f"size mismatch for {name}: copying a param with shape {torch_size(ckpt)} from "
        f"checkpoint, the shape in current model is {torch_size(model)}."
    )


@dataclass
class LoadPrediction:
    """What a strict ``load_state_dict`` would report, in torch's order within each list."""

    size_mismatch: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    mismatched: dict[str, tuple[Shape, Shape]] = field(default_factory=dict)
    unresolved: int = 0
    """model tensors whose names the model graph lost and the checkpoint could not give back"""

    @property
    def ok(self) -> bool:
        return not (self.size_mismatch or self.missing or self.unexpected)

    def torch_lines(self) -> list[str]:
        """The error lines torch would print, in its order (unexpected, missing, sizes)."""
        lines = []
        if self.unexpected:
            keys = ", ".join(f'"{k}"' for k in self.unexpected)
            lines.append(f"Unexpected key(s) in state_dict: {keys}. ")
        if self.missing:
            keys = ", ".join(f'"{k}"' for k in self.missing)
            lines.append(f"Missing key(s) in state_dict: {keys}. ")
        return lines + self.size_mismatch


def predict_load(
    checkpoint: Graph | dict[str, Shape], model: Graph | dict[str, Shape]
) -> LoadPrediction:
    """Compare a checkpoint's tensor table with the model's; returns torch's complaints."""
    ckpt = checkpoint if isinstance(checkpoint, dict) else state_dict_shapes(checkpoint)
    pred = LoadPrediction()
    if isinstance(model, dict):
        mine = model
    else:
        mine, pred.unresolved = _recover(tensor_table(model), ckpt)
    for name, want in mine.items():
        if name not in ckpt:
            pred.missing.append(name)
            continue
        got = ckpt[name]
        # torch keeps one backward-compatible case: a 0-d parameter loads from a 1-element 1-d
        if want == () and got == (1,):
            continue
        if got != want:
            pred.mismatched[name] = (got, want)
            pred.size_mismatch.append(size_mismatch_message(name, got, want))
    pred.unexpected = [n for n in ckpt if n not in mine]
    return pred


def align_prefix(ckpt: dict[str, Shape], model: dict[str, Shape]) -> dict[str, Shape]:
    """Rename checkpoint tensors the way ``transformers``' ``from_pretrained`` does before it
    calls torch: a head model's checkpoint (``model.layers...``) loads into the base model by
    dropping the base-model prefix, and a base checkpoint into a head model by adding it.
    Returns the checkpoint table that overlaps the model's names most."""
    best, best_overlap = ckpt, len(set(ckpt) & set(model))
    heads = {n.split(".", 1)[0] for n in ckpt} | {n.split(".", 1)[0] for n in model}
    for p in heads:
        strip = {n[len(p) + 1 :]: s for n, s in ckpt.items() if n.startswith(p + ".")}
        add = {f"{p}.{n}": s for n, s in ckpt.items()}
        for cand in (strip, add):
            overlap = len(set(cand) & set(model))
            if overlap > best_overlap:
                best, best_overlap = cand, overlap
    return best
