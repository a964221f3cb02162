"""Sparse attention with a custom compression network (grouped MLP per head)."""

from native_sparse_attention_pytorch import SparseAttention
from native_sparse_attention_pytorch.compress_networks import GroupedMLP

heads, dim_head, block = 4, 16, 8
model = SparseAttention(
    dim=64,
    dim_head=dim_head,
    heads=heads,
    sliding_window_size=8,
    compress_block_size=block,
    compress_block_sliding_stride=block,
    selection_block_size=block,
    num_selected_blocks=2,
    compress_mlp=GroupedMLP(dim_head=dim_head, compress_window_size=block, heads=heads, expand_factor=2.0),
)
