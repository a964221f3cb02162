"""A Mamba-style selective state-space language model with argparse defaults (parsed from an empty argv):
in-projection to 2x expanded, depthwise causal conv, x-projection to (dt, B, C), dt projection, A_log and D."""

import argparse
import math

import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--d_model", type=int, default=48)
parser.add_argument("--n_layer", type=int, default=3)
parser.add_argument("--vocab_size", type=int, default=256)
parser.add_argument("--d_state", type=int, default=8)
parser.add_argument("--expand", type=int, default=2)
parser.add_argument("--d_conv", type=int, default=4)
args = parser.parse_args([])


class MambaBlock(nn.Module):
    def __init__(self, d_model, d_state, expand, d_conv):
        super().__init__()
        d_inner = expand * d_model
        dt_rank = math.ceil(d_model / 16)
        self.in_proj = nn.Linear(d_model, 2 * d_inner, bias=False)
        self.conv1d = nn.Conv1d(d_inner, d_inner, d_conv, groups=d_inner, padding=d_conv - 1)
        self.x_proj = nn.Linear(d_inner, dt_rank + 2 * d_state, bias=False)
        self.dt_proj = nn.Linear(dt_rank, d_inner)
        A = torch.arange(1, d_state + 1, dtype=torch.float32).repeat(d_inner, 1)
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(d_inner))
        self.out_proj = nn.Linear(d_inner, d_model, bias=False)


class ResidualBlock(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.mixer = MambaBlock(a.d_model, a.d_state, a.expand, a.d_conv)
        self.norm = nn.LayerNorm(a.d_model)


class MambaLM(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.embedding = nn.Embedding(a.vocab_size, a.d_model)
        self.layers = nn.ModuleList(ResidualBlock(a) for _ in range(a.n_layer))
        self.norm_f = nn.LayerNorm(a.d_model)
        self.lm_head = nn.Linear(a.d_model, a.vocab_size, bias=False)
        self.lm_head.weight = self.embedding.weight


model = MambaLM(args)
