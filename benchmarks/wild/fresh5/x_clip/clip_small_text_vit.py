from x_clip import CLIP

model = CLIP(
    dim_text=128,
    dim_image=128,
    dim_latent=64,
    num_text_tokens=1000,
    text_enc_depth=2,
    text_seq_len=64,
    text_heads=4,
    visual_enc_depth=2,
    visual_image_size=64,
    visual_patch_size=16,
    visual_heads=4,
    use_all_token_embeds=False,
    decoupled_contrastive_learning=True,
    extra_latent_projection=True,
)
