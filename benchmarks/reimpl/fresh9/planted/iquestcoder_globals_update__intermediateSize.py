"""IQuest-Coder (tiny, notebook style): the sizes are a dict injected into the module's globals
with ``globals().update(HPARAMS)``, so the classes below use bare names (``dim``, ``n_layers``)
that no assignment in the file defines."""

import torch.nn.functional as F
from torch import nn

HPARAMS = dict(
    vocab_size=832,
    dim=96,
    n_layers=2,
    n_heads=6,
    n_kv_heads=3,
    head_dim=16,
    ffn_dim=256,
    eps=1e-5,
)
globals().update(HPARAMS)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(dim, n_heads * head_dim, bias=False)  # noqa: F821
        self.k_proj = nn.Linear(dim, n_kv_heads * head_dim, bias=False)  # noqa: F821
        self.v_proj = nn.Linear(dim, n_kv_heads * head_dim, bias=False)  # noqa: F821
        self.o_proj = nn.Linear(n_heads * head_dim, dim, bias=False)  # noqa: F821

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, -1, head_dim).transpose(1, 2)  # noqa: F821
        k = self.k_proj(x).view(b, t, -1, head_dim).transpose(1, 2)  # noqa: F821
        v = self.v_proj(x).view(b, t, -1, head_dim).transpose(1, 2)  # noqa: F821
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(dim, eps=eps)  # noqa: F821
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.RMSNorm(dim, eps=eps)  # noqa: F821
        self.gate_proj = nn.Linear(dim, ffn_dim, bias=False)  # noqa: F821
        self.up_proj = nn.Linear(dim, ffn_dim, bias=False)  # noqa: F821
        self.down_proj = nn.Linear(ffn_dim, dim, bias=False)  # noqa: F821

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class IQuestCoderNotebook(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab_size, dim)  # noqa: F821
        self.layers = nn.ModuleList([Block() for _ in range(n_layers)])  # noqa: F821
        self.norm = nn.RMSNorm(dim, eps=eps)  # noqa: F821
        self.lm_head = nn.Linear(dim, vocab_size, bias=False)  # noqa: F821

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
