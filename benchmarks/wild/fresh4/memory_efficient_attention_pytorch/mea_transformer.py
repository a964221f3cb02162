from memory_efficient_attention_pytorch.transformer import Transformer

model = Transformer(
    num_tokens=5000,
    max_seq_len=2048,
    dim=256,
    depth=4,
    causal=True,
    use_flash_attn=False,
    q_bucket_size=256,
    k_bucket_size=512,
)
