"""StarCoder2: LayerNorm with biases, biased q/k/v/o and a biased GELU(tanh) MLP (``c_fc`` /
``c_proj``), GQA with rotary, a sliding window, the head tied to the embeddings. Sizes are the
defaults of an ``optparse.OptionParser`` (an older launcher's command line), parsed from an
empty argument list."""

import optparse

import torch
import torch.nn.functional as F
from torch import nn

parser = optparse.OptionParser()
parser.add_option("--vocab-size", dest="vocab_size", type="int", default=1152)
parser.add_option("--hidden-size", dest="hidden_size", type="int", default=64)
parser.add_option("--ffn-size", dest="ffn_size", type="int", default=384)
parser.add_option("--num-layers", dest="num_layers", type="int", default=2)
parser.add_option("--num-heads", dest="num_heads", type="int", default=4)
parser.add_option("--num-kv-heads", dest="num_kv_heads", type="int", default=1)
parser.add_option("--window", dest="window", type="int", default=32)
parser.add_option("--rope-theta", dest="rope_theta", type="float", default=100000.0)
parser.add_option("--norm-eps", dest="norm_eps", type="float", default=1e-5)
OPTS, _ = parser.parse_args([])


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, kv = OPTS.hidden_size, OPTS.num_heads, OPTS.num_kv_heads
        self.hd = d // h
        self.q_proj = nn.Linear(d, h * self.hd)
        self.k_proj = nn.Linear(d, kv * self.hd)
        self.v_proj = nn.Linear(d, kv * self.hd)
        self.o_proj = nn.Linear(h * self.hd, d)

    def forward(self, x, cos, sin, mask):
        b, t, _ = x.shape
        hd = self.hd
        q = self.q_proj(x).view(b, t, -1, hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, -1, hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, -1, hd).transpose(1, 2)
        q = q * cos + torch.cat((-q[..., hd // 2 :], q[..., : hd // 2]), -1) * sin
        k = k * cos + torch.cat((-k[..., hd // 2 :], k[..., : hd // 2]), -1) * sin
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        d = OPTS.hidden_size
        self.input_layernorm = nn.LayerNorm(d, eps=OPTS.norm_eps)
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.LayerNorm(d, eps=OPTS.norm_eps)
        self.c_fc = nn.Linear(d, OPTS.ffn_size)
        self.c_proj = nn.Linear(OPTS.ffn_size, d)

    def forward(self, x, cos, sin, mask):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin, mask)
        h = F.gelu(self.c_fc(self.post_attention_layernorm(x)), approximate="tanh")
        return x + self.c_proj(h)


class StarCoder2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(OPTS.vocab_size, OPTS.hidden_size)
        self.layers = nn.ModuleList(Layer() for _ in range(OPTS.num_layers))
        self.norm = nn.LayerNorm(OPTS.hidden_size, eps=OPTS.norm_eps)

    def forward(self, ids):
        t = ids.shape[1]
        hd = OPTS.hidden_size // OPTS.num_heads
        inv = 1.0 / OPTS.rope_theta ** (torch.arange(0, hd, 2).float() / hd)
        ang = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat((ang, ang), -1).cos(), torch.cat((ang, ang), -1).sin()
        delta = torch.arange(t)[:, None] - torch.arange(t)[None, :]
        mask = (delta >= 0) & (delta < OPTS.window)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, cos, sin, mask)
        return self.norm(x) @ self.embed_tokens.weight.T
