"""StableLM (2) sized by a GPT-NeoX training YAML (the library StableLM was trained with): the keys
are dashed (``num-layers``), the file is read with ``yaml.safe_load`` and the keys turned into
attribute names with ``k.replace("-", "_")`` (``NeoXArgs``-style), then copied into the model's
``ModelArgs``. Partial rotary, LayerNorm with bias, biases on q/k/v only, a SwiGLU MLP, and an
untied head."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

NEOX_YML = """
{
  # parallelism settings
  "pipe-parallel-size": 1,
  "model-parallel-size": 1,

  # model settings
  "num-layers": 2,
  "hidden-size": 64,
  "num-attention-heads": 4,
  "num-kv-heads": 4,
  "intermediate-size": 176,
  "seq-length": 256,
  "max-position-embeddings": 256,
  "padded-vocab-size": 800,
  "norm": "layernorm",
  "layernorm-epsilon": 1.0e-5,
  "pos-emb": "rotary",
  "rotary-pct": 0.25,
  "rotary-emb-base": 500,
  "use-qkv-bias": true,
  "no-weight-tying": true,

  # optimizer settings
  "optimizer": {"type": "Adam", "params": {"lr": 0.0003, "betas": [0.9, 0.95]}},
}
"""

neox_args = {k.replace("-", "_"): v for k, v in yaml.safe_load(NEOX_YML).items()}


@dataclass
class ModelArgs:
    vocab_size: int
    dim: int
    n_layers: int
    n_heads: int
    n_kv_heads: int
    ffn_dim: int
    rotary_pct: float
    rope_theta: float
    norm_eps: float
    qkv_bias: bool
    max_seq_len: int


class _Args:
    pass


DEFAULTS = _Args()
DEFAULTS.__dict__.update(
    vocab_size=neox_args["padded_vocab_size"],
    dim=neox_args["hidden_size"],
    n_layers=neox_args["num_layers"],
    n_heads=neox_args["num_attention_heads"],
    n_kv_heads=neox_args["num_kv_heads"],
    ffn_dim=neox_args["intermediate_size"],
    rotary_pct=neox_args["rotary_pct"],
    rope_theta=float(neox_args["rotary_emb_base"]),
    norm_eps=neox_args["layernorm_epsilon"],
    qkv_bias=neox_args["use_qkv_bias"],
    max_seq_len=neox_args["max_position_embeddings"],
)


class Attention(nn.Module):
    def __init__(self, a: ModelArgs):
        super().__init__()
        self.a = a
        self.hd = a.dim // a.n_heads
        self.rot = int(self.hd * a.rotary_pct)
        self.wq = nn.Linear(a.dim, a.n_heads * self.hd, bias=a.qkv_bias)
        self.wk = nn.Linear(a.dim, a.n_kv_heads * self.hd, bias=a.qkv_bias)
        self.wv = nn.Linear(a.dim, a.n_kv_heads * self.hd, bias=a.qkv_bias)
        self.wo = nn.Linear(a.n_heads * self.hd, a.dim, bias=False)

    def rope(self, x):
        t = x.shape[2]
        inv = 1.0 / (self.a.rope_theta ** (torch.arange(0, self.rot, 2).float() / self.rot))
        f = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)
        xr, xp = x[..., : self.rot], x[..., self.rot :]
        h = self.rot // 2
        xr = xr * f.cos() + torch.cat([-xr[..., h:], xr[..., :h]], -1) * f.sin()
        return torch.cat([xr, xp], -1)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.wq(x).view(b, t, self.a.n_heads, self.hd).transpose(1, 2)
        k = self.wk(x).view(b, t, self.a.n_kv_heads, self.hd).transpose(1, 2)
        v = self.wv(x).view(b, t, self.a.n_kv_heads, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(self.rope(q), self.rope(k), v, is_causal=True)
        return self.wo(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, a: ModelArgs):
        super().__init__()
        self.ln1 = nn.LayerNorm(a.dim, eps=a.norm_eps)
        self.attn = Attention(a)
        self.ln2 = nn.LayerNorm(a.dim, eps=a.norm_eps)
        self.w_gate = nn.Linear(a.dim, a.ffn_dim, bias=False)
        self.w_up = nn.Linear(a.dim, a.ffn_dim, bias=False)
        self.w_down = nn.Linear(a.ffn_dim, a.dim, bias=False)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        h = self.ln2(x)
        return x + self.w_down(F.silu(self.w_gate(h)) * self.w_up(h))


class StableLM(nn.Module):
    def __init__(self, args=DEFAULTS):
        super().__init__()
        a = ModelArgs(**vars(args))
        self.embed = nn.Embedding(a.vocab_size, a.dim)
        self.layers = nn.ModuleList([Layer(a) for _ in range(a.n_layers)])
        self.norm = nn.LayerNorm(a.dim, eps=a.norm_eps)
        self.head = nn.Linear(a.dim, a.vocab_size, bias=False)

    def forward(self, tokens):
        h = self.embed(tokens)
        for layer in self.layers:
            h = layer(h)
        return self.head(self.norm(h))
