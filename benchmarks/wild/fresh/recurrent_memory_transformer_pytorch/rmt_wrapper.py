"""recurrent_memory_transformer_pytorch: RMT and its segment wrapper, as in the README (fresh batch, benchmarks/wild/fresh)."""

from recurrent_memory_transformer_pytorch import (
    RecurrentMemoryTransformer,
    RecurrentMemoryTransformerWrapper,
)

rmt = RecurrentMemoryTransformer(
    num_tokens=256,
    num_memory_tokens=16,
    dim=128,
    depth=2,
    seq_len=64,
    dim_head=32,
    heads=4,
    use_flash_attn=False,
)
model = RecurrentMemoryTransformerWrapper(rmt)
