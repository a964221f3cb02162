"""Drift between re-implementations and their configs (session 18, issue #17: the eleventh
re-implementation set's development part). Every clean false positive there was a size the
static interpreter could not trace through a Python construct (so the code's layers had no
sizes and the comparison reported them all missing): each construct is shown here on a Phi-3
written for this test (not the corpus's), its sizes bound by the construct. torch builds it
with transformers' parameter count for the same config; the comparison says nothing on the
clean pair, and one finding holding both values where the MLP width differs.

- a top-level unpacking iterates its value, as Python does: a generator, an object whose
  class defines ``__iter__`` (no ``__getitem__``), an ``array.array`` (interp/unpacked.py,
  library/pyprotocols.py);
- assignment expressions inside a top-level statement bind module globals (PEP 572);
- names bound inside a top-level ``for`` loop (a ``for ... else`` search of a preset table);
- ``zip(*[iter(flat)] * 2)`` pairs consecutive items (one iterator read by both arguments);
- ``range(...).stop``; a function's ``__kwdefaults__``; ``typing.get_args(Literal[64])``.

Where Python would raise (the search finds nothing and reaches ``raise``, an unpacking of the
wrong length, a number the array type cannot hold) the size is unknown, never a guess.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, holds, run, torch_pair, write
from tests.model_count_support import check_honest_unknown

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

PHI3 = dict(
    architectures=["Phi3ForCausalLM"],
    vocab_size=100,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=128,
    rms_norm_eps=1e-5,
    tie_word_embeddings=False,
    pad_token_id=0,
    bos_token_id=1,
    eos_token_id=2,
)

BODY = """
import torch
import torch.nn as nn
import torch.nn.functional as F

HEADER

HD = D // H


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = nn.RMSNorm(D, eps=1e-5)
        self.qkv = nn.Linear(D, (H + 2 * KV) * HD, bias=False)
        self.o = nn.Linear(H * HD, D, bias=False)
        self.n2 = nn.RMSNorm(D, eps=1e-5)
        self.gate_up = nn.Linear(D, 2 * FF, bias=False)
        self.down = nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = self.qkv(self.n1(x)).split([H * HD, KV * HD, KV * HD], dim=-1)
        q = q.view(b, t, -1, HD).transpose(1, 2)
        k = k.view(b, t, -1, HD).transpose(1, 2)
        v = v.view(b, t, -1, HD).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        g, u = self.gate_up(self.n2(x)).chunk(2, -1)
        return x + self.down(F.silu(g) * u)


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

NAMES = '("V", "D", "L", "H", "KV", "FF")'

# each binds V, D, L, H, KV, FF = 100, 64, 2, 4, 2, 128 (the MLP width written once, as 128)
HEADERS = {
    "iter_class": """
class Sizes:
    def __iter__(self):
        yield 100
        yield 64
        yield 2
        yield 4
        yield 2
        yield 128


V, D, L, H, KV, FF = Sizes()
""",
    "generator": """
def sizes():
    for w in "100 64 2 4 2 128".split():
        yield int(w)


V, D, L, H, KV, FF = sizes()
""",
    "array": 'from array import array\n\nV, D, L, H, KV, FF = array("H", [100, 64, 2, 4, 2, 128])',
    "walrus": "SIZES = dict(v=(V := 100), d=(D := 64), l=(L := 2), h=(H := 4), kv=(KV := 2), "
    "ff=(FF := 128))",
    "for_else": """
TABLE = [("big", 32000, 4096, 32, 32, 8, 11008), ("tiny", 100, 64, 2, 4, 2, 128)]
for name, *row in TABLE:
    if name == "tiny":
        V, D, L, H, KV, FF = row
        break
else:
    raise KeyError("tiny")
""",
    "zip_iter_pairs": f"""
FLAT = ["V", 100, "D", 64, "L", 2, "H", 4, "KV", 2, "FF", 128]
S = dict(zip(*[iter(FLAT)] * 2))
V, D, L, H, KV, FF = (S[k] for k in {NAMES})
""",
    "range_stop": "SPAN = range(0, 64, 16)\nD, H = SPAN.stop, len(SPAN)\nV, L, KV, FF = 100, 2, 2, 128",
    "kwdefaults": f"""
def sizes(*, V=100, D=64, L=2, H=4, KV=2, FF=128):
    return locals()


S = sizes.__kwdefaults__
V, D, L, H, KV, FF = (S[k] for k in {NAMES})
""",
    "literal_args": """
from typing import Literal, get_args

Vocab, Width, Depth = Literal[100], Literal[64], Literal[2]
Heads, Kv, Ffn = Literal[4], Literal[2], Literal[128]
V, D, L, H, KV, FF = (get_args(t)[0] for t in (Vocab, Width, Depth, Heads, Kv, Ffn))
""",
}


@pytest.mark.parametrize("style", sorted(HEADERS))
def test_sizes_traced_through_python_constructs(tmp_path, style):
    header = HEADERS[style]
    assert header.count("128") == 1
    cfg, cfg_path = config(tmp_path, "phi3", "Phi3Config", **PHI3)
    code = write(tmp_path, "phi3.py", BODY.replace("HEADER", header.strip()))
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf)
    assert run(code, cfg_path) == [], style
    # the MLP width planted in the code: one finding holding both widths
    wide = write(tmp_path, "wide.py", BODY.replace("HEADER", header.strip().replace("128", "192")))
    assert count(torch_pair(wide, cfg)[0]) == count(hf) + 2 * 3 * 64 * 64
    fs = run(wide, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 192, 128), [(f.message, f.values) for f in fs]


TAIL = """
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
"""


@pytest.mark.parametrize(
    "code",
    [
        # the search finds no row: importing the module raises (KeyError)
        'TABLE = [("big", 320, 64)]\nfor name, *row in TABLE:\n    if name == "tiny":\n'
        '        V, D = row\n        break\nelse:\n    raise KeyError("tiny")',
        # three items into two names: Python's ValueError
        "def g():\n    yield 320\n    yield 64\n    yield 2\n\n\nV, D = g()",
        # 320 does not fit a signed byte: array's OverflowError
        'from array import array\n\nV, D = array("b", [320, 64])',
    ],
    ids=["search_raises", "unpack_length", "array_overflow"],
)
def test_constructs_that_raise_are_unknown(tmp_path, code):
    check_honest_unknown(tmp_path, code + "\n" + TAIL)


CLIP_VISION = dict(
    architectures=["CLIPVisionModel"],
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    image_size=32,
    patch_size=8,
)

# CLIP's vision tower: positions in an ``nn.Embedding`` of (IMAGE / PATCH) ** 2 + 1 rows beside
# a ``[D]`` class token (no ``[1, N, D]`` table to read the image size off)
CLIP_TOWER = """
import torch
import torch.nn.functional as F
from torch import nn

IMAGE, PATCH, D, H, FF, L = 32, 8, 64, 4, 128, 2


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(D), nn.LayerNorm(D)
        self.q, self.k, self.v, self.o = (nn.Linear(D, D) for _ in range(4))
        self.fc1, self.fc2 = nn.Linear(D, FF), nn.Linear(FF, D)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln1(x)
        q, k, v = (p(h).view(b, t, H, D // H).transpose(1, 2) for p in (self.q, self.k, self.v))
        x = x + self.o(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, D))
        h = self.fc1(self.ln2(x))
        return x + self.fc2(h * torch.sigmoid(1.702 * h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Parameter(torch.zeros(D))
        self.patch = nn.Conv2d(3, D, PATCH, stride=PATCH, bias=False)
        self.pos = nn.Embedding((IMAGE // PATCH) ** 2 + 1, D)
        self.pre = nn.LayerNorm(D)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.post = nn.LayerNorm(D)

    def forward(self, pixels):
        x = self.patch(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], 1, -1), x], dim=1)
        x = self.pre(x + self.pos(torch.arange(x.shape[1])))
        for layer in self.layers:
            x = layer(x)
        return self.post(x[:, 0])
"""


def test_clip_position_table_tells_the_image_size(tmp_path):
    cfg, cfg_path = config(tmp_path, "clipv", "CLIPVisionConfig", **CLIP_VISION)
    code = write(tmp_path, "clipv.py", CLIP_TOWER)
    mine, hf = torch_pair(code, cfg, auto="AutoModel")
    assert count(mine) == count(hf)
    table = next(m for n, m in hf.named_modules() if n.endswith("position_embedding"))
    assert table.num_embeddings == 17
    assert run(code, cfg_path) == []
    # a 64-pixel image in the code: 65 positions; one imageSize finding, the table under it
    big = write(
        tmp_path,
        "big.py",
        CLIP_TOWER.replace("= 32, 8", "= 64, 8"),
    )
    assert count(torch_pair(big, cfg, auto="AutoModel")[0]) == count(hf) + 48 * 64
    fs = run(big, cfg_path)
    assert len(fs) == 1 and fs[0].values == {"left": 64, "right": 32}, [f.message for f in fs]
    # a 4-pixel patch in the code (same image): 65 positions follow; one patchSize finding
    small = write(tmp_path, "small.py", CLIP_TOWER.replace("= 32, 8", "= 32, 4"))
    fs = run(small, cfg_path)
    assert len(fs) == 1 and holds(fs[0], 4, 8), [f.message for f in fs]
    assert "patchSize" in fs[0].message
