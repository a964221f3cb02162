"""StarCoder2 sized by dict unions: family base | size preset | run overrides."""

import torch.nn as nn
import torch.nn.functional as F

FAMILY = {"vocab": 49152, "norm_eps": 1e-5, "bias": True}
PRESET_TINY = {"vocab": 384, "width": 64, "layers": 3, "heads": 4, "kv_heads": 4}
RUN = {"ffn": 256, "layers": 2}
H = FAMILY | PRESET_TINY | RUN


class Starcoder2Block(nn.Module):
    def __init__(self):
        super().__init__()
        d, self.hd = H["width"], H["width"] // H["heads"]
        self.ln_1 = nn.LayerNorm(d, eps=H["norm_eps"])
        self.q_proj = nn.Linear(d, H["heads"] * self.hd, bias=H["bias"])
        self.k_proj = nn.Linear(d, H["kv_heads"] * self.hd, bias=H["bias"])
        self.v_proj = nn.Linear(d, H["kv_heads"] * self.hd, bias=H["bias"])
        self.o_proj = nn.Linear(H["heads"] * self.hd, d, bias=H["bias"])
        self.ln_2 = nn.LayerNorm(d, eps=H["norm_eps"])
        self.c_fc = nn.Linear(d, H["ffn"], bias=H["bias"])
        self.c_proj = nn.Linear(H["ffn"], d, bias=H["bias"])

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln_1(x)
        q, k, v = (
            p(h).view(b, t, -1, self.hd).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, t, -1))
        return x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class Starcoder2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(H["vocab"], H["width"])
        self.layers = nn.ModuleList(Starcoder2Block() for _ in range(H["layers"]))
        self.norm = nn.LayerNorm(H["width"], eps=H["norm_eps"])
        self.lm_head = nn.Linear(H["width"], H["vocab"], bias=False)
        self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
