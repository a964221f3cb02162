# TiRex with a wider feed-forward factor (rounded up to a multiple of 64) and only two quantiles
from tirex.models.tirex import TiRexZero

block_kwargs = dict(embedding_dim=96, num_heads=2, num_blocks=3, ffn_proj_factor=3.1)
model = TiRexZero(
    "torch",
    dict(
        input_patch_size=32,
        output_patch_size=32,
        quantiles=[0.05, 0.95],
        block_kwargs=block_kwargs,
        input_ff_dim=64,
    ),
    train_ctx_len=1024,
)
