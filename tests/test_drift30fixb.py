"""Session 30 (reimplfix30b, issue #17): two size sources the analyzer could not read, each
proven in torch / transformers first.

1. ``heapq`` priority patches: ``(priority, key, value)`` tuples pushed on (or heapified into) a
   heap and popped until it is empty, the last popped winning (library/stdlib.py runs CPython's
   heapq over the items' known values; interp/modglobals.py reads ``heapq.heappop(heap)`` as a
   change of the module global ``heap`` in place, so a top-level ``while heap:`` loop is
   replayed). Before: the heap never emptied (heappop unknown), the analysis stopped at 20,000
   iterations and every clean port was reported (a false positive).
2. ``xml.sax`` content handlers: ``xml.sax.parseString(CARD, handler)`` with a
   ``ContentHandler`` subclass collecting ``<param>`` elements (library/saxparse.py: CPython's
   SAX reader records the handler calls, each dispatched to the subclass's overrides). Before:
   every size the handler collected was unknown, every plant missed.

torch: each port (a BERT encoder with its pooler) has ``BertModel``'s parameter count for the
config, and a planted size changes it. Each test of a rule fails with that rule switched off
(the ``off`` tests), and the refusals are honest unknowns, never the preset's sizes.
"""

from __future__ import annotations

import dataclasses

import pytest

from driftcheck.parsers import load
from tests.drift_support import config, count, hf_model, mine, one, run, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

BERT = dict(
    architectures=["BertModel"],
    vocab_size=96,
    hidden_size=32,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=64,
    max_position_embeddings=40,
    type_vocab_size=2,
    layer_norm_eps=1e-12,
)

# a BERT encoder reading its sizes from the dict ``C`` (the size source is prepended)
BODY = """
class Emb(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(C["vocab"], C["width"])
        self.position_embeddings = nn.Embedding(C["pos"], C["width"])
        self.token_type_embeddings = nn.Embedding(C["types"], C["width"])
        self.LayerNorm = nn.LayerNorm(C["width"], eps=C["eps"])

    def forward(self, ids, types):
        x = self.word_embeddings(ids) + self.position_embeddings(torch.arange(ids.shape[1]))
        return self.LayerNorm(x + self.token_type_embeddings(types))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        w = C["width"]
        self.query = nn.Linear(w, w)
        self.key = nn.Linear(w, w)
        self.value = nn.Linear(w, w)
        self.attn_out = nn.Linear(w, w)
        self.attn_norm = nn.LayerNorm(w, eps=C["eps"])
        self.intermediate = nn.Linear(w, C["ffn"])
        self.output = nn.Linear(C["ffn"], w)
        self.out_norm = nn.LayerNorm(w, eps=C["eps"])

    def forward(self, x):
        b, t, w = x.shape
        nh = C["heads"]

        def split(z):
            return z.view(b, t, nh, w // nh).transpose(1, 2)

        a = F.scaled_dot_product_attention(split(self.query(x)), split(self.key(x)),
                                           split(self.value(x)))
        x = self.attn_norm(x + self.attn_out(a.transpose(1, 2).reshape(b, t, w)))
        return self.out_norm(x + self.output(F.gelu(self.intermediate(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Emb()
        self.layers = nn.ModuleList(Layer() for _ in range(C["layers"]))
        self.pooler = nn.Linear(C["width"], C["width"])

    def forward(self, ids, types):
        x = self.embeddings(ids, types)
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
"""

HEAD = "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n"

# the run's patches (priority 1) written first, BERT-base's (priority 0) after them: popped
# by priority, so the run's are popped last and win
HEAPQ = """
import heapq

PATCHES = [
    (1, "vocab", 96), (1, "width", 32), (1, "layers", {layers}), (1, "heads", 4),
    (1, "ffn", 64), (1, "pos", 40), (1, "types", 2), (1, "eps", 1e-12),
    (0, "vocab", 30522), (0, "width", 768), (0, "layers", 12), (0, "heads", 12),
    (0, "ffn", 3072), (0, "pos", 512), (0, "types", 2), (0, "eps", 1e-12),
]
heap = list(PATCHES)
heapq.heapify(heap)
C = {{}}
while heap:
    _priority, _key, _value = heapq.heappop(heap)
    C[_key] = _value
"""

# the same patches pushed one by one inside a function (``from heapq import ...``)
HEAPQ_FN = """
from heapq import heappop, heappush

PATCHES = [
    (1, "vocab", 96), (1, "width", 32), (1, "layers", {layers}), (1, "heads", 4),
    (1, "ffn", 64), (1, "pos", 40), (1, "types", 2), (1, "eps", 1e-12),
    (0, "vocab", 30522), (0, "width", 768), (0, "layers", 12), (0, "heads", 12),
    (0, "ffn", 3072), (0, "pos", 512), (0, "types", 2), (0, "eps", 1e-12),
]


def applied(patches):
    heap, out = [], {{}}
    for p in patches:
        heappush(heap, p)
    while heap:
        _, key, value = heappop(heap)
        out[key] = value
    return out


C = applied(PATCHES)
"""

# a model card: BERT-base's params, then the run's override (a later element replaces)
SAX = '''
import xml.sax

CARD = """<?xml version="1.0"?>
<model preset="bert-base">
  <param name="vocab" type="int">30522</param>
  <param name="width" type="int">768</param>
  <param name="layers" type="int">12</param>
  <param name="heads" type="int">12</param>
  <param name="ffn" type="int">3072</param>
  <override run="tiny">
    <param name="vocab" type="int">96</param>
    <param name="width" type="int">32</param>
    <param name="layers" type="int">{layers}</param>
    <param name="heads" type="int">4</param>
    <param name="ffn" type="int">64</param>
    <param name="pos" type="int">40</param>
    <param name="types" type="int">2</param>
    <param name="eps" type="float">1e-12</param>
  </override>
</model>"""


class Params(xml.sax.ContentHandler):
    def __init__(self):
        super().__init__()
        self.params = {{}}
        self._name = None

    def startElement(self, name, attrs):
        if name == "param":
            self._name, self._type, self._text = attrs["name"], attrs.get("type"), []

    def characters(self, content):
        if self._name is not None:
            self._text.append(content)

    def endElement(self, name):
        if name == "param":
            cast = {{"int": int, "float": float}}[self._type]
            self.params[self._name] = cast("".join(self._text).strip())
            self._name = None


_handler = Params()
xml.sax.parseString(CARD.encode(), _handler{extra})
C = _handler.params
'''


def _code(tmp_path, name: str, source: str) -> object:
    return write(tmp_path, name, HEAD + source + BODY)


def _bert(tmp_path):
    return config(tmp_path, "cfg", "BertConfig", **BERT)


def _facts(path) -> dict:
    return {k: f.value for k, f in load(str(path)).facts.items()}


def _off(monkeypatch, qual: str) -> None:
    """The library entry ``qual`` switched off: its calls are unknown (results recomputed)."""
    from driftcheck.parsers.source.library import registry

    entry = registry.lookup(qual)
    assert entry is not None, qual
    off = dataclasses.replace(entry, impl=lambda c: c.unknown(f"{qual} switched off"))
    monkeypatch.setitem(registry.REGISTRY, qual, off)
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")


@pytest.mark.parametrize("style", [HEAPQ, HEAPQ_FN], ids=["module_heapify", "function_push"])
def test_heapq_patches_are_applied_in_priority_order(tmp_path, style):
    cfg, cfg_path = _bert(tmp_path)
    clean = _code(tmp_path, "clean.py", style.format(layers=2))
    planted = _code(tmp_path, "planted.py", style.format(layers=3))
    hf = hf_model(cfg, "BertModel")
    assert count(mine(clean, "M")) == count(hf)  # torch: the port is BertModel
    assert count(mine(planted, "M")) != count(hf)  # and the plant is visible to torch
    assert run(clean, cfg_path) == []
    one(run(planted, cfg_path), 2, 3)


def test_heapq_off_misses_the_plant(tmp_path, monkeypatch):
    _off(monkeypatch, "heapq.heappop")
    _, cfg_path = _bert(tmp_path)
    planted = _code(tmp_path, "planted_off.py", HEAPQ_FN.format(layers=3))
    found = run(planted, cfg_path)
    assert not any({f.values.get("left"), f.values.get("right")} == {2, 3} for f in found)


def test_heap_global_off_stops_the_analysis(tmp_path, monkeypatch):
    """Without ``heapq.heappop(heap)`` read as a change of the global, the top-level loop is
    never replayed: the clean port is reported (the false positive of fresh27's dev part)."""
    from driftcheck.parsers.source.interp import modglobals

    monkeypatch.setattr(modglobals, "ARG_MUTATORS", {})
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    _, cfg_path = _bert(tmp_path)
    clean = _code(tmp_path, "clean_off.py", HEAPQ.format(layers=2) + "\n# off\n")
    assert run(clean, cfg_path) != []


def test_heap_of_items_we_cannot_compare_is_unknown_not_the_preset(tmp_path):
    """Items holding an object (its own ``__lt__`` is not run here): every popped item is
    unknown, never BERT-base's 12 layers read off an unchanged list."""
    source = HEAPQ.format(layers=2).replace(
        "heap = list(PATCHES)",
        "class P:\n    def __lt__(self, o):\n        return False\n\n\n"
        "heap = [(p, P(), k, v) for p, k, v in PATCHES]",
    )
    source = source.replace("_priority, _key, _value", "_priority, _o, _key, _value")
    path = _code(tmp_path, "objects.py", source)
    facts = _facts(path)
    assert facts.get("numLayers") not in (2, 12)
    assert facts.get("vocabSize") not in (96, 30522)


def test_sax_handler_collects_the_card(tmp_path):
    cfg, cfg_path = _bert(tmp_path)
    clean = _code(tmp_path, "clean.py", SAX.format(layers=2, extra=""))
    planted = _code(tmp_path, "planted.py", SAX.format(layers=3, extra=""))
    hf = hf_model(cfg, "BertModel")
    assert count(mine(clean, "M")) == count(hf)
    assert count(mine(planted, "M")) != count(hf)
    assert run(clean, cfg_path) == []
    one(run(planted, cfg_path), 2, 3)


@pytest.mark.parametrize(
    "call",
    [
        "xml.sax.parseString(CARD.encode(), handler=_handler)",
        "import io\nxml.sax.parse(io.StringIO(CARD), _handler)",
    ],
    ids=["handler_keyword", "parse_stringio"],
)
def test_sax_other_spellings(tmp_path, call):
    _, cfg_path = _bert(tmp_path)
    plain_call = "xml.sax.parseString(CARD.encode(), _handler)"
    clean = _code(tmp_path, "clean.py", SAX.format(layers=2, extra="").replace(plain_call, call))
    planted = _code(
        tmp_path, "planted.py", SAX.format(layers=3, extra="").replace(plain_call, call)
    )
    assert call in clean.read_text()
    assert count(mine(clean, "M")) == count(
        mine(_code(tmp_path, "x.py", SAX.format(layers=2, extra="")), "M")
    )
    assert run(clean, cfg_path) == []
    one(run(planted, cfg_path), 2, 3)


def test_sax_off_misses_the_plant(tmp_path, monkeypatch):
    _off(monkeypatch, "xml.sax.parseString")
    _, cfg_path = _bert(tmp_path)
    planted = _code(tmp_path, "planted_off.py", SAX.format(layers=3, extra=""))
    found = run(planted, cfg_path)
    assert not any({f.values.get("left"), f.values.get("right")} == {2, 3} for f in found)


def test_sax_handler_global_off_misses_the_plant(tmp_path, monkeypatch):
    """``parseString(text, handler)`` at the top level fills the global ``handler``: without
    it the handler is read as its ``__init__`` left it (no sizes)."""
    from driftcheck.parsers.source.interp import modglobals

    monkeypatch.setattr(modglobals, "ARG_MUTATORS", {})
    monkeypatch.setenv("DRIFTCHECK_NO_CACHE", "1")
    path = _code(tmp_path, "planted_off2.py", SAX.format(layers=3, extra=""))
    assert _facts(path).get("numLayers") is None


@pytest.mark.parametrize(
    "extra, doc",
    [
        (", xml.sax.ErrorHandler()", ""),  # an error handler: not modelled
        ("", '<!DOCTYPE model [<!ENTITY n "12">]>\n'),  # a DTD: refused
        ("", "<broken>"),  # CPython raises SAXParseException after some calls
        ("FILE", ""),  # a document read from a file: not read
    ],
    ids=["error_handler", "dtd", "parse_error", "file"],
)
def test_sax_refusals_are_unknown_not_the_preset(tmp_path, extra, doc):
    source = SAX.format(layers=2, extra="" if extra == "FILE" else extra)
    if extra == "FILE":
        (tmp_path / "card.xml").write_text("<model/>")
        source = source.replace(
            "xml.sax.parseString(CARD.encode(), _handler)", "xml.sax.parse('card.xml', _handler)"
        )
    if doc:
        source = source.replace('<model preset="bert-base">', doc + '<model preset="bert-base">')
    path = _code(tmp_path, "refused.py", source)
    facts = _facts(path)
    assert facts.get("numLayers") is None
    assert facts.get("vocabSize") is None
