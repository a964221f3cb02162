from mammut_pytorch import MaMMUT

# image features are precomputed offline (no img_encoder): only the text side and the attention
# pooler over the 768-d features are trained
model = MaMMUT(
    dim=128,
    num_tokens=5000,
    depth=2,
    dim_latents=64,
    image_dim=768,
    num_img_queries=16,
    dim_head=16,
    heads=8,
    ff_mult=2,
)
