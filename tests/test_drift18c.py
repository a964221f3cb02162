"""Drift between re-implementations and their configs (session 18, issue #17: the twelfth
re-implementation set's development part). Each rule is proven in torch first, on code written
here (not the corpus's): the code builds transformers' parameter count for the same config;
then the comparison says nothing on the clean pair and one finding holding both values where
one value differs. One Llama decoder, its sizes written in the ways the rules read:

- Python's number and slice values: ``int(SHAPE.real)`` / ``.imag`` of a complex
  ``64 + 4j``, ``SPEC.start`` / ``.stop`` / ``.step`` of a ``slice``, ``MASK.bit_count()``;
- ``ord()`` of a character, ``int.from_bytes()`` of a byte string;
- ``itertools.compress`` of candidate rows by a selector list;
- ``try: X = OVERRIDES["x"] except KeyError: X = default`` at module level (the handler runs
  where the key is missing, as on import);
- a module-level ``while`` loop doubling a size (run, not left unknown);
- ``heapq.nlargest`` of a list of supported widths;
- an encoder-decoder with a source and a target vocabulary (FSMT): the target's table,
  looked up by a forward input, is a token table, never read as a learned position table.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, holds, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=512,
    hidden_size=64,
    intermediate_size=192,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
)

MODEL = """
import heapq
import itertools
import torch
import torch.nn as nn
import torch.nn.functional as F

SIZES

HD = D // H


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.q = nn.Linear(D, H * HD, bias=False)
        self.k = nn.Linear(D, KV * HD, bias=False)
        self.v = nn.Linear(D, KV * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.gate = nn.Linear(D, FF, bias=False)
        self.up = nn.Linear(D, FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, H, HD).transpose(1, 2)
        k = self.k(h).view(b, t, KV, HD).transpose(1, 2)
        v = self.v(h).view(b, t, KV, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.blocks = nn.ModuleList(Layer() for _ in range(L))
        self.norm = nn.RMSNorm(D, eps=1e-5)
        self.head = nn.Linear(D, V, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""

# (sizes as written, the same with one value changed, that value in the code, in the config)
CASES = {
    "complex_slice_bitcount": (
        "SHAPE = 64 + 4j\nD, H = int(SHAPE.real), int(SHAPE.imag)\n"
        "SPEC = slice(512, 192, 2)\nV, FF, KV = SPEC.start, SPEC.stop, SPEC.step\n"
        "L = (0b11).bit_count()",
        "L = (0b111).bit_count()",
        3,
        2,
    ),
    "ord_from_bytes": (
        'V = int.from_bytes(b"\\x02\\x00", "big")\nD = ord("@")\nH, KV = ord("\\x04"), '
        'ord("\\x02")\nFF = int.from_bytes(b"\\xc0\\x00", "little")\nL = 2',
        'FF = int.from_bytes(b"\\x01\\x00", "big")',
        256,
        192,
    ),
    "compress": (
        "ROWS = [(64, 2, 4, 2, 256), (64, 2, 4, 2, 192)]\n"
        "((D, L, H, KV, FF),) = itertools.compress(ROWS, [False, True])\nV = 512",
        "itertools.compress(ROWS, [True, False])",
        256,
        192,
    ),
    "keyerror_fallback": (
        'OVR = {"vocab": 512, "layers": 2}\nD, H = 64, 4\n'
        'try:\n    V = OVR["vocab"]\nexcept KeyError:\n    V = 32000\n'
        'try:\n    L = OVR["layers"]\nexcept KeyError:\n    L = 32\n'
        'try:\n    FF = OVR["ffn"]\nexcept KeyError:\n    FF = 192\n'
        'try:\n    KV = OVR["kv"]\nexcept KeyError:\n    KV = 2',
        "    KV = 4",
        4,
        2,
    ),
    "heapq_nlargest": (
        "FF = heapq.nlargest(1, [96, 192, 128])[0]\nV, D, L, H, KV = 512, 64, 2, 4, 2",
        "FF = heapq.nlargest(1, [96, 256, 128])[0]",
        256,
        192,
    ),
    "while_doubling": (
        "V, D, L, H, KV = 512, 64, 2, 4, 2\nFF = 48\nwhile FF < 3 * D:\n    FF *= 2",
        "while FF < 4 * D:",
        384,
        192,
    ),
}
PLANT_FROM = {
    "complex_slice_bitcount": "L = (0b11).bit_count()",
    "ord_from_bytes": 'FF = int.from_bytes(b"\\xc0\\x00", "little")',
    "compress": "itertools.compress(ROWS, [False, True])",
    "keyerror_fallback": "    KV = 2",
    "while_doubling": "while FF < 3 * D:",
    "heapq_nlargest": "FF = heapq.nlargest(1, [96, 192, 128])[0]",
}


@pytest.mark.parametrize("name", list(CASES))
def test_sizes_written_as_python_values(tmp_path, name):
    sizes, planted, mine_v, cfg_v = CASES[name]
    cfg, cfg_path = config(tmp_path, "llama", "LlamaConfig", **LLAMA)
    code = write(tmp_path, f"{name}.py", MODEL.replace("SIZES", sizes))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    drifted = MODEL.replace("SIZES", sizes.replace(PLANT_FROM[name], planted))
    assert drifted != MODEL.replace("SIZES", sizes)
    bad = write(tmp_path, f"{name}_drift.py", drifted)
    assert count(torch_pair(bad, cfg)[0]) != count(hf)
    fs = run(bad, cfg_path)
    assert len(fs) == 1 and holds(fs[0], mine_v, cfg_v), [(f.message, f.values) for f in fs]


SEQ2SEQ = """
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.src = nn.Embedding(320, 64)
        self.tgt = nn.Embedding(288, 64)
        self.src_pos = nn.Embedding(66, 64)
        self.tgt_pos = nn.Embedding(66, 64)
        self.enc = nn.Linear(64, 64)
        self.dec = nn.Linear(64, 64)
        self.out = nn.Linear(64, 288, bias=False)

    def forward(self, src_ids, tgt_ids):
        x = self.src(src_ids) + self.src_pos(torch.arange(src_ids.shape[1]))
        y = self.tgt(tgt_ids) + self.tgt_pos(torch.arange(tgt_ids.shape[1]))
        return self.out(self.dec(y + self.enc(x).mean(1, keepdim=True)))
"""


def test_target_vocabulary_table_is_no_position_table(tmp_path):
    from driftcheck.graph.match import canonicalise, derive
    from driftcheck.parsers.source import parse_source

    code = write(tmp_path, "seq2seq.py", SEQ2SEQ)
    g = parse_source(code, entry="M")
    with torch.device("meta"):
        import runpy

        mine = runpy.run_path(str(code))["M"]()
    assert g.params_total() == count(mine)
    got = {k: v.value for k, v in derive(canonicalise(g, g)[0]).items()}
    assert got["vocabSize"] == 320
    assert got["maxPositionEmbeddings"] == 66  # the position tables', not the target's 288


BERT = """
import torch
import torch.nn as nn
import torch.nn.functional as F

V, D, L, H, FF = 512, 64, 2, 4, 256


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.q, self.k, self.v = nn.Linear(D, D), nn.Linear(D, D), nn.Linear(D, D)
        self.o = nn.Linear(D, D)
        self.ln1 = nn.LayerNorm(D, eps=1e-12)
        self.fc1 = nn.Linear(D, FF)
        self.fc2 = nn.Linear(FF, D)
        self.ln2 = nn.LayerNorm(D, eps=1e-12)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (f(x).view(b, t, H, -1).transpose(1, 2) for f in (self.q, self.k, self.v))
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, D)
        x = self.ln1(x + self.o(a))
        return self.ln2(x + self.fc2(F.gelu(self.fc1(x))))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(V, D, padding_idx=0)
        self.pos = nn.Embedding(32, D)
        self.types = nn.Embedding(2, D)
        self.ln = nn.LayerNorm(D, eps=1e-12)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.pool = nn.Linear(D, D)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.word(ids) + self.pos(torch.arange(t)) + self.types(torch.zeros_like(ids))
        x = self.ln(x)
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pool(x[:, 0]))
"""


def test_a_layer_projection_as_wide_as_the_vocabulary_is_no_head(tmp_path):
    """An encoder without an LM head whose vocabulary is changed to its MLP width: the MLP's
    projection inside the layers is not read as an untied output head (one finding, the
    vocabulary's, not a second one saying the embeddings are untied)."""
    kw = dict(
        vocab_size=512,
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=4,
        intermediate_size=256,
        max_position_embeddings=32,
        pad_token_id=0,
    )
    cfg, cfg_path = config(tmp_path, "bert", "BertConfig", **kw)
    code = write(tmp_path, "bert.py", BERT)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == []
    bad = write(tmp_path, "bert_v.py", BERT.replace("V, D, L, H, FF = 512", "V, D, L, H, FF = 256"))
    assert count(torch_pair(bad, cfg, auto="AutoModel")[0]) == count(hf) - 256 * 64
    fs = run(bad, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 256, 512), [(f.message, f.values) for f in fs]
