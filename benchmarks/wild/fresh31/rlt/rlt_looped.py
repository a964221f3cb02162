"""A small recurrent looped transformer (RLT), 1 encoder and 1 decoder layer, 64 tokens."""

from RLT import RLT

model = RLT(dim=32, enc_depth=1, dec_depth=1, num_tokens=64, dim_head=16, heads=2)
