"""Align two canonical sequences: by type signature first, then by similarity, never by names.

The sequences are short once repeats are collapsed (a decoder is embeddings, one repeated
layer, a norm and a head), so a difflib pass on type signatures finds the common runs and a
small dynamic programme pairs what is left inside each replaced range (a block whose inner
types mostly agree, two norms of different kinds). Names are only a tie-breaker: inside a run
of same-typed leaves (q/k/v/o projections) a shared role or name reorders the pairing.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections import Counter

from driftcheck.graph import catalogue
from driftcheck.graph.match.canon import Item

Pair = tuple[Item | None, Item | None]

MIN_BLOCK_SIMILARITY = 0.5


def _inner_types(it: Item) -> list[int]:
    return [c.type_sig for c in it.children or [] if not c.soft]


def _role(it: Item) -> str | None:
    spec = catalogue.get(it.ltype)
    return spec.role if spec is not None else None


def score(a: Item, b: Item) -> float:
    """How well two items correspond; <= 0 means they must not be paired."""
    if a.type_sig == b.type_sig:
        return 3.0 + (1.0 if a.full_sig == b.full_sig else 0.0)
    if a.is_block and b.is_block:
        ta, tb = _inner_types(a), _inner_types(b)
        ratio = difflib.SequenceMatcher(None, ta, tb).ratio()
        # the same layers in another order (norms before or after the attention, a fused
        # qkv against q, k, v) are one block written another way: the order-free overlap
        ca, cb = Counter(ta), Counter(tb)
        bag = 2.0 * sum((ca & cb).values()) / (len(ta) + len(tb)) if ta or tb else 0.0
        ratio = max(ratio, bag)
        return 2.0 * ratio if ratio >= MIN_BLOCK_SIMILARITY else 0.0
    if not a.is_block and not b.is_block:
        ra, rb = _role(a), _role(b)
        if ra is not None and ra == rb:
            return 1.0
    return 0.0


def _dp(a: list[Item], b: list[Item]) -> list[Pair]:
    """Needleman-Wunsch with zero gap cost on a replaced range (both sides short)."""
    n, m = len(a), len(b)
    if n * m > 40_000:  # a pathological flat range: pair nothing rather than spend seconds
        return [(x, None) for x in a] + [(None, y) for y in b]
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            s = score(a[i], b[j])
            take = best[i + 1][j + 1] + s if s > 0 else float("-inf")
            best[i][j] = max(take, best[i + 1][j], best[i][j + 1])
    out: list[Pair] = []
    i = j = 0
    while i < n and j < m:
        s = score(a[i], b[j])
        if s > 0 and best[i][j] == best[i + 1][j + 1] + s:
            out.append((a[i], b[j]))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            out.append((a[i], None))
            i += 1
        else:
            out.append((None, b[j]))
            j += 1
    out += [(x, None) for x in a[i:]] + [(None, y) for y in b[j:]]
    return out


def align(a: list[Item], b: list[Item]) -> list[Pair]:
    """Pairs; an item without a partner is paired with None.

    Layers identical on both sides (type and values) pair first, in order among copies of
    one signature but wherever each side declares them: the sequence is the order of
    declaration, which differs freely (transformers declares a layer's norms after its MLP).
    What is left pairs in sequence order by type. By type alone, a run of equally typed
    layers pairs by position: two narrower k/v projections would let q, k, v, o pair with
    o, gate, up, down."""
    free: dict[int, list[int]] = {}
    for j, y in enumerate(b):
        free.setdefault(y.full_sig, []).append(j)
    # copies of one signature pair with a partner of their own count first: a run of four
    # expert MLPs (an ``nn.ModuleList`` of experts) beside the dense MLPs of the same class,
    # paired by order, would take a dense layer's partner and leave that layer unpaired
    counts: dict[int, set[int]] = {}
    for it in (*a, *b):
        counts.setdefault(it.full_sig, set()).add(it.count)
    mate: dict[int, int] = {}
    for i, x in enumerate(a):
        js = free.get(x.full_sig)
        if not js or len(counts[x.full_sig]) < 2:
            continue  # one count throughout: pairing by order is the same
        j = next((j for j in js if b[j].count == x.count), None)
        if j is not None:
            js.remove(j)
            mate[i] = j
    exact: list[Pair] = []
    used: set[int] = set()
    rest_a: list[Item] = []
    for i, x in enumerate(a):
        js = free.get(x.full_sig)
        if i in mate:
            j = mate[i]
        elif js:
            j = js.pop(0)
        else:
            rest_a.append(x)
            continue
        used.add(j)
        exact.append((x, b[j]))
    rest_b = [y for j, y in enumerate(b) if j not in used]
    exact = _split_runs(exact, rest_a, rest_b)
    # a run of copies against a shorter one (two norms merged into one run of 2 on one
    # side, declared apart on the other): the surplus copies are the other side's unpaired
    # copies of that signature, never partners for another layer of that type
    surplus: dict[str, dict[int, int]] = {"a": {}, "b": {}}
    for x, y in exact:
        if x.is_block and y.is_block and x.count != y.count:
            side = "a" if x.count > y.count else "b"
            surplus[side][x.full_sig] = surplus[side].get(x.full_sig, 0) + abs(x.count - y.count)
    spare: list[Pair] = []
    for items, side, mk in ((rest_a, "b", lambda x: (x, None)), (rest_b, "a", lambda y: (None, y))):
        keep = []
        for it in items:
            left = surplus[side].get(it.full_sig, 0)
            if it.is_block and left >= it.count:
                surplus[side][it.full_sig] = left - it.count
                spare.append(mk(it))
            else:
                keep.append(it)
        items[:] = keep
    return exact + spare + _regroup_leaves(_by_type(rest_a, rest_b))


MAX_REGROUP = 5  # leaves of one type per side the regrouping below permutes (5! orders)


def _regroup_leaves(pairs: list[Pair]) -> list[Pair]:
    """Leaves of one type that no identical partner took, as many on each side, are paired
    the way that makes the most of their values agree (fewest pairs crossing the declaration
    order among equally good ways): each side has as many tables as the other, so each table
    has a partner. By sequence order alone, difflib anchors an encoder's position table
    declared with the model's parameters (``nn.Parameter(torch.zeros(ctx, d))``, first in
    torch's order) on the decoder's token table: one changed context length read as two
    changed tables, or as a table missing and another added. Only a strictly better
    agreement than the pairing found changes it (``_by_values`` within a run, here across
    the whole rest), on the values all of them state."""
    from itertools import permutations

    groups: dict[int, tuple[list[int], list[Item], list[Item]]] = {}
    for k, (x, y) in enumerate(pairs):
        for it, side in ((x, 1), (y, 2)):
            if it is not None and not it.is_block:
                g = groups.setdefault(it.type_sig, ([], [], []))
                if not g[0] or g[0][-1] != k:
                    g[0].append(k)
                g[side].append(it)
    out = list(pairs)
    for rows, a, b in groups.values():
        if len(a) != len(b) or not 1 < len(a) <= MAX_REGROUP:
            continue
        sig = a[0].type_sig
        if any(
            it is not None and (it.is_block or it.type_sig != sig)
            for row in (pairs[k] for k in rows)
            for it in row
        ):
            continue  # a row pairing one of these leaves with another type: left as it is
        # the values every one of them states (a table subclass may state fewer keys: two
        # defaults one class states and another omits are no evidence of a partner)
        keys = set.intersection(*(set(it.params) for it in (*a, *b)))
        agree = _agreeing(keys)
        now = sum(agree(x, y) for x, y in (pairs[k] for k in rows) if x is not None and y)
        best: tuple[int, int, tuple[int, ...]] | None = None
        for order in permutations(range(len(b))):
            here = sum(agree(x, b[j]) for x, j in zip(a, order))
            cross = sum(1 for i in range(len(a)) for k in range(i) if order[k] > order[i])
            if best is None or (here, -cross) > (best[0], -best[1]):
                best = (here, cross, order)
        if best is None or best[0] <= now:
            continue
        # the new pairs take the group's first rows, in the left side's order; the rows
        # left over held a leaf without a partner and go
        for k, (x, j) in zip(rows, zip(a, best[2])):
            out[k] = (x, b[j])
        for k in rows[len(a) :]:
            out[k] = None  # type: ignore[call-overload]
    return [p for p in out if p is not None]


def _agreeing(keys: set[str]):
    """How many of ``keys`` two items give the same value."""
    return lambda x, y: sum(1 for k in keys if x.params[k] == y.params[k])


def _flat(it: Item) -> bool:
    return it.is_block and all(not c.is_block for c in it.children or [])


def _split_runs(exact: list[Pair], rest_a: list[Item], rest_b: list[Item]) -> list[Pair]:
    """A run of small blocks of one class (q_norm and k_norm merged into a run of 2 because
    their sizes agree on one side) against fewer copies, where the other side has unpaired
    blocks of that class with other sizes (a narrower k_norm): the run's surplus copies are
    those blocks, written the same way and sized differently, not a count. The run is split
    so each copy pairs with one block (``rest_a`` / ``rest_b`` lose the blocks paired). Only
    blocks of leaves: a layer stack of another length is a count."""
    out: list[Pair] = []
    for x, y in exact:
        if not (_flat(x) and _flat(y)) or x.count == y.count:
            out.append((x, y))
            continue
        big, small, others = (x, y, rest_b) if x.count > y.count else (y, x, rest_a)
        surplus = big.count - small.count
        claim = [z for z in others if _flat(z) and z.type_sig == big.type_sig]
        took: list[Item] = []
        for z in claim:
            if sum(t.count for t in took) + z.count <= surplus:
                took.append(z)
        if not took or sum(t.count for t in took) != surplus:
            out.append((x, y))
            continue
        head = dataclasses.replace(big, count=small.count)
        out.append((head, small) if big is x else (small, head))
        for z in took:
            others.remove(z)
            part = dataclasses.replace(big, count=z.count)
            out.append((part, z) if big is x else (z, part))
    return out


def _by_type(a: list[Item], b: list[Item]) -> list[Pair]:
    sm = difflib.SequenceMatcher(None, [x.type_sig for x in a], [y.type_sig for y in b], False)
    out: list[Pair] = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            out += _by_hint(a[i1:i2], b[j1:j2])
        elif op == "delete":
            out += [(x, None) for x in a[i1:i2]]
        elif op == "insert":
            out += [(None, y) for y in b[j1:j2]]
        else:
            out += _dp(a[i1:i2], b[j1:j2])
    return _realign_blocks(a, b, out)


def _realign_blocks(a: list[Item], b: list[Item], pairs: list[Pair]) -> list[Pair]:
    """difflib anchors on single equal types and never pairs across an anchor: an encoder
    stack between two embeddings on one side and after a third on the other (a shared
    token table the other side also holds per stack) is left unpaired on both sides.
    Blocks such a pass leaves unpaired on each side pair here, the most similar first, in
    the left one's place; every other pair stays as it was."""
    la = [x for x, y in pairs if y is None and x is not None and x.is_block]
    lb = [y for x, y in pairs if x is None and y is not None and y.is_block]
    if not la or not lb:
        return pairs
    cands = sorted(
        ((score(x, y), i, j) for i, x in enumerate(la) for j, y in enumerate(lb)),
        key=lambda t: (-t[0], t[1], t[2]),
    )
    mate: dict[int, Item] = {}
    taken: set[int] = set()
    for s, i, j in cands:
        if s <= 0:
            break
        if id(la[i]) in mate or j in taken:
            continue
        mate[id(la[i])] = lb[j]
        taken.add(j)
    if not mate:
        return pairs
    gone = {id(y) for y in mate.values()}
    out: list[Pair] = []
    for x, y in pairs:
        if x is None and y is not None and id(y) in gone:
            continue
        out.append((x, mate[id(x)]) if y is None and x is not None and id(x) in mate else (x, y))
    return out


# ---------------------------------------------------------------- names as a hint only
_ROLE_PATTERNS = [
    ("q", r"(^|_)(q|query|wq|q_proj|to_q)$"),
    ("k", r"(^|_)(k|key|wk|k_proj|to_k)$"),
    ("v", r"(^|_)(v|value|wv|v_proj|to_v)$"),
    ("o", r"(^|_)(o|out|wo|o_proj|out_proj|c_proj|dense|to_out)$"),
    ("gate", r"(^|_)(gate|gate_proj|w1|wi_0)$"),
    ("up", r"(^|_)(up|up_proj|w3|wi_1|fc1|c_fc|fc_in)$"),
    ("down", r"(^|_)(down|down_proj|w2|wo_ff|fc2|fc_out)$"),
]


def name_role(node_name: str | None) -> str | None:
    """q/k/v/o, gate/up/down from a module name's last part; None when it says nothing."""
    if not node_name:
        return None
    last = re.split(r"[.#]", node_name)
    tail = next((p for p in reversed(last) if p and not p.isdigit()), "")
    for role, pat in _ROLE_PATTERNS:
        if re.search(pat, tail.lower()):
            return role
    return None


def _hint(it: Item) -> str | None:
    return name_role(it.node.name) or (it.node.name or "").rsplit(".", 1)[-1] or None


def _same_layers_reordered(a: list[Item], b: list[Item]) -> bool:
    """The same layers (types and values) in another order: a shortcut written before the
    residual branch on one side and after it on the other."""
    fa, fb = [x.full_sig for x in a], [y.full_sig for y in b]
    return fa != fb and sorted(fa) == sorted(fb)


def _by_full_sig(a: list[Item], b: list[Item]) -> list[Pair]:
    """Pair each item with the first unused item of the same full signature, in a's order."""
    free = list(b)
    out: list[Pair] = []
    for x in a:
        y = next(y for y in free if y.full_sig == x.full_sig)
        free.remove(y)
        out.append((x, y))
    return out


def _by_hint(a: list[Item], b: list[Item]) -> list[Pair]:
    """Equal type runs pair by order, unless both sides name the same roles in another order."""
    out: list[Pair] = []
    i = 0
    while i < len(a):
        j = i
        while j < len(a) and a[j].type_sig == a[i].type_sig:
            j += 1
        ra, rb = a[i:j], b[i:j]
        ha, hb = [_hint(x) for x in ra], [_hint(y) for y in rb]
        if len(ra) > 1 and _same_layers_reordered(ra, rb):
            out += _by_full_sig(ra, rb)
        elif (
            len(ra) > 1
            and None not in ha
            and None not in hb
            and sorted(ha) == sorted(hb)
            and len(set(ha)) == len(ha)
        ):
            by = {h: y for h, y in zip(hb, rb)}
            out += [(x, by[h]) for x, h in zip(ra, ha)]
        else:
            out += _by_values(ra, rb)
        i = j
    return out


def _agree(x: Item, y: Item) -> int:
    return sum(1 for k, v in x.params.items() if k in y.params and y.params[k] == v)


def _by_values(a: list[Item], b: list[Item]) -> list[Pair]:
    """A short run of equally typed leaves pairs by order, unless another order makes
    strictly more of their values agree: a token table and a position table declared in
    the other order (``Embedding(800, 64)``, ``Embedding(64, 64)`` against the two the other
    way round), where pairing by order would report two changed tables for one."""
    from itertools import permutations

    pairs = list(zip(a, b))
    if not 1 < len(a) <= 4 or len(a) != len(b) or any(x.is_block for x in a + b):
        return pairs
    best, score = None, sum(_agree(x, y) for x, y in pairs)
    for order in permutations(range(len(b))):
        here = sum(_agree(x, b[k]) for x, k in zip(a, order))
        if here > score:
            best, score = order, here
    return pairs if best is None else [(x, b[k]) for x, k in zip(a, best)]
