from x_transformers import XTransformer

model = XTransformer(
    dim=256,
    enc_num_tokens=8000,
    enc_depth=3,
    enc_heads=4,
    enc_max_seq_len=512,
    dec_num_tokens=8000,
    dec_depth=3,
    dec_heads=4,
    dec_max_seq_len=512,
    tie_token_emb=True,
)
