from perceiver_ar_pytorch import PerceiverAR

model = PerceiverAR(
    num_tokens=5000,
    dim=256,
    depth=4,
    heads=4,
    dim_head=32,
    max_seq_len=1024,
    cross_attn_seq_len=768,
    cross_attn_dropout=0.5,
)
