"""A DEQ transformer-style sequence layer with variational dropout, built from DEQ args (argparse)."""

import argparse

import torch.nn as nn
import torchdeq
from torchdeq.dropout import VariationalDropout1d

parser = argparse.ArgumentParser()
torchdeq.add_deq_args(parser)
parser.add_argument("--d_model", type=int, default=128)
parser.add_argument("--n_heads", type=int, default=4)
args = parser.parse_args(["--f_solver", "broyden", "--f_max_iter", "24"])


class DEQLayer(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(d_model, n_heads, batch_first=True)
        self.ff = nn.Sequential(
            nn.Linear(d_model, 4 * d_model), nn.GELU(), nn.Linear(4 * d_model, d_model)
        )
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.drop = VariationalDropout1d(0.1)


class DEQLM(nn.Module):
    def __init__(self, vocab=5000):
        super().__init__()
        self.embed = nn.Embedding(vocab, args.d_model)
        self.layer = DEQLayer(args.d_model, args.n_heads)
        self.deq = torchdeq.get_deq(args)
        self.out = nn.Linear(args.d_model, vocab, bias=False)
        self.out.weight = self.embed.weight


model = DEQLM(vocab=3000)
