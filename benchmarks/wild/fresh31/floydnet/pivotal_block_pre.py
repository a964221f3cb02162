"""One Floyd pivotal attention block, pre-norm, width 32, 4 heads."""

from floydnet import PivotalAttentionBlock

model = PivotalAttentionBlock(embed_dim=32, num_heads=4, ffn_expansion_ratio=2)
