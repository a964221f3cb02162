"""gpt-oss, from the model card: alternating sliding-window / full attention with a learned
per-head "sink" logit added to the softmax, biases on q/k/v/o, and a mixture of experts with
a biased router (softmax over the top-k logits) and experts with biases whose SwiGLU is
clamped (``alpha = 1.702``, limit 7, ``(up + 1) * glu``). Each layer keeps all of its weights in
ONE flat parameter (like a fused-optimizer or FSDP flat buffer); ``nn.Module`` views are cut
from it by offsets computed from a shape table."""

import math

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, LAYERS = 512, 64, 2
HEADS, KV_HEADS, HEAD_DIM = 4, 2, 16
EXPERTS, TOP_K, FF = 4, 2, 96
WINDOW, THETA, EPS = 16, 150000.0, 1e-5


def layer_shapes():
    q, kv = HEADS * HEAD_DIM, KV_HEADS * HEAD_DIM
    return {
        "ln1": (D,),
        "sinks": (HEADS,),
        "wq": (q, D),
        "bq": (q,),
        "wk": (kv, D),
        "bk": (kv,),
        "wv": (kv, D),
        "bv": (kv,),
        "wo": (D, q),
        "bo": (D,),
        "ln2": (D,),
        "router_w": (EXPERTS, D),
        "router_b": (EXPERTS,),
        "gate_up": (EXPERTS, D, 2 * FF),
        "gate_up_b": (EXPERTS, 2 * FF),
        "down": (EXPERTS, FF, D),
        "down_b": (EXPERTS, D),
    }


SHAPES = layer_shapes()
SIZE = sum(math.prod(s) for s in SHAPES.values())


def rms(x, w):
    return w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS)


class FlatLayer(nn.Module):
    def __init__(self, sliding):
        super().__init__()
        self.sliding = sliding
        self.flat = nn.Parameter(torch.randn(SIZE) * 0.02)

    def views(self):
        out, at = {}, 0
        for name, shape in SHAPES.items():
            n = math.prod(shape)
            out[name] = self.flat[at : at + n].view(shape)
            at += n
        return out

    def forward(self, x):
        p = self.views()
        b, t, _ = x.shape
        h = rms(x, p["ln1"])
        q = F.linear(h, p["wq"], p["bq"]).view(b, t, HEADS, HEAD_DIM).transpose(1, 2)
        k = F.linear(h, p["wk"], p["bk"]).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        v = F.linear(h, p["wv"], p["bv"]).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        inv = THETA ** (-torch.arange(0, HEAD_DIM, 2, device=x.device).float() / HEAD_DIM)
        ang = torch.arange(t, device=x.device).float()[:, None] * inv
        cos, sin = ang.cos(), ang.sin()

        def rope(z):
            z1, z2 = z.chunk(2, -1)
            return torch.cat([z1 * cos - z2 * sin, z2 * cos + z1 * sin], -1)

        q, k = rope(q), rope(k).repeat_interleave(HEADS // KV_HEADS, 1)
        v = v.repeat_interleave(HEADS // KV_HEADS, 1)
        s = q @ k.transpose(-1, -2) / math.sqrt(HEAD_DIM)
        i = torch.arange(t, device=x.device)
        keep = i[:, None] >= i[None, :]
        if self.sliding:
            keep &= i[:, None] - i[None, :] < WINDOW
        s = s.masked_fill(~keep, float("-inf"))
        sink = p["sinks"].view(1, HEADS, 1, 1).expand(b, -1, t, 1)
        probs = torch.cat([s, sink], -1).softmax(-1)[..., :-1]
        a = (probs @ v).transpose(1, 2).reshape(b, t, -1)
        x = x + F.linear(a, p["wo"], p["bo"])

        h = rms(x, p["ln2"]).reshape(-1, D)
        top, idx = F.linear(h, p["router_w"], p["router_b"]).topk(TOP_K, -1)
        weights = top.softmax(-1)
        out = torch.zeros_like(h)
        for slot in range(TOP_K):
            e = idx[:, slot]
            gu = torch.einsum("nd,ndf->nf", h, p["gate_up"][e]) + p["gate_up_b"][e]
            gate, up = gu[:, ::2].clamp(max=7.0), gu[:, 1::2].clamp(-7.0, 7.0)
            glu = gate * torch.sigmoid(gate * 1.702)
            y = torch.einsum("nf,nfd->nd", (up + 1) * glu, p["down"][e]) + p["down_b"][e]
            out = out + weights[:, slot, None] * y
        return x + out.view(b, t, D)


class GptOss(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(FlatLayer(sliding=i % 2 == 0) for i in range(LAYERS))
        self.norm = nn.Parameter(torch.ones(D))
        self.unembed = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x)
        return self.unembed(rms(x, self.norm))
