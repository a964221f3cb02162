"""Fastformer with an absolute position table instead of rotary embeddings, from a dict."""

from fast_transformer_pytorch import FastTransformer

cfg = {
    "num_tokens": 12000,
    "dim": 256,
    "depth": 6,
    "max_seq_len": 1024,
    "heads": 4,
    "dim_head": 32,
    "ff_mult": 2,
    "absolute_pos_emb": True,
}

model = FastTransformer(**cfg)
