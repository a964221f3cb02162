"""MEGABYTE_pytorch: the two-stage README model, scaled down (fresh batch, benchmarks/wild/fresh)."""

from MEGABYTE_pytorch import MEGABYTE

model = MEGABYTE(
    num_tokens=256,
    dim=(128, 64),
    depth=(2, 2),
    max_seq_len=(32, 4),
    dim_head=32,
    heads=4,
    flash_attn=False,
)
