"""One Kronecker self-attention layer on 32-channel maps."""

from kronecker_attention_pytorch import KroneckerSelfAttention

model = KroneckerSelfAttention(dim=32, heads=8, dim_heads=64)
