"""GLM-4.5V's text tower with sizes packed in a bytearray and layers set as attributes in a loop."""

import torch
import torch.nn as nn
import torch.nn.functional as F

# vocab // 8, width, layers, heads, kv heads, ffn // 2, experts, expert ffn, dense layers
PACKED = bytearray([32, 64, 3, 4, 2, 64, 4, 32, 1])
VOCAB = PACKED[0] * 8
WIDTH, LAYERS, HEADS, KV_HEADS = PACKED[1], PACKED[2], PACKED[3], PACKED[4]
FFN, EXPERTS, EXPERT_FFN, DENSE = PACKED[5] * 2, PACKED[6], PACKED[7], PACKED[8]
TOP_K, ROUTED_SCALE = 2, 1.0  # experts a token, scale of their renormalised weights


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class SwiGLU(nn.Module):
    def __init__(self, f):
        super().__init__()
        self.gate_proj = nn.Linear(WIDTH, f, bias=False)
        self.up_proj = nn.Linear(WIDTH, f, bias=False)
        self.down_proj = nn.Linear(f, WIDTH, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Experts(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(WIDTH, EXPERTS, bias=False)
        for i in range(EXPERTS):
            setattr(self, f"expert_{i}", SwiGLU(EXPERT_FFN))
        self.shared_expert = SwiGLU(EXPERT_FFN)
        self.register_buffer("e_score_correction_bias", torch.zeros(EXPERTS))

    def forward(self, x):
        s = torch.sigmoid(self.gate(x))
        # top-k experts a token (chosen with the correction bias), renormalised, then scaled
        top = torch.topk(s + self.e_score_correction_bias, TOP_K, dim=-1).indices
        p = torch.zeros_like(s).scatter(-1, top, s.gather(-1, top))
        p = p / (p.sum(-1, keepdim=True) + 1e-20) * ROUTED_SCALE
        y = sum(p[..., i : i + 1] * getattr(self, f"expert_{i}")(x) for i in range(EXPERTS))
        return y + self.shared_expert(x)


class Layer(nn.Module):
    def __init__(self, i):
        super().__init__()
        hd = WIDTH // HEADS
        self.hd = hd
        self.q = nn.Linear(WIDTH, HEADS * hd)
        self.k = nn.Linear(WIDTH, KV_HEADS * hd)
        self.v = nn.Linear(WIDTH, KV_HEADS * hd)
        self.o = nn.Linear(HEADS * hd, WIDTH, bias=False)
        self.ln_in, self.ln_post = RMSNorm(WIDTH), RMSNorm(WIDTH)
        self.ffn = SwiGLU(FFN) if i < DENSE else Experts()

    def forward(self, x):
        b, t, _ = x.shape
        h = self.ln_in(x)
        q = self.q(h).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.k(h).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.v(h).view(b, t, -1, self.hd).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, -1))
        return x + self.ffn(self.ln_post(x))


class Glm4vMoeText(nn.Module):
    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, WIDTH)
        for i in range(LAYERS):
            setattr(self, f"layer{i}", Layer(i))
        self.final_norm = RMSNorm(WIDTH)

    def forward(self, ids):
        x = self.tokens(ids)
        for i in range(LAYERS):
            x = getattr(self, f"layer{i}")(x)
        return self.final_norm(x)
