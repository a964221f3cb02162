from functools import partial

from HRM import HRM
from x_transformers import Decoder


def make_level(dim, depth):
    return Decoder(dim=dim, depth=depth, heads=4, attn_dim_head=8, ff_glu=True)


def make_hrm(dim=32, num_levels=2, vocab=128):
    levels = list(map(partial(make_level, dim), range(1, num_levels + 1)))
    return HRM(levels, dim=dim, num_tokens=vocab, causal=True, relative_period=3)


model = make_hrm(dim=32, num_levels=2, vocab=100)
