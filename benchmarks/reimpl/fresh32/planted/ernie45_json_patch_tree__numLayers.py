"""ERNIE 4.5 (dense 0.3B-style), the module tree described by a JSON document and built by a
recursive builder: every node is {"type": ..., **args, "children": {...}}. The released model's
tree is the base; the tiny run is an RFC 6902 JSON Patch over it (``replace`` operations at JSON
Pointer paths), applied by hand. The forward walks the built tree. Rotary on interleaved pairs
(cos/sin repeated per pair), biases everywhere, input embeddings tied to the head."""

import copy
import json

import torch
import torch.nn.functional as F
from torch import nn

BASE = json.loads(
    """
{
  "type": "decoder",
  "vocab": 103424, "width": 1024, "rope_theta": 500000.0, "eps": 1e-5, "tied": true,
  "children": {
    "block": {
      "type": "block", "repeat": 18,
      "children": {
        "attn": {"type": "attention", "heads": 16, "kv_heads": 2, "head_dim": 64, "bias": true},
        "mlp": {"type": "swiglu", "hidden": 3072, "bias": true}
      }
    }
  }
}
"""
)
PATCH = json.loads(
    """
[
  {"op": "replace", "path": "/vocab", "value": 600},
  {"op": "replace", "path": "/width", "value": 96},
  {"op": "replace", "path": "/children/block/repeat", "value": 3},
  {"op": "replace", "path": "/children/block/children/attn/heads", "value": 6},
  {"op": "replace", "path": "/children/block/children/attn/head_dim", "value": 16},
  {"op": "replace", "path": "/children/block/children/mlp/hidden", "value": 256},
  {"op": "test", "path": "/children/block/children/attn/kv_heads", "value": 2}
]
"""
)


def apply_patch(doc, ops):
    doc = copy.deepcopy(doc)
    for op in ops:
        *parents, leaf = op["path"].lstrip("/").split("/")
        node = doc
        for key in parents:
            node = node[key]
        if op["op"] == "replace":
            node[leaf] = op["value"]
        elif op["op"] == "test" and node[leaf] != op["value"]:
            raise ValueError(f"patch test failed at {op['path']}")
    return doc


SPEC = apply_patch(BASE, PATCH)


class Node(nn.Module):
    """A built node: its modules are attributes, its JSON args are kept in ``self.args``."""

    def __init__(self, args):
        super().__init__()
        self.args = args


def build_attention(spec, root):
    node = Node(spec)
    d, h, kv, hd = root["width"], spec["heads"], spec["kv_heads"], spec["head_dim"]
    node.q_proj = nn.Linear(d, h * hd, bias=spec["bias"])
    node.k_proj = nn.Linear(d, kv * hd, bias=spec["bias"])
    node.v_proj = nn.Linear(d, kv * hd, bias=spec["bias"])
    node.o_proj = nn.Linear(h * hd, d, bias=spec["bias"])
    return node


def build_swiglu(spec, root):
    node = Node(spec)
    d, f = root["width"], spec["hidden"]
    node.gate_proj = nn.Linear(d, f, bias=spec["bias"])
    node.up_proj = nn.Linear(d, f, bias=spec["bias"])
    node.down_proj = nn.Linear(f, d, bias=spec["bias"])
    return node


def build_block(spec, root):
    node = Node(spec)
    node.input_layernorm = nn.RMSNorm(root["width"], eps=root["eps"])
    node.post_attention_layernorm = nn.RMSNorm(root["width"], eps=root["eps"])
    for key, child in spec["children"].items():
        setattr(node, key, BUILDERS[child["type"]](child, root))
    return node


def build_decoder(spec, root):
    node = Node({k: v for k, v in spec.items() if k != "children"})
    node.embed_tokens = nn.Embedding(spec["vocab"], spec["width"])
    block = spec["children"]["block"]
    node.layers = nn.ModuleList(build_block(block, spec) for _ in range(block["repeat"]))
    node.norm = nn.RMSNorm(spec["width"], eps=spec["eps"])
    node.lm_head = nn.Linear(spec["width"], spec["vocab"], bias=False)
    if spec["tied"]:
        node.lm_head.weight = node.embed_tokens.weight
    node.attn_spec = block["children"]["attn"]
    return node


BUILDERS = {
    "attention": build_attention,
    "swiglu": build_swiglu,
    "block": build_block,
    "decoder": build_decoder,
}


def rope_interleaved(x, theta):
    hd = x.shape[-1]
    inv = 1.0 / (theta ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd))
    ang = torch.arange(x.shape[-2], dtype=torch.float32)[:, None] * inv
    cos = ang.cos().repeat_interleave(2, -1)
    sin = ang.sin().repeat_interleave(2, -1)
    rot = torch.stack((-x[..., 1::2], x[..., 0::2]), -1).flatten(-2)
    return x * cos + rot * sin


def run_attention(node, x, theta):
    a = node.args
    b, n, _ = x.shape
    q = node.q_proj(x).view(b, n, a["heads"], a["head_dim"]).transpose(1, 2)
    k = node.k_proj(x).view(b, n, a["kv_heads"], a["head_dim"]).transpose(1, 2)
    v = node.v_proj(x).view(b, n, a["kv_heads"], a["head_dim"]).transpose(1, 2)
    q, k = rope_interleaved(q, theta), rope_interleaved(k, theta)
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
    return node.o_proj(out.transpose(1, 2).reshape(b, n, -1))


class Ernie45(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = BUILDERS[SPEC["type"]](SPEC, SPEC)

    def forward(self, ids):
        m = self.model
        x = m.embed_tokens(ids)
        for blk in m.layers:
            x = x + run_attention(blk.attn, blk.input_layernorm(x), m.args["rope_theta"])
            h = blk.post_attention_layernorm(x)
            x = x + blk.mlp.down_proj(F.silu(blk.mlp.gate_proj(h)) * blk.mlp.up_proj(h))
        return m.lm_head(m.norm(x))
