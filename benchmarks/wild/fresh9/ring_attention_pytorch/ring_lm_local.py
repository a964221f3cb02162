# ring attention LM, single process (ring_attn off): the same module used later under DDP
from ring_attention_pytorch import RingTransformer

model = RingTransformer(
    num_tokens=256,
    dim=128,
    depth=2,
    causal=True,
    dim_head=32,
    heads=4,
    bucket_size=64,
    use_cuda_kernel=False,
)
