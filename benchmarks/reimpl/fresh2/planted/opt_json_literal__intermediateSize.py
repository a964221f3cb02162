"""OPT: the config pasted into the file as a JSON string (keys of the author's own choosing)
and read into a types.SimpleNamespace, learned positions offset by 2 as in fairseq, pre-LN
decoder layers, the LM head sharing the token embedding's Parameter."""

import json
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG_JSON = """
{
  "vocab": 900,
  "embed_dim": 64,
  "layers": 2,
  "attention_heads": 4,
  "ffn": 256,
  "max_positions": 128,
  "pad": 1
}
"""
cfg = SimpleNamespace(**json.loads(CONFIG_JSON))


class LearnedPositions(nn.Embedding):
    OFFSET = 2

    def __init__(self, n, d):
        super().__init__(n + self.OFFSET, d)

    def forward(self, mask):
        pos = (torch.cumsum(mask, dim=1) * mask).long() - 1
        return super().forward(pos + self.OFFSET)


class SelfAttention(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.q_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        sh = lambda z: z.view(b, t, self.heads, -1).transpose(1, 2)  # noqa: E731
        y = F.scaled_dot_product_attention(
            sh(self.q_proj(x)), sh(self.k_proj(x)), sh(self.v_proj(x)), is_causal=True
        )
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class DecoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.self_attn = SelfAttention(c.embed_dim, c.attention_heads)
        self.self_attn_layer_norm = nn.LayerNorm(c.embed_dim)
        self.fc1 = nn.Linear(c.embed_dim, c.ffn)
        self.fc2 = nn.Linear(c.ffn, c.embed_dim)
        self.final_layer_norm = nn.LayerNorm(c.embed_dim)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class OPTForLM(nn.Module):
    def __init__(self, c=cfg):
        super().__init__()
        self.embed_tokens = nn.Embedding(c.vocab, c.embed_dim, padding_idx=c.pad)
        self.embed_positions = LearnedPositions(c.max_positions, c.embed_dim)
        self.layers = nn.ModuleList([DecoderLayer(c) for _ in range(c.layers)])
        self.final_layer_norm = nn.LayerNorm(c.embed_dim)
        self.lm_head = nn.Linear(c.embed_dim, c.vocab, bias=False)
        self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids, mask):
        x = self.embed_tokens(ids) + self.embed_positions(mask)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.final_layer_norm(x))
