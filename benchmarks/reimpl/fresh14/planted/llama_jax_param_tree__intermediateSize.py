"""A Llama ported from our JAX/Flax checkpoint code: the parameters are a nested tree of shapes
(``init_shapes``), flattened to a ParameterDict with ``/``-joined paths, kernels stored
``[in, out]`` as Flax does and applied with ``x @ w``."""

import torch
import torch.nn.functional as F
from torch import nn


def init_shapes(vocab=448, d=64, depth=2, n_heads=4, n_kv=2, mlp=192):
    hd = d // n_heads
    layer = {
        "attn": {
            "wq": (d, n_heads * hd),
            "wk": (d, n_kv * hd),
            "wv": (d, n_kv * hd),
            "wo": (n_heads * hd, d),
        },
        "mlp": {"w_gate": (d, mlp), "w_up": (d, mlp), "w_down": (mlp, d)},
        "norm_attn": {"scale": (d,)},
        "norm_mlp": {"scale": (d,)},
    }
    return {
        "embedder": {"table": (vocab, d)},
        "layers": [layer for _ in range(depth)],
        "final_norm": {"scale": (d,)},
        "head": {"kernel": (d, vocab)},
    }


def flatten(tree, prefix=""):
    if isinstance(tree, tuple):
        yield prefix, tree
    elif isinstance(tree, list):
        for i, sub in enumerate(tree):
            yield from flatten(sub, f"{prefix}/{i}")
    else:
        for k, sub in tree.items():
            yield from flatten(sub, f"{prefix}/{k}" if prefix else k)


HEADS, KV_HEADS, THETA, EPS = 4, 2, 10000.0, 1e-5


def rms(x, scale):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * scale


def rope(x, pos):
    half = x.shape[-1] // 2
    inv = THETA ** (-torch.arange(half, dtype=torch.float32) / half)
    ang = pos[:, None].float() * inv[None]
    cos, sin = torch.cat([ang, ang], -1).cos(), torch.cat([ang, ang], -1).sin()
    x1, x2 = x[..., :half], x[..., half:]
    return x * cos + torch.cat([-x2, x1], -1) * sin


class FlaxLlama(nn.Module):
    def __init__(self):
        super().__init__()
        self.shapes = dict(flatten(init_shapes()))
        self.params = nn.ParameterDict(
            {
                k.replace("/", "__"): nn.Parameter(torch.randn(s) * 0.02)
                for k, s in self.shapes.items()
            }
        )
        self.depth = sum(k.endswith("norm_attn/scale") for k in self.shapes)
        for k in self.shapes:
            if k.endswith("scale"):
                nn.init.ones_(self.params[k.replace("/", "__")])

    def p(self, path):
        return self.params[path.replace("/", "__")]

    def forward(self, ids):
        x = self.p("embedder/table")[ids]
        b, t, d = x.shape
        pos = torch.arange(t)
        for i in range(self.depth):
            pre = f"layers/{i}/"
            h = rms(x, self.p(pre + "norm_attn/scale"))
            q = (h @ self.p(pre + "attn/wq")).view(b, t, HEADS, -1).transpose(1, 2)
            k = (h @ self.p(pre + "attn/wk")).view(b, t, KV_HEADS, -1).transpose(1, 2)
            v = (h @ self.p(pre + "attn/wv")).view(b, t, KV_HEADS, -1).transpose(1, 2)
            q, k = rope(q, pos), rope(k, pos)
            k = k.repeat_interleave(HEADS // KV_HEADS, 1)
            v = v.repeat_interleave(HEADS // KV_HEADS, 1)
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + a.transpose(1, 2).reshape(b, t, d) @ self.p(pre + "attn/wo")
            h = rms(x, self.p(pre + "norm_mlp/scale"))
            g = F.silu(h @ self.p(pre + "mlp/w_gate")) * (h @ self.p(pre + "mlp/w_up"))
            x = x + g @ self.p(pre + "mlp/w_down")
        return rms(x, self.p("final_norm/scale")) @ self.p("head/kernel")
