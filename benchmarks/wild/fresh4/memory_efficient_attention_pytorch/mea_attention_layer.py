from memory_efficient_attention_pytorch import Attention

model = Attention(
    dim=512,
    dim_head=64,
    heads=8,
    causal=True,
    memory_efficient=True,
    q_bucket_size=1024,
    k_bucket_size=2048,
)
