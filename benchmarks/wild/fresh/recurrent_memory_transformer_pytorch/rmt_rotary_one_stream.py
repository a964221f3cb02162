"""recurrent_memory_transformer_pytorch: rotary positions, no XL memories, one residual stream (fresh batch, benchmarks/wild/fresh)."""

from recurrent_memory_transformer_pytorch import RecurrentMemoryTransformer

opts = {
    "abs_pos_emb": False,
    "rotary_pos_emb": True,
    "use_xl_memories": False,
    "num_residual_streams": 1,
}
model = RecurrentMemoryTransformer(
    96, num_tokens=500, depth=3, num_memory_tokens=8, seq_len=128, heads=3, dim_head=32, **opts
)
