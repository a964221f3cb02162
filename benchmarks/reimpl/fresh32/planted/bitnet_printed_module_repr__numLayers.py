"""BitNet b1.58 (2B4T-style), ported from a printed model (``print(model)`` of the reference
implementation, pasted into the port): the widths are read back from the repr's ``Embedding`` /
``Linear`` lines, the depth from the ``N x Layer`` line; the head count and the RoPE base are not
in a repr and are set by hand. The block is run by an interpreter over a list of (output, op,
inputs) nodes. Sub-norms before o_proj and before down_proj, squared-ReLU gate."""

import re

import torch
import torch.nn.functional as F
from torch import nn

PRINTED = """
BitNetForCausalLM(
  (model): BitNetModel(
    (embed_tokens): Embedding(512, 64, padding_idx=0)
    (layers): ModuleList(
      (0-2): 3 x BitNetDecoderLayer(
        (self_attn): BitNetAttention(
          (q_proj): Linear(in_features=64, out_features=64, bias=False)
          (k_proj): Linear(in_features=64, out_features=32, bias=False)
          (v_proj): Linear(in_features=64, out_features=32, bias=False)
          (o_proj): Linear(in_features=64, out_features=64, bias=False)
          (attn_sub_norm): BitNetRMSNorm((64,), eps=1e-05)
        )
        (mlp): BitNetMLP(
          (gate_proj): Linear(in_features=64, out_features=176, bias=False)
          (up_proj): Linear(in_features=64, out_features=176, bias=False)
          (down_proj): Linear(in_features=176, out_features=64, bias=False)
          (ffn_sub_norm): BitNetRMSNorm((176,), eps=1e-05)
        )
        (input_layernorm): BitNetRMSNorm((64,), eps=1e-05)
        (post_attention_layernorm): BitNetRMSNorm((64,), eps=1e-05)
      )
    )
    (norm): BitNetRMSNorm((64,), eps=1e-05)
  )
  (lm_head): Linear(in_features=64, out_features=512, bias=False)
)
"""


def _out(name):
    return int(re.search(rf"\({name}\): Linear\(in_features=\d+, out_features=(\d+)", PRINTED)[1])


VOCAB, D = map(int, re.search(r"\(embed_tokens\): Embedding\((\d+), (\d+)", PRINTED).groups())
LAYERS = int(re.search(r"\): (\d+) x BitNetDecoderLayer", PRINTED)[1])
FF = _out("gate_proj")
HEADS = 4
HD = D // HEADS
KV_HEADS = _out("k_proj") // HD
THETA = 500000.0
EPS = float(re.search(r"\(norm\): BitNetRMSNorm\(\(\d+,\), eps=([\d.e-]+)", PRINTED)[1])

BLOCK_GRAPH = [
    ("h", "input_layernorm", ["x"]),
    ("q", "self_attn.q_proj", ["h"]),
    ("k", "self_attn.k_proj", ["h"]),
    ("v", "self_attn.v_proj", ["h"]),
    ("a", "attention", ["q", "k", "v"]),
    ("a", "self_attn.attn_sub_norm", ["a"]),
    ("a", "self_attn.o_proj", ["a"]),
    ("x", "add", ["x", "a"]),
    ("h", "post_attention_layernorm", ["x"]),
    ("g", "mlp.gate_proj", ["h"]),
    ("u", "mlp.up_proj", ["h"]),
    ("g", "relu2", ["g"]),
    ("g", "mul", ["g", "u"]),
    ("g", "mlp.ffn_sub_norm", ["g"]),
    ("g", "mlp.down_proj", ["g"]),
    ("x", "add", ["x", "g"]),
]


def attention(q, k, v):
    b, t, _ = q.shape
    q = q.view(b, t, HEADS, HD).transpose(1, 2)
    k = k.view(b, t, KV_HEADS, HD).transpose(1, 2)
    v = v.view(b, t, KV_HEADS, HD).transpose(1, 2)
    inv = 1.0 / (THETA ** (torch.arange(0, HD, 2).float() / HD))
    f = torch.arange(t).float()[:, None] * inv
    cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()

    def rot(z):
        z1, z2 = z.chunk(2, -1)
        return z * cos + torch.cat([-z2, z1], -1) * sin

    o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
    return o.transpose(1, 2).reshape(b, t, -1)


FUNCS = {
    "attention": attention,
    "add": torch.add,
    "mul": torch.mul,
    "relu2": lambda z: F.relu(z).square(),
}


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(D, eps=EPS)
        self.post_attention_layernorm = nn.RMSNorm(D, eps=EPS)
        self.self_attn = nn.Module()
        self.self_attn.q_proj = nn.Linear(D, HEADS * HD, bias=False)
        self.self_attn.k_proj = nn.Linear(D, KV_HEADS * HD, bias=False)
        self.self_attn.v_proj = nn.Linear(D, KV_HEADS * HD, bias=False)
        self.self_attn.o_proj = nn.Linear(HEADS * HD, D, bias=False)
        self.self_attn.attn_sub_norm = nn.RMSNorm(HEADS * HD, eps=EPS)
        self.mlp = nn.Module()
        self.mlp.gate_proj = nn.Linear(D, FF, bias=False)
        self.mlp.up_proj = nn.Linear(D, FF, bias=False)
        self.mlp.down_proj = nn.Linear(FF, D, bias=False)
        self.mlp.ffn_sub_norm = nn.RMSNorm(FF, eps=EPS)

    def forward(self, x):
        env = {"x": x}
        for out, op, args in BLOCK_GRAPH:
            fn = FUNCS[op] if op in FUNCS else self.get_submodule(op)
            env[out] = fn(*(env[a] for a in args))
        return env["x"]


class BitNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList([Layer() for _ in range(LAYERS)])
        self.norm = nn.RMSNorm(D, eps=EPS)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
