"""OLMo-2-style decoder (post-sublayer norms, q/k norms over the whole projection), built from a
table of lambdas: LAYOUT maps each submodule name to a constructor taking the size record."""

import torch.nn.functional as F
from torch import nn

R = type("R", (), {"vocab": 320, "d": 64, "depth": 3, "heads": 4, "kv": 4, "ffn": 128, "eps": 1e-6})

LAYOUT = {
    "q_proj": lambda r: nn.Linear(r.d, r.d, bias=False),
    "k_proj": lambda r: nn.Linear(r.d, r.d // r.heads * r.kv, bias=False),
    "v_proj": lambda r: nn.Linear(r.d, r.d // r.heads * r.kv, bias=False),
    "o_proj": lambda r: nn.Linear(r.d, r.d, bias=False),
    "q_norm": lambda r: nn.RMSNorm(r.d, eps=r.eps),
    "k_norm": lambda r: nn.RMSNorm(r.d // r.heads * r.kv, eps=r.eps),
    "post_attention_layernorm": lambda r: nn.RMSNorm(r.d, eps=r.eps),
    "gate_proj": lambda r: nn.Linear(r.d, r.ffn, bias=False),
    "up_proj": lambda r: nn.Linear(r.d, r.ffn, bias=False),
    "down_proj": lambda r: nn.Linear(r.ffn, r.d, bias=False),
    "post_feedforward_layernorm": lambda r: nn.RMSNorm(r.d, eps=r.eps),
}


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        for name, make in LAYOUT.items():
            self.add_module(name, make(R))

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x)).view(b, t, R.heads, -1).transpose(1, 2)
        k = self.k_norm(self.k_proj(x)).view(b, t, R.kv, -1).transpose(1, 2)
        v = self.v_proj(x).view(b, t, R.kv, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.post_attention_layernorm(self.o_proj(o.transpose(1, 2).reshape(b, t, -1)))
        h = self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        return x + self.post_feedforward_layernorm(h)


class Olmo2Table(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(R.vocab, R.d)
        self.layers = nn.ModuleList(Layer() for _ in range(R.depth))
        self.norm = nn.RMSNorm(R.d, eps=R.eps)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
