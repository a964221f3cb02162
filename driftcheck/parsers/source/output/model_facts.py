"""Model-level facts (numLayers, hiddenSize, numHeads, ...) the code makes evident.

Precision over recall: a fact is recorded only when the module tree states it unambiguously
(one main stack of repeated blocks; the largest embedding; one consistent value of an
attribute such as ``num_heads`` across the blocks). Each fact carries the file:line of the
code that read it and, when it came from a config, the config key (``Location.key``) -- the
drift matcher compares these against a config without guessing which side is right.
"""

from __future__ import annotations

import re
from typing import Any

from driftcheck.findings import Location
from driftcheck.graph.model import Fact, Graph, input_share
from driftcheck.parsers.source.speed.symbolic import note_group, plain_hole
from driftcheck.parsers.source.values.abstract import Leaf, Obj, Sourced, Unknown, graph_value

ATTR_FACTS = {
    "numHeads": ("num_heads", "num_attention_heads", "n_head", "n_heads"),
    "numKvHeads": ("num_key_value_heads", "num_kv_heads", "n_kv_heads"),
    "headDim": ("head_dim", "attention_head_size", "d_kv", "head_size"),
    "intermediateSize": ("intermediate_size", "ffn_dim", "d_ff", "ffn_hidden_size"),
    "numExperts": ("num_experts", "n_routed_experts", "num_local_experts"),
    "slidingWindow": ("sliding_window",),
    "ropeTheta": ("rope_theta",),
}
STACK_HINTS = ("layer", "block", "h", "layers", "blocks")


def record_facts(graph: Graph, builder: Any, interp: Any) -> None:
    root = builder.objs.get("root")
    if not isinstance(root, Obj):
        return
    stacks = _stacks(root, "")
    main = _layer_key_stack(stacks, interp) or _main_stack(stacks)
    if main is not None:
        path, ml = main
        n = len(ml.children) // _period(ml, interp)
        graph.facts["numLayers"] = Fact(value=n, loc=_stack_loc(ml, n, interp))
    # the outermost stacks only: a layer's own list (a sparse layer's experts in a
    # ``ModuleList``, at ``encoder.1.ff.experts``) is no second encoder stack
    enc, dec = _enc_dec(stacks)
    if not (len(enc) == 1 and len(dec) == 1):
        # a stack of one layer is a stack too where its path names it the encoder's or the
        # decoder's (``num_decoder_layers=1`` against an encoder of 2: ``nn.ModuleList(Layer()
        # for _ in range(1))`` holds one layer; without it neither count is read, and a
        # planted depth shows as missing and extra layers). A one-entry list holding other
        # lists (``nn.ModuleList([Stack()])`` around the real stack, or one layer whose
        # experts are a list) is left out: its one entry may be no layer
        ones = _stacks(root, "", least=1)
        ones = [
            s
            for s in ones
            if len(s[1].children) > 1 or not any(o[0].startswith(f"{s[0]}.") for o in ones)
        ]
        enc, dec = _enc_dec(ones)
    if len(enc) == 1 and len(dec) == 1:
        for key, (_, ml) in (("numEncoderLayers", enc[0]), ("numDecoderLayers", dec[0])):
            n = len(ml.children)
            graph.facts[key] = Fact(value=n, loc=_stack_loc(ml, n, interp))
        n = len(dec[0][1].children)
        graph.facts["numLayers"] = Fact(value=n, loc=_stack_loc(dec[0][1], n, interp))
    _embedding_facts(graph)
    if main is not None:
        _attr_facts(graph, main[1])
    _eps_fact(graph)


def _enc_dec(stacks: list[tuple[str, Obj]]) -> tuple[list, list]:
    """The outermost stacks whose paths name the encoder / the decoder."""
    outer = [s for s in stacks if not any(s[0].startswith(f"{o[0]}.") for o in stacks)]
    enc = [s for s in outer if _stack_part(s[0]) == "encoder"]
    dec = [s for s in outer if _stack_part(s[0]) == "decoder"]
    return enc, dec


ENCODER_WORDS = frozenset({"enc", "encoder", "encoders"})
DECODER_WORDS = frozenset({"dec", "decoder", "decoders"})


def _stack_part(path: str) -> str | None:
    """ "encoder" / "decoder" where a stack's path names it so, in a word of its own
    (``encoder.layer``, ``enc_blocks``, ``self.dec``): the short forms are as common in
    hand-written encoder-decoders as the long ones, and a config's ``num_layers`` /
    ``num_decoder_layers`` count those two stacks, never the longer one alone. A word
    that merely contains the letters (``decay``, ``encoding``) says nothing."""
    words = {w for w in re.split(r"[._]", path.lower()) if w}
    is_enc = bool(words & ENCODER_WORDS) or "encoder" in path.lower()
    is_dec = bool(words & DECODER_WORDS) or "decoder" in path.lower()
    if is_enc == is_dec:
        return None
    return "encoder" if is_enc else "decoder"


def _stacks(m: Obj, path: str, seen: set | None = None, least: int = 2) -> list[tuple[str, Obj]]:
    """ModuleLists / Sequentials of ``least`` or more user blocks, with their dotted paths;
    with ``least=1`` also a ModuleDict keyed as a numbered list (``_numbered``)."""
    seen = set() if seen is None else seen
    out: list[tuple[str, Obj]] = []
    if id(m) in seen:
        return out
    seen.add(id(m))
    kinds = ("ModuleList", "Sequential") if least > 1 or not _numbered(m) else (m.kind,)
    if m.kind in kinds and len(m.children) >= least:
        kids = list(m.children.values())
        if all(isinstance(c, Obj) and c.cls is not None and c.module for c in kids):
            out.append((path, m))
    for name, c in m.children.items():
        if isinstance(c, Obj):
            out.extend(_stacks(c, f"{path}.{name}" if path else name, seen, least))
    return out


NUMBERED = re.compile(r"(.*?)(\d+)")


def _numbered(m: Obj) -> bool:
    """A ModuleDict whose keys are one prefix and ``0..n-1`` in order (``layers_0``,
    ``layers_1``: a Flax port's layer names): a list of layers, written as a dict."""
    if m.kind != "ModuleDict" or not m.children:
        return False
    prefixes = set()
    for i, key in enumerate(m.children):
        hit = NUMBERED.fullmatch(str(key))
        if hit is None or int(hit.group(2)) != i or hit.group(2) != str(i):
            return False
        prefixes.add(hit.group(1))
    return len(prefixes) == 1


def _main_stack(stacks: list[tuple[str, Obj]]) -> tuple[str, Obj] | None:
    if not stacks:
        return None
    best = max(len(s[1].children) for s in stacks)
    top = [s for s in stacks if len(s[1].children) == best]
    if len(top) == 1:
        if _named(top[0]):
            return top[0]
        # the longest stack has no layer name (5 positional conv blocks) and one other stack
        # has (``self.layers``): the named one is what the code calls its layers
        named = [s for s in stacks if _named(s)]
        return named[0] if len(named) == 1 else top[0]
    named = [s for s in top if _named(s)]
    return named[0] if len(named) == 1 else None


def _named(stack: tuple[str, Obj]) -> bool:
    return stack[0].rsplit(".", 1)[-1] in STACK_HINTS


def _layer_key_stack(stacks: list[tuple[str, Obj]], interp: Any) -> tuple[str, Obj] | None:
    """The one stack whose length a ``range`` over a layer-count key built (transformers'
    UniSpeech: 2 encoder layers from ``num_hidden_layers`` beside 3 conv layers from
    ``num_feat_extract_layers``): that key is what a config's layer count means, so the longest
    stack is not the model's layers there. None when no stack, or several, match such a key
    (the longest stack decides, as before)."""
    from driftcheck.graph.facts import NAME_FACTS

    counts = {v for v, k, _, _ in interp.ranges if k and NAME_FACTS.get(_leaf(k)) == "numLayers"}
    if not counts or len(stacks) < 2:
        return None
    hit = [s for s in stacks if len(s[1].children) in counts]
    if len(hit) != 1 or len({len(s[1].children) for s in stacks}) == 1:
        return None
    return hit[0]


def _period(ml: Obj, interp: Any = None) -> int:
    """How many items of a stack make one layer: 1, or ``p`` when the items' classes repeat
    with period ``p`` over at least two periods and the ``p`` classes of one period are all
    different (BertGeneration written as ``[attention, feed-forward] * layers``: each item is
    a half of a layer, and a config's layer count counts the pairs). A hybrid stack repeats a
    class inside its period (Jamba's 7 mamba layers per attention layer, each a layer of its
    own) and keeps 1."""
    names = [_kind(c) if isinstance(c, Obj) and c.cls else None for c in ml.children.values()]
    n = len(names)
    if interp is not None and n in _layer_key_counts(interp):
        # a loop over the config's layer count built one item per layer (transformers' Jamba:
        # a Mamba layer, then an attention layer, ``attn_layer_period = 2``): each item is a
        # whole layer of a hybrid stack, however the classes alternate
        return 1
    kids = list(ml.children.values())
    for p in range(2, n // 2 + 1):
        if n % p or None in names[:p] or len(set(names[:p])) != p:
            continue
        if all(names[i] == names[i % p] for i in range(n)):
            return 1 if _shared_part(kids[:p]) else p
    return 1


SIG_DEPTH = 4
"""How deep ``_shape_sig`` looks into an item's modules (bounded work per stack item)."""

CONTAINERS = frozenset({"ModuleList", "Sequential", "ModuleDict"})


def _kind(m: Obj) -> Any:
    """What kind of stack item ``m`` is: its class, or, for a wrapper (an item holding one
    module, its body: ``Residual(body)``, ``PreNorm(fn)``), its class with the classes its
    body is made of (``_shape_sig``). One wrapper class around an attention body and an MLP
    body in turn (GIT's vision encoder as ``[Residual(attention), Residual(mlp)] * layers``)
    is two kinds of item, as two classes would be; a layer class holding its parts (Jamba's
    one class with a Mamba or an attention mixer) stays one kind."""
    kids = list(m.children.values())  # torch layers (``Leaf``) too: a norm beside a body
    if len(kids) != 1 or not isinstance(kids[0], Obj):
        return m.cls.qual
    return (m.cls.qual, _shape_sig(kids[0]))


def _shape_sig(m: Any, depth: int = 0) -> Any:
    """A module's class with the classes of the modules it holds, nested (sizes and flags
    left out: a windowed and a global attention of one class are one kind)."""
    if not isinstance(m, Obj):
        return None
    own = m.cls.qual if m.cls is not None else (m.qual or m.kind)
    if depth >= SIG_DEPTH:
        return own
    kids = tuple(_shape_sig(c, depth + 1) for c in m.children.values() if isinstance(c, Obj))
    return (own, kids) if kids else own


def _shared_part(items: list[Any]) -> bool:
    """The items of one period each hold a module of one class that holds modules of its own
    (Mllama's self- and cross-attention layers both hold its attention class and its MLP
    class): each item is a whole layer of a stack of two kinds, not half of one. Halves
    (BertGeneration's attention and feed-forward) share at most a norm or a torch layer."""

    def parts(it: Any, depth: int = 0) -> set[str]:
        # through torch's containers (a ``Sequential`` body): the modules they hold are the
        # item's parts, the container class says nothing of what the item is
        if not isinstance(it, Obj) or depth > SIG_DEPTH:
            return set()
        out = set()
        for c in it.children.values():
            if not isinstance(c, Obj) or not c.children:
                continue
            if c.kind in CONTAINERS:
                out |= parts(c, depth + 1)
            elif c.cls is not None:
                out.add(c.cls.qual)
        return out

    common = parts(items[0])
    for it in items[1:]:
        common &= parts(it)
    return bool(common)


def _layer_key_counts(interp: Any) -> set[int]:
    """The values of the ``range``s over a key that names the layer count."""
    from driftcheck.graph.facts import NAME_FACTS

    return {
        v
        for v, k, _, _ in getattr(interp, "ranges", ())
        if k and NAME_FACTS.get(_leaf(k)) == "numLayers"
    }


def _leaf(key: str) -> str:
    """``text_config.num_hidden_layers`` -> ``num_hidden_layers``."""
    return key.rsplit(".", 1)[-1]


def _stack_loc(ml: Obj, n: int, interp: Any) -> Location | None:
    """The ModuleList's line, and the config key its ``range(...)`` read, when unique."""
    file, line = (ml.loc or (None, None))[:2]
    keys = {(k, f, ln) for v, k, f, ln in interp.ranges if v == n and k}
    if len(keys) == 1:
        key, kf, kl = keys.pop()
        return Location(file=kf or file, line=kl or line, key=key)
    layered = {k for k in keys if "layer" in (k[0] or "")}
    if len(layered) == 1:
        key, kf, kl = layered.pop()
        return Location(file=kf or file, line=kl or line, key=key)
    return Location(file=file, line=line) if file else None


def _embedding_facts(graph: Graph) -> None:
    embs = [n for n in graph.nodes if n.type == "Embedding" and not n.unresolved]
    words = [n for n in embs if not any(w in (n.name or "") for w in ("position", "type", "pos_"))]
    if words:
        big = max(words, key=lambda n: n.params.get("num_embeddings") or 0)
        same = [
            n for n in words if n.params.get("num_embeddings") == big.params.get("num_embeddings")
        ]
        note_group(n.params.get("embedding_dim") for n in same)
        if len({n.params.get("embedding_dim") for n in same}) == 1:
            graph.facts["vocabSize"] = Fact(
                value=big.params["num_embeddings"], loc=_ploc(big, "num_embeddings")
            )
            graph.facts["hiddenSize"] = Fact(
                value=big.params["embedding_dim"], loc=_ploc(big, "embedding_dim")
            )
            if _head_tied(graph, big, {n.id for n in embs}):
                graph.facts["tieWordEmbeddings"] = Fact(value=True, loc=big.loc)
    pos = [n for n in embs if "position" in (n.name or "") and n.repeat == 1]
    if len({n.params.get("num_embeddings") for n in pos}) == 1:
        # one table, or one per stack of the same length (an encoder-decoder's two tables;
        # Whisper's 1500 encoder and 448 decoder positions are two lengths: no fact)
        graph.facts["maxPositionEmbeddings"] = Fact(
            value=pos[0].params["num_embeddings"], loc=_ploc(pos[0], "num_embeddings")
        )


def fed_vocab(graph: Graph) -> None:
    """After the forward pass's edges: the vocabulary read off the largest word table
    (``_embedding_facts``) is the rows of the one table the model's input ids are looked up
    in, where that is another table of the same width (``fedtable37b``: ImageGPT's context of
    100 positions in ``wpe`` beside a palette of 65 colours in ``wte``; transformers' forward
    reshapes the ids before the lookup). Nothing changes where no table or several are fed."""
    f = graph.facts.get("vocabSize")
    if f is None:
        return
    from driftcheck.graph.fedtable37b import input_fed

    embs = [n for n in graph.nodes if n.type == "Embedding" and not n.unresolved]
    words = [n for n in embs if not any(w in (n.name or "") for w in ("position", "type", "pos_"))]
    if len(words) < 2:
        return
    into: dict[str, list[str]] = {}
    for e in graph.edges:
        into.setdefault(e.dst, []).append(e.src)
    by_id = graph.index
    fed = [n for n in words if input_fed(n.id, into, by_id)]
    big = max(words, key=lambda n: n.params.get("num_embeddings") or 0)
    if len(fed) != 1 or fed[0] is big or big in fed:
        return
    tok = fed[0]
    rows = tok.params.get("num_embeddings")
    if (
        f.value != big.params.get("num_embeddings")
        or tok.params.get("embedding_dim") != big.params.get("embedding_dim")
        or type(rows) is not int
        or rows == f.value  # the same number: the fact and its place stay (T5's shared table)
    ):
        return
    graph.facts["vocabSize"] = Fact(value=rows, loc=_ploc(tok, "num_embeddings"))


def _head_tied(graph: Graph, big: Any, tables: set[str]) -> bool:
    """The token table shares its weight with an output head: it shares one with a node that
    is no input table (``input_share``), or such a node shares the table's."""
    if not input_share(big, tables):
        return True
    return any(
        n.id not in tables and t.split(".", 1)[0] == big.id
        for n in graph.nodes
        for t in n.tied.values()
    )


def _ploc(node: Any, param: str) -> Location | None:
    return node.param_locs.get(param) or node.loc


def _attr_facts(graph: Graph, stack: Obj) -> None:
    found: dict[str, list[tuple[Any, tuple]]] = {k: [] for k in ATTR_FACTS}
    for block in stack.children.values():
        _collect(block, found, set())
    for fact, hits in found.items():
        note_group(v for v, _ in hits)
        values = {v for v, _ in hits}
        if len(values) == 1 and fact not in graph.facts:
            v, w = next(((v, w) for v, w in hits if w and w[2]), hits[0])
            loc = Location(file=w[0], line=w[1], key=w[2]) if w else None
            graph.facts[fact] = Fact(value=graph_value(v), loc=loc)


_FACT_NAMES = tuple((fact, name) for fact, names in ATTR_FACTS.items() for name in names)
_ALL_NAMES = frozenset(name for _, name in _FACT_NAMES)


def _collect(m: Any, found: dict, seen: set) -> None:
    """Values of the fact attributes under ``m``, each with (file, line, config key) of where it
    was set; a ``Location`` is made only for the hit a fact keeps."""
    if not isinstance(m, Obj) or id(m) in seen:
        return
    seen.add(id(m))
    if not _ALL_NAMES.isdisjoint(m.attrs):
        for fact, name in _FACT_NAMES:
            if name not in m.attrs:
                continue
            v = m.attrs[name]
            raw = plain_hole(v)
            if (
                isinstance(raw, bool)
                or not isinstance(raw, (int, float))
                or isinstance(raw, Unknown)
            ):
                continue
            if isinstance(v, Sourced) and not getattr(v, "bare", False):
                where: tuple | None = (v.file, v.line, v.key)
            elif name in m.attr_locs:  # the line that set it, not the line that built m
                where = (m.attr_locs[name][0], m.attr_locs[name][1], None)
            else:
                where = (m.loc[0], m.loc[1], None) if m.loc else None
            found[fact].append((raw, where))
    for c in m.children.values():
        _collect(c, found, seen)


def _eps_fact(graph: Graph) -> None:
    norms = [
        n
        for n in graph.nodes
        if n.type in ("LayerNorm", "RMSNorm") and isinstance(n.params.get("eps"), float)
    ]
    note_group(n.params["eps"] for n in norms)
    vals = {n.params["eps"] for n in norms}
    if len(vals) == 1:
        n = next((n for n in norms if "eps" in n.param_locs), norms[0])
        graph.facts["normEps"] = Fact(value=vals.pop(), loc=_ploc(n, "eps"))


_ = Leaf
