from native_sparse_attention_pytorch.transformer import Transformer

model = Transformer(
    num_tokens=256,
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    kv_heads=2,
    use_sparse_attn=True,
    sparse_attn_kwargs=dict(
        sliding_window_size=16,
        compress_block_size=4,
        compress_block_sliding_stride=2,
        selection_block_size=4,
        num_selected_blocks=2,
    ),
)
