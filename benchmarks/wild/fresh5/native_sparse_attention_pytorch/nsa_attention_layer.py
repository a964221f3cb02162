from native_sparse_attention_pytorch import SparseAttention

model = SparseAttention(
    dim=128,
    dim_head=32,
    heads=4,
    kv_heads=2,
    sliding_window_size=16,
    compress_block_size=8,
    compress_block_sliding_stride=4,
    selection_block_size=8,
    num_selected_blocks=2,
)
