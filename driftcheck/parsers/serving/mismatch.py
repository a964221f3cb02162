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
    unnamed: list[tuple[str, str, Shape]] = field(default_factory=list)


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
            # a free parameter is named by its own attribute path
            full = path if node.type == "Parameter" else (f"{path}.{wname}" if path else wname)
            shape = tuple(int(d) for d in shape)
            names = [full]
            lost: list[tuple[str, str]] = []  # (parent path, tail) of copies without a name
            for holder in [node, *graph.ancestors(node)]:
                if holder.repeat <= 1:
                    continue
                if _indexed(holder.name):
                    k_range = range(holder.repeat)
                    names = [_renamed(n, holder, k) for n in names for k in k_range]
                    lost = [(_renamed(p, holder, k), t) for p, t in lost for k in k_range]
                    continue
                # named siblings collapsed: copy 0 keeps the name, the others lost it
                hname = holder.name or ""
                parent = hname.rpartition(".")[0]
                for n in names:
                    tail = n[len(hname) + 1 :] if n.startswith(hname + ".") else ""
                    lost += [(parent, tail)] * (holder.repeat - 1)
            table.unnamed += [(p, t, shape) for p, t in lost]
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
    has exactly as many unclaimed ``parent.<x>.tail`` tensors as there are lost copies."""
    named = dict(table.named)
    groups: dict[tuple[str, str], list[Shape]] = {}
    for parent, tail, shape in table.unnamed:
        groups.setdefault((parent, tail), []).append(shape)
    unresolved = 0
    for (parent, tail), shapes in groups.items():
        head = f"{re.escape(parent)}\\." if parent else ""
        end = f"\\.{re.escape(tail)}" if tail else ""
        rx = re.compile(f"^{head}[^.]+{end}$")
        free = [n for n in ckpt if rx.match(n) and n not in named]
        if len(free) == len(shapes):
            for n, shape in zip(free, shapes):
                named[n] = shape
        else:
            unresolved += len(shapes)
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
