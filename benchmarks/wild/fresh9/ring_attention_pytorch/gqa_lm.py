from ring_attention_pytorch import RingTransformer

model = RingTransformer(
    num_tokens=5000,
    dim=256,
    depth=3,
    heads=8,
    num_grouped_query_heads=4,
    dim_head=32,
    ff_mult=2,
    causal=True,
    use_cuda_kernel=False,
)
