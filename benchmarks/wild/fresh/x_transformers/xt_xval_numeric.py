"""x_transformers: XValTransformerWrapper for numbers in text (fresh batch, benchmarks/wild/fresh)."""

from x_transformers import Decoder, XValTransformerWrapper

model = XValTransformerWrapper(
    num_tokens=128,
    numerical_token_id=3,
    max_seq_len=128,
    attn_layers=Decoder(dim=96, depth=2, heads=4, rotary_pos_emb=True),
)
