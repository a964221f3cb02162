"""Multi-head latent attention (DeepSeek-V2/V3, MiniCPM3, Youtu) read off the structure.

Latent attention compresses the keys and values into one latent of ``kv_lora_rank`` per
token: ``kv_a`` maps the width to the rank plus the decoupled RoPE part, the first ``rank``
outputs are normalised and ``kv_b`` expands them to every head's key (``nope``) and value
(``v``) parts; queries may go through a latent of ``q_lora_rank`` the same way. None of
these three sizes is a head count or an MLP width, so without facts of their own a changed
rank is three or four shape findings (``kv_a`` out, the norm, ``kv_b`` in) none of which
names it. Read here, per group of sibling layers (a block's children, the top level):

- ``kvLoraRank``: a norm of width ``r`` between a projection from the model width to
  ``r + k`` (``0 < k < r``: the RoPE part is narrower than the latent) and one from ``r``;
  the norm sits between them in declaration order, or its width is no other norm's;
- ``qLoraRank``: beside it, a norm of width ``q`` between a projection from the model width
  to exactly ``q`` and one from ``q``;
- ``vHeadDim``: with ``k`` known, the query projection ``H x (nope + k)``, ``kv_b``'s
  ``H x (nope + v)`` and the output projection's ``H x v`` inputs fix ``H``, ``nope`` and
  ``v`` (``H = (q - kv + o) / k``): the one solution over the candidate projections, or
  nothing.

Every value is one solution or nothing; the matcher compares them only where a side states
``kv_lora_rank`` (``compare``), so code that merely looks like this is never read as it.
"""

from __future__ import annotations

from driftcheck.graph import catalogue
from driftcheck.graph.match.canon import Item, leaf_weights, walk
from driftcheck.graph.match.derive import Derived

LATENT_FACTS = ("kvLoraRank", "qLoraRank", "vHeadDim")


def _linear(it: Item) -> tuple[int, int] | None:
    if it.is_block or it.ltype != "Linear":
        return None
    i, o = it.params.get("in_features"), it.params.get("out_features")
    if type(i) is int and type(o) is int and i > 0 and o > 0:
        return i, o
    return None


def _vector_width(it: Item) -> int | None:
    """The one width of a layer whose weights are all vectors of it (a norm)."""
    w = leaf_weights(it.ltype, it.params)
    if not w:
        return None
    sizes = {s[0] if len(s) == 1 else None for s in w.values()}
    if len(sizes) != 1:
        return None
    v = sizes.pop()
    return v if type(v) is int and v > 0 else None


def _norm_width(it: Item) -> int | None:
    """A norm's width: a norm layer of the catalogue, or a hand-written norm (a block whose
    only weights are one vector, ``DeepseekV3RMSNorm``'s ``weight``)."""
    if not it.is_block:
        spec = catalogue.get(it.ltype)
        if spec is None or spec.role != "norm":
            return None
        return _vector_width(it)
    leaves = [c for c in walk(it.children or []) if not c.is_block and not c.soft]
    if not leaves or any(c.ltype != "Parameter" for c in leaves):
        return None
    widths = {_vector_width(c) for c in leaves}
    if len(widths) != 1:
        return None
    return widths.pop()


def _groups(items: list[Item]):
    yield items
    for it in items:
        if it.is_block:
            yield from _groups(it.children or [])


def _kv(group: list[Item], hidden: int) -> tuple[int, int, Item, Item, Item] | None:
    """(rank, rope, kv_a, norm, kv_b) of the one key/value latent of a group, or None."""
    hard = [it for it in group if not it.soft]
    widths = [(_norm_width(it), i) for i, it in enumerate(hard)]
    norms = [(w, i) for w, i in widths if w is not None]
    count: dict[int, int] = {}
    for w, _ in norms:
        count[w] = count.get(w, 0) + 1
    found = {}
    for w, i in norms:
        before = _linear(hard[i - 1]) if i > 0 else None
        after = _linear(hard[i + 1]) if i + 1 < len(hard) else None
        if before and after and before[0] == hidden and 0 < before[1] - w < w and after[0] == w:
            found[(w, before[1] - w)] = (hard[i - 1], hard[i], hard[i + 1])
            continue
        if count[w] != 1 or w == hidden:
            continue  # a norm of the model width, or among others: only its place tells
        producers = [it for it in hard if (lin := _linear(it)) and lin[0] == hidden]
        producers = [it for it in producers if 0 < _linear(it)[1] - w < w]
        consumers = [it for it in hard if (lin := _linear(it)) and lin[0] == w]
        if len(producers) == 1 and len(consumers) == 1 and producers[0] is not consumers[0]:
            k = _linear(producers[0])[1] - w
            found[(w, k)] = (producers[0], hard[i], consumers[0])
    if len(found) != 1:
        return None
    (w, k), (a, n, b) = next(iter(found.items()))
    return w, k, a, n, b


def _q(group: list[Item], hidden: int, kv_norm: Item) -> tuple[int, Item, Item] | None:
    """(q rank, norm, q_b) of the query latent beside a key/value latent, or None. The query
    rank may equal the key/value rank (AXK1 and GLM-4-MoE-Lite configs with both 32): the
    key/value latent's own norm is left out by identity, not by width, and its ``kv_a``
    (model width -> rank + rope) is no ``(model width, q rank)`` projection anyway."""
    hard = [it for it in group if not it.soft]
    found = {}
    for i, it in enumerate(hard):
        w = _norm_width(it)
        if w is None or w == hidden or it is kv_norm:
            continue
        before = _linear(hard[i - 1]) if i > 0 else None
        after = _linear(hard[i + 1]) if i + 1 < len(hard) else None
        if before == (hidden, w) and after is not None and after[0] == w:
            found[w] = (it, hard[i + 1])
    if len(found) != 1:
        return None
    w, (n, b) = next(iter(found.items()))
    return w, n, b


def _v_head_dim(
    group: list[Item], hidden: int, k: int, kv_a: Item, kv_b: Item, q_b: Item | None, mlp: set
) -> int | None:
    """The value head width: the one ``v`` that some query projection, ``kv_b`` and some
    output projection agree on (``q = H(nope + k)``, ``kv = H(nope + v)``, ``o = H v``).
    Where several do, the MLP's projections (the width read as its inner width) are left
    out of the candidates and the rest must agree."""
    for skip in (set(), mlp):
        sols = _solutions(group, hidden, k, kv_a, kv_b, q_b, skip)
        if len(sols) == 1:
            return sols.pop()
    return None


def _solutions(group, hidden, k, kv_a, kv_b, q_b, skip: set) -> set[int]:
    lins = [it for it in group if _linear(it) is not None and it is not kv_a and it is not kv_b]
    if q_b is not None:
        queries = [q_b]
    else:  # no query latent: the query projection reads the model width
        queries = [it for it in lins if _linear(it)[0] == hidden and _linear(it)[1] not in skip]
    outs = [it for it in lins if _linear(it)[1] == hidden and _linear(it)[0] not in skip]
    kv = _linear(kv_b)[1]
    sols = set()
    for q in queries:
        qo = _linear(q)[1]
        for o in outs:
            if o is q:
                continue
            oi = _linear(o)[0]
            h, r = divmod(qo - kv + oi, k)
            if r or h <= 0 or qo % h or oi % h:
                continue
            nope, v = qo // h - k, oi // h
            if nope >= 0 and v > 0 and kv == h * (nope + v):
                sols.add(v)
    return sols


def _loc(it: Item, param: str):
    return it.node.param_locs.get(param) or it.node.loc


def latent(items: list[Item], out: dict[str, Derived]) -> None:
    """``kvLoraRank``, ``qLoraRank`` and ``vHeadDim`` of latent attention, each one value
    over every group that has the key/value latent, or left out."""
    hidden = out.get("hiddenSize")
    if hidden is None or type(hidden.value) is not int:
        return
    d = hidden.value
    mlp = {out["intermediateSize"].value} if "intermediateSize" in out else set()
    seen: dict[str, dict] = {f: {} for f in LATENT_FACTS}
    for group in _groups(items):
        kv = _kv(group, d)
        if kv is None:
            continue
        w, k, kv_a, norm, kv_b = kv
        seen["kvLoraRank"].setdefault(w, norm)
        q = _q(group, d, norm)
        if q is not None:
            seen["qLoraRank"].setdefault(q[0], q[1])
        v = _v_head_dim(group, d, k, kv_a, kv_b, q[2] if q else None, mlp)
        if v is not None:
            seen["vHeadDim"].setdefault(v, kv_b)
    for fact, values in seen.items():
        if len(values) != 1:
            continue
        value, it = next(iter(values.items()))
        param = "out_features" if fact == "vHeadDim" else None
        loc = _loc(it, param) if param else it.node.loc
        out[fact] = Derived(value, f"model.{fact}", loc, it.node.id)
