"""Drift between re-implementations and their configs (session 23, burnreimpl23, issue #17: the
false positives and misses of the burned held-out part of reimpl fresh15, and session 22's dev
misses).

Each test proves its claim in torch first (the code, built on the meta device, has the parameter
count transformers' own model has for the same config, and runs), then statically: the clean
pair gives no finding of minor or above, and a planted change gives one finding holding both
values.
"""

from __future__ import annotations

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

LLAMA = dict(
    architectures=["LlamaForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)
LLAMA_PARAMS = 86336

FUSED_KV = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, LAYERS, HEADS, KV, HD, FFN = 96, 64, 2, 4, 2, 16, 128


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(WIDTH, HEADS * HD, bias=False)
        self.kv = nn.Linear(WIDTH, 2 * KV * HD, bias=False)
        self.o = nn.Linear(HEADS * HD, WIDTH, bias=False)
        self.gate = nn.Linear(WIDTH, FFN, bias=False)
        self.up = nn.Linear(WIDTH, FFN, bias=False)
        self.down = nn.Linear(FFN, WIDTH, bias=False)
        self.n1, self.n2 = nn.RMSNorm(WIDTH, eps=1e-6), nn.RMSNorm(WIDTH, eps=1e-6)

    def forward(self, x):
        b, t, _ = x.shape
        h = self.n1(x)
        q = self.q(h).view(b, t, -1, HD).transpose(1, 2)
        KV_SPLIT
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(y.transpose(1, 2).reshape(b, t, -1))
        h = self.n2(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, WIDTH)
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(WIDTH, eps=1e-6)
        self.head = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.norm(x))
"""

# a fused k|v projection cut into (2, kv heads, head width), the queries viewed (-1, head width)
KV_SPLITS = {
    # the KV heads left as -1 and the parts taken apart by unpacking a permuted view
    "view_minus_one_unpacked": "k, v = self.kv(h).view(b, t, 2, -1, HD).permute(2, 0, 3, 1, 4)",
    # the same with unflatten and unbind
    "unflatten_unbind": ("k, v = self.kv(h).unflatten(-1, (2, -1, HD)).transpose(1, 3).unbind(2)"),
    # the KV heads stated: read alone, the fused split's 2 heads were the model's only heads
    "stated": "k, v = self.kv(h).view(b, t, 2, KV, HD).permute(2, 0, 3, 1, 4)",
}


@pytest.mark.parametrize("how", sorted(KV_SPLITS))
def test_a_fused_key_value_split_beside_inferred_query_heads(tmp_path, how):
    """``kv(h).view(b, t, 2, -1, hd)`` of a fused k|v projection: the ``-1`` is the projection's
    width over 2 x hd (the KV heads), and the queries' ``view(b, t, -1, hd)`` beside it is a
    head split of their own projection (``derive._fused_heads``, ``derive._splits``). Before, the
    code side read no heads (fresh15 gemma_setdefault_chain: a minor 'unflattenedSize [2, -1,
    32] vs [-1, 32]' on a clean pair, a KV-head plant missed) or, with the KV heads stated, the
    fused split's heads as the model's (a major 'numHeads 2 vs 4')."""
    code = write(tmp_path, "m.py", FUSED_KV.replace("KV_SPLIT", KV_SPLITS[how]))
    cfg, path = config(tmp_path, "cfg", "LlamaConfig", **LLAMA)
    mine, hf = torch_pair(code, cfg)
    assert count(mine) == count(hf) == LLAMA_PARAMS
    real = torch.nn.Module.to_empty(mine, device="cpu")
    assert real(torch.zeros(1, 5, dtype=torch.long)).shape == (1, 5, 96)
    assert run(code, path) == []
    planted = write(
        tmp_path,
        "p.py",
        FUSED_KV.replace("KV_SPLIT", KV_SPLITS[how]).replace("4, 2, 16, 128", "4, 1, 16, 128"),
    )
    mine, _ = torch_pair(planted, cfg)
    assert count(mine) != LLAMA_PARAMS
    one(run(planted, path), 1, 2)
