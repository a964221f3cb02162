"""Hypernetwork with unconditional input only and no internal weights for the task embeddings."""
from hypnettorch.hnets import HMLP

shapes = [[32, 16], [32], [8, 32], [8]]
model = HMLP(shapes, uncond_in_size=12, cond_in_size=0, layers=[40], num_cond_embs=0,
             use_bias=False, verbose=False)
