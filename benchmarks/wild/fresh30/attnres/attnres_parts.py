"""Parts of attn-res used directly: a GroupedQueryAttention, a SwiGLUFFN and two RMSNorms in a ModuleDict."""

import torch.nn as nn
from attn_res import GroupedQueryAttention, RMSNorm, SwiGLUFFN, TransformerConfig

cfg = TransformerConfig(
    d_model=32, n_layers=1, n_heads=4, n_kv_heads=1, vocab_size=100, ffn_mult=3.0
)
model = nn.ModuleDict(
    {
        "norm1": RMSNorm(32),
        "attn": GroupedQueryAttention(cfg),
        "norm2": RMSNorm(32),
        "ffn": SwiGLUFFN(cfg),
    }
)
