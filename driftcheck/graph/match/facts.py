"""Model facts compared key by key: stated facts first, facts read off the structure second.

Values are normalised before they are compared (``torch.bfloat16`` and ``bf16`` are
``bfloat16``; ``auto`` says nothing). Two producer conventions are applied, both documented
by the producers themselves, never guessed:
- an HF config with no ``quantization_config`` describes unquantized weights, so against a
  side that names a quantization method its quantization is ``none``;
- a server's context length (``maxModelLen`` and friends) is compared with the model's trained
  context (``maxPositionEmbeddings``) when only one side states each: longer is a finding.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from driftcheck.findings import Location
from driftcheck.graph.facts import FACTS
from driftcheck.graph.match.derive import Derived
from driftcheck.graph.match.diff import Diff, json_value, same
from driftcheck.graph.model import Graph

SIDES = ("left", "right")
CONFIG_KINDS = ("config", "hub")
SERVER_CONTEXT = ("maxModelLen", "maxTotalTokens", "maxInputTokens")
_DTYPES = {
    "bf16": "bfloat16",
    "fp16": "float16",
    "half": "float16",
    "fp32": "float32",
    "float": "float32",
    "single": "float32",
    "double": "float64",
}


@dataclass
class FactDiff:
    key: str
    values: dict[str, Any]
    locs: dict[str, Location | None]
    attribute: str
    derived: dict[str, str] = field(default_factory=dict)
    """side -> the catalogue attribute the value was read off, for sides without the fact"""
    absorbed: list[Diff] = field(default_factory=list)
    held: dict[str, list[str]] = field(default_factory=dict)
    """side -> the ``Class.attribute`` places holding the value, for diffs of ``Graph.uses``"""
    kind: str | None = None
    message: str | None = None
    unknown: str | None = None
    """a side reads the value off its structure, and that side's layers hold a part whose
    weights are unknown (an unresolved size, an unread part: ``diff.unknown_note``): the
    layer it was read off may not be the one it stands for; info naming the unknown"""
    lacks: tuple[str, ...] = ()
    """for a diff of ``Graph.uses``: the sides that hold none of a value the other side holds
    (``uses.use_diffs``). Only an unknown part of such a side may hold it unseen, so only
    there a use diff is an honest unknown (``match.compare``)"""


def normalise(key: str, value: Any) -> Any:
    """Comparable form of a fact value; None when the value says nothing (``auto``)."""
    if isinstance(value, str):
        v = value.strip().lower()
        if v in ("auto", ""):
            return None
        if key == "dtype":
            v = v.removeprefix("torch.")
            return _DTYPES.get(v, v)
        if key in ("quantization", "modelType"):
            return v
    return value


def _side(g: Graph, derived: dict[str, Derived], key: str, side: str, structural: bool = False):
    """(value, location, Derived or None) of one side's fact, or None when it has none.

    ``structural``: both sides can read this fact off their layers, so the layers decide
    (a config's own statement is the config producer's business, not drift between the
    sides); the stated fact only lends its location (the config key) when it agrees."""
    f = g.facts.get(key)
    d = derived.get(key)
    if structural and d is not None and f is not None and (d.yields or f.value in d.alts):
        structural = False  # the structure allows the stated value too: the statement stands
    if structural and d is not None:
        loc = d.loc
        if f is not None and f.loc is not None and same(normalise(key, f.value), d.value):
            loc = f.loc
        return d.value, loc.model_copy(update={"side": side}) if loc else None, d
    if f is not None and normalise(key, f.value) is not None:
        loc = f.loc.model_copy(update={"side": side}) if f.loc else None
        return normalise(key, f.value), loc, None
    if f is None and key == "quantization" and g.origin.kind in CONFIG_KINDS:
        where = Location(file=g.origin.path, key="quantization_config", side=side)
        return "none", where if g.origin.path else None, None
    if d is None:
        return None
    loc = d.loc.model_copy(update={"side": side}) if d.loc else None
    return d.value, loc, d


def fact_diffs(
    left: Graph, right: Graph, dl: dict[str, Derived], dr: dict[str, Derived]
) -> list[FactDiff]:
    keys = list(FACTS) + sorted((set(left.facts) & set(right.facts)) - set(FACTS))
    dl, dr = _unlike_tables(left, right, dl, dr)
    dl, dr = _position_vocab(left, right, dl, dr)
    out: list[FactDiff] = []
    for key in keys:
        both = key in dl and key in dr
        ls, rs = _side(left, dl, key, "left", both), _side(right, dr, key, "right", both)
        if (ls is None) != (rs is None):
            held = _against_uses(key, left, right, ls, rs, dl if ls is None else dr)
            if held is not None:
                out.append(held)
            continue
        if both and ls is not None and rs is not None and not same(ls[0], rs[0]):
            ls, rs = (
                _stated_other(left, key, ls, "left", rs),
                _stated_other(right, key, rs, "right", ls),
            )
        if ls is None or rs is None or same(ls[0], rs[0]):
            continue
        if key == "quantization" and ls[0] == rs[0] == "none":
            continue
        if key == "maxPositionEmbeddings":
            moved = _position_offset(left, right, ls, rs)
            if moved == (ls, rs):  # the offset once: by the named tables, else by these
                moved = _table_offset(dl.get(key), dr.get(key), ls, rs)
            ls, rs = moved
            if same(ls[0], rs[0]):
                continue
        if key == "vocabSize":
            ls, rs = _vocab_offset(left, right, ls, rs)
            if same(ls[0], rs[0]):
                continue
        derived = {s: x[2].attribute for s, x in zip(SIDES, (ls, rs)) if x[2] is not None}
        one = ls[2] or rs[2]
        if len(derived) == 2:
            # both sides read it off their layers; one that also states that value (a config
            # whose attention splits show its ``num_attention_heads``) is reported by its
            # statement, the other by its layers (the README's BERT example)
            said = [s for s, g, x in zip(SIDES, (left, right), (ls, rs)) if _states(g, key, x[0])]
            other = (rs[2] if said[0] == "left" else ls[2]) if len(said) == 1 else None
            if other is not None and other.attribute.endswith(f".{key}"):
                # only where the other side's layer attribute names the fact itself
                # (``multiheadAttention.numHeads``; not a width it is read from)
                del derived[said[0]]
                one = other
        attribute = f"model.{key}" if one is None or len(derived) == 2 else one.attribute
        out.append(
            FactDiff(
                key,
                {"left": json_value(ls[0]), "right": json_value(rs[0])},
                {"left": ls[1], "right": rs[1]},
                attribute,
                derived,
            )
        )
    out += _context(left, right, dl, dr)
    return out


def _states(g: Graph, key: str, value: Any) -> bool:
    """``g`` states ``key`` (a config key, with its location) with this very value."""
    f = g.facts.get(key)
    return f is not None and f.loc is not None and same(normalise(key, f.value), value)


def _unlike_tables(left: Graph, right: Graph, dl: dict, dr: dict) -> tuple[dict, dict]:
    """A table read as a side's positions (``Derived.yields``) where that side states its
    context and the table's rows are not it (plus fairseq's offset): the table is something
    else (DeBERTa's relative table beside no absolute one), so is the other side's
    same-placed table; neither reading is used."""
    for key in [k for k in ("maxPositionEmbeddings",) if k in dl or k in dr]:
        for g, d in ((left, dl), (right, dr)):
            f, x = g.facts.get(key), d.get(key)
            if f is None or x is None or not x.yields or not isinstance(f.value, int):
                continue
            if not 0 <= x.value - f.value <= MAX_POSITION_OFFSET:
                dl = {k: v for k, v in dl.items() if not (k == key and v.yields)}
                dr = {k: v for k, v in dr.items() if not (k == key and v.yields)}
                break
    return dl, dr


MAX_VOCAB_OFFSET = 2
"""Rows a token table holds beyond the vocabulary its heads predict (MusicGen's
``nn.Embedding(vocab_size + 1, d)``: a start token no head predicts)."""


def _vocab_offset(left: Graph, right: Graph, ls: tuple, rs: tuple) -> tuple:
    """Both sides' token tables hold ``k`` rows more than an output head of theirs predicts
    (``Linear(d, rows - k)``): the vocabulary is the heads' width, on both sides, so a changed
    vocabulary reads as the config's ``vocab_size``, not as the table's rows."""
    if not all(isinstance(x[0], int) and x[2] is not None for x in (ls, rs)):
        return ls, rs
    for k in range(1, MAX_VOCAB_OFFSET + 1):
        if all(_head_of(g, x[0] - k) for g, x in ((left, ls), (right, rs))):
            return (ls[0] - k, *ls[1:]), (rs[0] - k, *rs[1:])
    return ls, rs


def _head_of(g: Graph, width: int) -> bool:
    """``g`` holds a ``Linear`` that predicts ``width`` scores (and none the table's rows)."""
    outs = {n.params.get("out_features") for n in g.nodes if n.type == "Linear"}
    return width > 0 and width in outs and width + 1 not in outs and width + 2 not in outs


def _position_vocab(left: Graph, right: Graph, dl: dict, dr: dict) -> tuple[dict, dict]:
    """Both sides read their "vocabulary" off the very table they hold their positions in (an
    audio encoder's ``embed_positions``, ``nn.Embedding(max_source_positions, d)``, against a
    ``Parameter(frames, d)`` added to the conv features): a model whose input is no token ids
    has no token table, and the rows are its context, compared once as such; a changed
    context was a major vocab finding beside the context's own."""
    if not all(_vocab_is_positions(g, d) for g, d in ((left, dl), (right, dr))):
        return dl, dr
    return (
        {k: v for k, v in dl.items() if k != "vocabSize"},
        {k: v for k, v in dr.items() if k != "vocabSize"},
    )


def _vocab_is_positions(g: Graph, d: dict) -> bool:
    """The side's derived vocabulary is its position table: the context it states or reads
    holds the same rows at the same place (file and line)."""
    vocab = d.get("vocabSize")
    pos = g.facts.get("maxPositionEmbeddings") or d.get("maxPositionEmbeddings")
    if vocab is None or pos is None or vocab.loc is None or pos.loc is None:
        return False
    return (
        same(vocab.value, pos.value)
        and vocab.loc.file == pos.loc.file
        and vocab.loc.line is not None
        and vocab.loc.line == pos.loc.line
    )


def _table_offset(dl: Derived | None, dr: Derived | None, ls: tuple, rs: tuple) -> tuple:
    """Both sides hold a position table (``Derived.yields``); one states its context under a
    key and its table holds ``offset`` more rows (fairseq's 2): the other side's table,
    read as its context, is its rows less the same offset (table against table)."""
    if dl is None or dr is None or not (dl.yields and dr.yields):
        return ls, rs
    for stated, table, d_s in ((ls, rs, dl), (rs, ls, dr)):
        if stated[2] is not None or table[2] is None or not isinstance(stated[0], int):
            continue
        offset = d_s.value - stated[0]
        if 0 < offset <= MAX_POSITION_OFFSET and table[0] > offset:
            moved = (table[0] - offset, table[1], table[2])
            return (moved, rs) if table is ls else (ls, moved)
    return ls, rs


MAX_POSITION_OFFSET = 2
"""Rows a learned position table holds beyond the context length in transformers' own
models: fairseq's two reserved rows (OPT, BioGPT, mBART, ...), MPNet's ``padding_idx + 1``."""


def _position_rows(g: Graph) -> int | None:
    """The rows of the one learned position table of ``g`` (an ``Embedding`` standing once
    whose name says positions), or None when there is none or several sizes."""
    rows = {
        n.params.get("num_embeddings")
        for n in g.nodes
        if n.type == "Embedding" and n.repeat == 1 and "position" in (n.name or n.id).lower()
    }
    rows.discard(None)
    if len(rows) != 1:
        return None
    r = rows.pop()
    return r if isinstance(r, int) and not isinstance(r, bool) else None


def _position_offset(left: Graph, right: Graph, ls: tuple, rs: tuple) -> tuple[tuple, tuple]:
    """The context length of a side read off its position table, in the terms of the other
    side's convention. transformers builds fairseq-style tables with ``max_position_embeddings
    + 2`` rows; a re-implementation's table of the same rows is the table of the same
    context length, and one of ``n`` rows is the table that config's ``n - 2`` builds. So
    where one side states the length under a config key and its own table holds ``offset``
    (1 or 2) more rows, a value the other side read off its table (the value is the table's
    rows, no config key states it) is that side's rows less the same offset: table against
    table, never which side is stale."""
    sides = {"left": (left, ls), "right": (right, rs)}
    for stated, reader in (("left", "right"), ("right", "left")):
        gs, (vs, locs, ds) = sides[stated]
        gr, (vr, locr, dr) = sides[reader]
        if ds is not None or locs is None or not locs.key:
            continue  # the stated side's value is a config key's
        if locr is not None and locr.key:
            continue  # the reading side states its length under a key too
        rows_s, rows_r = _position_rows(gs), _position_rows(gr)
        if rows_s is None or rows_r is None or not isinstance(vs, int) or vr != rows_r:
            continue
        offset = rows_s - vs
        if 0 < offset <= MAX_POSITION_OFFSET and rows_r > offset:
            moved = (rows_r - offset, locr, dr)
            return (moved, rs) if reader == "left" else (ls, moved)
    return ls, rs


def _against_uses(key: str, left: Graph, right: Graph, ls, rs, dh: dict) -> FactDiff | None:
    """One side has the fact, the other only holds values for it in its code (``Graph.uses``:
    ``self.num_heads = 8``, ``eps=1e-5`` in each norm): a finding when the fact's value is
    none of them, where the code builds a model (a stack of layers). A config read as facts
    only (no layers) is compared with code this way;
    where the fact's side holds values in code too, the two sets are compared instead."""
    side, (value, loc, d) = ("left", ls) if ls is not None else ("right", rs)
    other, g = ("right", right) if side == "left" else ("left", left)
    if any(u.key == key for u in (left if side == "left" else right).uses):
        return None  # both sides hold values in code: compared as sets (``uses``)
    if "numLayers" not in g.facts and "numLayers" not in dh:
        return None  # code that builds no layer stack (one MLP class) is a fragment: which
        # model its values belong to is not known
    held = [u for u in g.uses if u.key == key]
    if not held or any(same(u.value, value) for u in held):
        return None
    values = sorted({json_value(u.value) for u in held}, key=repr)
    shown = values[0] if len(values) == 1 else values
    where = next((u.loc for u in held if u.loc is not None), None)
    vias = sorted({u.via for u in held if u.via})
    vals = {side: json_value(value), other: shown}
    locs = {side: loc, other: where.model_copy(update={"side": other}) if where else None}
    f = FactDiff(
        key,
        {"left": vals["left"], "right": vals["right"]},
        {"left": locs["left"], "right": locs["right"]},
        d.attribute if d is not None else f"model.{key}",
        {side: d.attribute} if d is not None else {},
        held={other: vias} if vias else {},
    )
    return f


def _context(
    left: Graph, right: Graph, dl: dict[str, Derived], dr: dict[str, Derived]
) -> list[FactDiff]:
    """A server context longer than the model's trained context, stated on the two sides."""
    out = []
    for model, server, ms, ss, dm in (
        (left, right, "left", "right", dl),
        (right, left, "right", "left", dr),
    ):
        key = next((k for k in SERVER_CONTEXT if k in server.facts), None)
        if key is None or "maxPositionEmbeddings" in server.facts:
            continue
        trained = _side(model, dm, "maxPositionEmbeddings", ms)
        serving = _side(server, {}, key, ss)
        if trained is None or serving is None or any(key in model.facts for key in SERVER_CONTEXT):
            continue
        if not (isinstance(serving[0], int) and isinstance(trained[0], int)):
            continue
        if serving[0] <= trained[0]:
            continue
        values = {ms: trained[0], ss: serving[0]}
        out.append(
            FactDiff(
                key,
                {"left": values["left"], "right": values["right"]},
                {ms: trained[1], ss: serving[1]},
                f"model.{key}",
                kind="context-length",
                message=f"model.{key} is {serving[0]} in {{{ss}}}, longer than "
                f"model.maxPositionEmbeddings {trained[0]} in {{{ms}}}",
            )
        )
    return out


def as_mlp_ratio(left: Graph, right: Graph, facts: list[FactDiff]) -> list[FactDiff]:
    """A side that states its MLP as a ratio of the width (``mlp_ratio``, no MLP width) is
    told a changed MLP width in its own terms: one ``mlpRatio`` finding holding each side's
    width over its width, the MLP width difference under it. Only where both sides have one
    width and the stating side's MLP width is that ratio of it (the ratio is what built it)."""
    said = [(s, g) for s, g in zip(SIDES, (left, right)) if "mlpRatio" in g.facts]
    mlp = next((f for f in facts if f.key == "intermediateSize"), None)
    if len(said) != 1 or mlp is None or any(f.key == "hiddenSize" for f in facts):
        return facts
    side, g = said[0]
    widths = [x.facts.get("hiddenSize") for x in (left, right)]
    width = next((w.value for w in widths if w is not None), None)
    if not isinstance(width, int) or isinstance(width, bool) or width <= 0:
        return facts
    if any(w is not None and w.value != width for w in widths):
        return facts
    ratio = g.facts["mlpRatio"]
    inner = {s: mlp.values[s] for s in SIDES}
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in inner.values()):
        return facts
    if not same(inner[side], int(width * ratio.value)):
        return facts
    values = {s: inner[s] / width for s in SIDES}
    values = {s: int(v) if float(v).is_integer() else v for s, v in values.items()}
    values[side] = json_value(ratio.value)
    locs = dict(mlp.locs)
    if ratio.loc is not None:
        locs[side] = ratio.loc.model_copy(update={"side": side})
    absorbed = [
        Diff("param", mlp.attribute, mlp.values["left"], mlp.values["right"], dict(mlp.locs)),
        *mlp.absorbed,
    ]
    f = FactDiff(
        "mlpRatio",
        {"left": values["left"], "right": values["right"]},
        locs,
        "model.mlpRatio",
        absorbed=absorbed,
    )
    return [f if x is mlp else x for x in facts]


def as_position_buckets(left: Graph, right: Graph, rest: list[Diff]) -> list[FactDiff]:
    """A side stating DeBERTa-v2's ``position_buckets`` ``b`` builds its relative table with
    ``2b`` rows: a table whose rows differ, ``2b`` on that side, is that fact changed, told in
    the side's terms (each side's rows over two), the table under it. ``rest`` (the
    structural diffs) is edited in place; the new fact diffs are returned."""
    said = [(s, g) for s, g in zip(SIDES, (left, right)) if "positionBuckets" in g.facts]
    if len(said) != 1:
        return []
    side, g = said[0]
    stated = g.facts["positionBuckets"]
    hits = [
        d
        for d in rest
        if d.attribute == "embedding.numEmbeddings"
        and all(
            isinstance(v, int) and not isinstance(v, bool) and v % 2 == 0 for v in (d.left, d.right)
        )
        and (d.left if side == "left" else d.right) == 2 * stated.value
    ]
    if len(hits) != 1:
        return []
    d = hits[0]
    rest.remove(d)
    locs = dict(d.locs)
    if stated.loc is not None:
        locs[side] = stated.loc.model_copy(update={"side": side})
    return [
        FactDiff(
            "positionBuckets",
            {"left": d.left // 2, "right": d.right // 2},
            locs,
            "model.positionBuckets",
            absorbed=[d],
        )
    ]


def _odd_square_side(v: Any) -> int | None:
    """``w`` where ``v == (2w - 1) ** 2``, ``w >= 1``; else None."""
    if type(v) is not int or v < 1:
        return None
    r = math.isqrt(v)
    return (r + 1) // 2 if r * r == v and r % 2 == 1 else None


def as_window(left: Graph, right: Graph, facts: list[FactDiff]) -> list[FactDiff]:
    """A side stating a window size ``w`` (Swin's ``window_size``) builds each block's
    relative-position table with ``(2w - 1) ** 2`` rows, which the structure reads as
    positions (or tokens, where no other table is there): where those counts differ, that side's are ``(2w - 1) ** 2`` and the other
    side's another odd square ``(2v - 1) ** 2``, the change is the window, told in windows
    (``v`` against ``w``), the positions under it. A window clamped to a smaller image
    (HF's Swin uses the resolution when it is smaller) has other rows: nothing is read."""
    said = [(s, g) for s, g in zip(SIDES, (left, right)) if "windowSize" in g.facts]
    # the rows of a table read as positions, or as tokens where the model has no token
    # table (a vision model: its first table is a block's relative-position table)
    rows = [f for f in facts if f.key in ("maxPositionEmbeddings", "vocabSize")]
    if len(said) != 1 or len(rows) != 1:
        return facts
    pos = rows[0]
    side, g = said[0]
    stated = g.facts["windowSize"]
    other = "right" if side == "left" else "left"
    if _odd_square_side(pos.values.get(side)) != stated.value:
        return facts
    v = _odd_square_side(pos.values.get(other))
    if v is None or v == stated.value:
        return facts
    locs = dict(pos.locs)
    if stated.loc is not None:
        locs[side] = stated.loc.model_copy(update={"side": side})
    values = {side: stated.value, other: v}
    window = FactDiff(
        "windowSize",
        {"left": values["left"], "right": values["right"]},
        locs,
        "model.windowSize",
        absorbed=[
            Diff("param", pos.attribute, pos.values["left"], pos.values["right"], dict(pos.locs)),
            *pos.absorbed,
        ],
    )
    return [window if f is pos else f for f in facts]


def as_adapter_reduction(left: Graph, right: Graph, facts: list[FactDiff]) -> list[FactDiff]:
    """A config with bottleneck adapters ``width // adapter_reduction_factor`` wide (X-MOD),
    against code whose adapter is another width: the MLP width read off the structure is the
    adapter's there (its narrowest inner linear), and the change is the factor. One
    ``adapterReductionFactor`` finding holding each side's width over its adapter width, the
    width difference under it; only where both sides have one width, the stating side's
    width is that factor times its adapter's, and the other side's divides exactly."""
    said = [(s, g) for s, g in zip(SIDES, (left, right)) if "adapterReductionFactor" in g.facts]
    inner = next((f for f in facts if f.key == "intermediateSize"), None)
    if len(said) != 1 or inner is None or any(f.key == "hiddenSize" for f in facts):
        return facts
    side, g = said[0]
    widths = [x.facts.get("hiddenSize") for x in (left, right)]
    width = next((w.value for w in widths if w is not None), None)
    if not isinstance(width, int) or isinstance(width, bool) or width <= 0:
        return facts
    if any(w is not None and w.value != width for w in widths):
        return facts
    factor = g.facts["adapterReductionFactor"]
    got = {s: inner.values[s] for s in SIDES}
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in got.values()):
        return facts
    if any(width % v for v in got.values()) or not same(width // got[side], factor.value):
        return facts
    values = {s: width // got[s] for s in SIDES}
    values[side] = json_value(factor.value)
    locs = dict(inner.locs)
    if factor.loc is not None:
        locs[side] = factor.loc.model_copy(update={"side": side})
    absorbed = [
        Diff("param", inner.attribute, got["left"], got["right"], dict(inner.locs)),
        *inner.absorbed,
    ]
    f = FactDiff(
        "adapterReductionFactor",
        {"left": values["left"], "right": values["right"]},
        locs,
        "model.adapterReductionFactor",
        absorbed=absorbed,
    )
    return [f if x is inner else x for x in facts]


def _stated_other(g: Graph, key: str, x: tuple, side: str, y: tuple) -> tuple:
    """One side's (value, location, Derived), or its statement where its structure's reading
    is a guess among others (``Derived.others``: the last projection back to the width, in a
    layer that declares its MLP before the attention, is the attention's) and it states one
    of the others, and its reading is no MLP: the other side reads the stated value, or holds
    this side's reading as a layer other than its MLP (the attention both have). Else both
    readings stand (X-MOD's adapters: both sides read them, and the factor rule needs them)."""
    d, f, e = x[2], g.facts.get(key), y[2]
    if d is None or not d.others or f is None:
        return x
    v = normalise(key, f.value)
    if v is None or not any(same(v, o) for o in d.others):
        return x
    if not same(y[0], v) and not (e is not None and any(same(x[0], o) for o in e.others)):
        return x
    return v, f.loc.model_copy(update={"side": side}) if f.loc else None, None
