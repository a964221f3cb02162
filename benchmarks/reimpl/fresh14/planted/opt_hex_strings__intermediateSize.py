"""OPT as exported from our config service, which sends every size as a hex string; OPT's
learned positions keep their offset of 2 rows."""

import torch
import torch.nn.functional as F
from torch import nn

RAW = {
    "vocab": "0x1c0",
    "d_model": "0x40",
    "ffn": "0x100",
    "layers": "0x2",
    "heads": "0x4",
    "max_pos": "0x80",
}
SIZES = {k: int(v, 16) for k, v in RAW.items()}


class OPTLayer(nn.Module):
    def __init__(self, d, heads, ffn):
        super().__init__()
        self.heads = heads
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.q_proj, self.k_proj, self.v_proj = (nn.Linear(d, d) for _ in range(3))
        self.out_proj = nn.Linear(d, d)
        self.final_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, ffn)
        self.fc2 = nn.Linear(ffn, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.self_attn_layer_norm(x)
        q, k, v = (
            p(h).view(b, t, self.heads, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out_proj(o.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class OPT(nn.Module):
    def __init__(self):
        super().__init__()
        d = SIZES["d_model"]
        self.embed_tokens = nn.Embedding(SIZES["vocab"], d)
        self.embed_positions = nn.Embedding(SIZES["max_pos"] + 2, d)
        self.layers = nn.ModuleList(
            OPTLayer(d, SIZES["heads"], SIZES["ffn"]) for _ in range(SIZES["layers"])
        )
        self.final_layer_norm = nn.LayerNorm(d)

    def forward(self, ids):
        x = self.embed_tokens(ids) + self.embed_positions(torch.arange(ids.shape[1]) + 2)
        for layer in self.layers:
            x = layer(x)
        return self.final_layer_norm(x) @ self.embed_tokens.weight.T
