"""A small 1-D image tokenizer (TiTok) for 64x64 images."""

from titok_pytorch import TiTokTokenizer

model = TiTokTokenizer(
    dim=128,
    image_size=64,
    patch_size=8,
    num_latent_tokens=16,
    enc_depth=2,
    dec_depth=2,
    enc_heads=4,
    dec_heads=4,
    enc_dim_head=32,
    dec_dim_head=32,
    codebook_size=1024,
)
