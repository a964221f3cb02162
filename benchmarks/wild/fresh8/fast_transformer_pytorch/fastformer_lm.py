"""Fastformer (additive attention) language model with rotary embeddings (the default)."""

from fast_transformer_pytorch import FastTransformer

model = FastTransformer(num_tokens=20000, dim=512, depth=2, max_seq_len=4096, heads=8, dim_head=64)
