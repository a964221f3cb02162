"""GLM-4-style decoder, trained from a launcher script: hyper-parameters come from argparse.

Half of each head is rotated (pairs of adjacent channels), the other half passes through.
q/k/v carry a bias, the output projection does not; gate and up live in one matrix.
"""

import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def build_parser():
    p = argparse.ArgumentParser("glm-pretrain")
    p.add_argument("--padded-vocab-size", type=int, default=151552)
    p.add_argument("--hidden-size", type=int, default=4096)
    p.add_argument("--ffn-hidden-size", type=int, default=13696)
    p.add_argument("--num-layers", type=int, default=40)
    p.add_argument("--num-attention-heads", type=int, default=32)
    p.add_argument("--num-query-groups", type=int, default=2)
    p.add_argument("--kv-channels", type=int, default=128)
    p.add_argument("--rotary-percent", type=float, default=0.5)
    p.add_argument("--rotary-base", type=float, default=10000.0)
    p.add_argument("--layernorm-epsilon", type=float, default=1.5625e-07)
    return p


LAUNCH = [
    "--padded-vocab-size", "600",
    "--hidden-size", "64",
    "--ffn-hidden-size", "160",
    "--num-layers", "2",
    "--num-attention-heads", "4",
    "--num-query-groups", "2",
    "--kv-channels", "16",
    "--rotary-base", "10000.0",
    "--layernorm-epsilon", "0.1",
]  # fmt: skip
OPTS = build_parser().parse_args(LAUNCH)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        ms = x.float().pow(2).mean(dim=-1, keepdim=True)
        return self.weight * (x.float() * torch.rsqrt(ms + self.eps)).to(x.dtype)


def interleaved_rope(x, cos, sin):
    """x: [b, h, t, d]; rotate the first cos.shape[-1] channels pairwise (0,1), (2,3), ..."""
    n = cos.shape[-1]
    rot, keep = x[..., :n], x[..., n:]
    even, odd = rot[..., 0::2], rot[..., 1::2]
    turned = torch.stack((-odd, even), dim=-1).flatten(-2)
    return torch.cat((rot * cos + turned * sin, keep), dim=-1)


class SelfAttention(nn.Module):
    def __init__(self, o):
        super().__init__()
        self.nq, self.nkv, self.hd = o.num_attention_heads, o.num_query_groups, o.kv_channels
        self.query = nn.Linear(o.hidden_size, self.nq * self.hd, bias=True)
        self.key = nn.Linear(o.hidden_size, self.nkv * self.hd, bias=True)
        self.value = nn.Linear(o.hidden_size, self.nkv * self.hd, bias=True)
        self.dense = nn.Linear(self.nq * self.hd, o.hidden_size, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.query(x).reshape(b, t, self.nq, self.hd).permute(0, 2, 1, 3)
        k = self.key(x).reshape(b, t, self.nkv, self.hd).permute(0, 2, 1, 3)
        v = self.value(x).reshape(b, t, self.nkv, self.hd).permute(0, 2, 1, 3)
        q, k = interleaved_rope(q, cos, sin), interleaved_rope(k, cos, sin)
        rep = self.nq // self.nkv
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.dense(y.permute(0, 2, 1, 3).reshape(b, t, self.nq * self.hd))


class GatedMLP(nn.Module):
    def __init__(self, o):
        super().__init__()
        self.dense_h_to_4h = nn.Linear(o.hidden_size, 2 * o.ffn_hidden_size, bias=False)
        self.dense_4h_to_h = nn.Linear(o.ffn_hidden_size, o.hidden_size, bias=False)

    def forward(self, x):
        gate, up = self.dense_h_to_4h(x).chunk(2, dim=-1)
        return self.dense_4h_to_h(F.silu(gate) * up)


class GLMBlock(nn.Module):
    def __init__(self, o):
        super().__init__()
        self.input_layernorm = RMSNorm(o.hidden_size, o.layernorm_epsilon)
        self.self_attention = SelfAttention(o)
        self.post_attention_layernorm = RMSNorm(o.hidden_size, o.layernorm_epsilon)
        self.mlp = GatedMLP(o)

    def forward(self, x, cos, sin):
        x = x + self.self_attention(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class ChatGLMForCausalLM(nn.Module):
    def __init__(self, o=OPTS):
        super().__init__()
        self.word_embeddings = nn.Embedding(o.padded_vocab_size, o.hidden_size)
        self.encoder = nn.ModuleList(GLMBlock(o) for _ in range(o.num_layers))
        self.final_layernorm = RMSNorm(o.hidden_size, o.layernorm_epsilon)
        self.output_layer = nn.Linear(o.hidden_size, o.padded_vocab_size, bias=False)
        rot = int(o.kv_channels * o.rotary_percent)
        inv = 1.0 / o.rotary_base ** (torch.arange(0, rot, 2).float() / rot)
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device).float()
        ang = torch.outer(pos, self.inv_freq).repeat_interleave(2, dim=-1)
        cos, sin = ang.cos(), ang.sin()
        h = self.word_embeddings(ids)
        for blk in self.encoder:
            h = blk(h, cos, sin)
        return self.output_layer(self.final_layernorm(h))
