"""mega_pytorch: the Mega language model with the README's layer options (fresh batch, benchmarks/wild/fresh)."""

from mega_pytorch import Mega

model = Mega(
    num_tokens=256,
    dim=128,
    depth=3,
    ema_heads=8,
    attn_dim_qk=32,
    attn_dim_value=128,
    laplacian_attn_fn=True,
)
