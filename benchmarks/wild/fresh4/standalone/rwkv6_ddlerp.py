"""RWKV-6 style time mixing with data-dependent token shift (ddlerp) and LoRA-decomposed decay."""

import torch
import torch.nn as nn
from torch.nn import functional as F


class Args:
    n_embd = 192
    n_layer = 4
    vocab_size = 3000
    head_size = 32
    dim_att = 192
    dim_ffn = 672
    time_mix_extra_dim = 16
    time_decay_extra_dim = 32


class TimeMix(nn.Module):
    def __init__(self, args, layer_id):
        super().__init__()
        C = args.n_embd
        ratio = 1.0 - layer_id / args.n_layer
        ddd = torch.arange(C) / C
        self.time_maa_x = nn.Parameter(1.0 - torch.pow(ddd, ratio))
        for name in ("w", "k", "v", "r", "g"):
            setattr(self, f"time_maa_{name}", nn.Parameter(1.0 - torch.pow(ddd, ratio)))
        D = args.time_mix_extra_dim
        self.time_maa_w1 = nn.Parameter(torch.zeros(C, D * 5))
        self.time_maa_w2 = nn.Parameter(torch.zeros(5, D, C).uniform_(-0.01, 0.01))
        self.time_decay = nn.Parameter(torch.ones(args.dim_att))
        D2 = args.time_decay_extra_dim
        self.time_decay_w1 = nn.Parameter(torch.zeros(C, D2))
        self.time_decay_w2 = nn.Parameter(torch.zeros(D2, args.dim_att).uniform_(-0.01, 0.01))
        self.time_faaaa = nn.Parameter(torch.zeros(args.dim_att // args.head_size, args.head_size))
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        self.receptance = nn.Linear(C, args.dim_att, bias=False)
        self.key = nn.Linear(C, args.dim_att, bias=False)
        self.value = nn.Linear(C, args.dim_att, bias=False)
        self.output = nn.Linear(args.dim_att, C, bias=False)
        self.gate = nn.Linear(C, args.dim_att, bias=False)
        self.ln_x = nn.GroupNorm(args.dim_att // args.head_size, args.dim_att, eps=64e-5)

    def forward(self, x):
        B, T, C = x.shape
        xx = self.time_shift(x) - x
        xxx = x + xx * self.time_maa_x
        xxx = torch.tanh(xxx @ self.time_maa_w1).view(B * T, 5, -1).transpose(0, 1)
        mw, mk, mv, mr, mg = (xxx @ self.time_maa_w2).view(5, B, T, -1).unbind(0)
        r = self.receptance(x + xx * (self.time_maa_r + mr))
        k = self.key(x + xx * (self.time_maa_k + mk))
        v = self.value(x + xx * (self.time_maa_v + mv))
        g = F.silu(self.gate(x + xx * (self.time_maa_g + mg)))
        w = (
            self.time_decay
            + torch.tanh((x + xx * (self.time_maa_w + mw)) @ self.time_decay_w1)
            @ self.time_decay_w2
        )
        y = r * k * v * torch.exp(-torch.exp(w))
        return self.output(self.ln_x(y.transpose(1, 2)).transpose(1, 2) * g)


class ChannelMix(nn.Module):
    def __init__(self, args, layer_id):
        super().__init__()
        ratio = 1.0 - layer_id / args.n_layer
        ddd = torch.arange(args.n_embd) / args.n_embd
        self.time_maa_k = nn.Parameter(1.0 - torch.pow(ddd, ratio))
        self.time_maa_r = nn.Parameter(1.0 - torch.pow(ddd, ratio))
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        self.key = nn.Linear(args.n_embd, args.dim_ffn, bias=False)
        self.receptance = nn.Linear(args.n_embd, args.n_embd, bias=False)
        self.value = nn.Linear(args.dim_ffn, args.n_embd, bias=False)

    def forward(self, x):
        xx = self.time_shift(x) - x
        k = torch.relu(self.key(x + xx * self.time_maa_k)) ** 2
        return torch.sigmoid(self.receptance(x + xx * self.time_maa_r)) * self.value(k)


class Block(nn.Module):
    def __init__(self, args, layer_id):
        super().__init__()
        self.ln0 = nn.LayerNorm(args.n_embd) if layer_id == 0 else None
        self.ln1 = nn.LayerNorm(args.n_embd)
        self.ln2 = nn.LayerNorm(args.n_embd)
        self.att = TimeMix(args, layer_id)
        self.ffn = ChannelMix(args, layer_id)

    def forward(self, x):
        if self.ln0 is not None:
            x = self.ln0(x)
        x = x + self.att(self.ln1(x))
        return x + self.ffn(self.ln2(x))


class RWKV(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.emb = nn.Embedding(args.vocab_size, args.n_embd)
        self.blocks = nn.ModuleList([Block(args, i) for i in range(args.n_layer)])
        self.ln_out = nn.LayerNorm(args.n_embd)
        self.head = nn.Linear(args.n_embd, args.vocab_size, bias=False)

    def forward(self, idx):
        x = self.emb(idx)
        for b in self.blocks:
            x = b(x)
        return self.head(self.ln_out(x))


model = RWKV(Args())
