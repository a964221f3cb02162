from x_clip import CLIP

hparams = {
    "text": dict(dim=64, depth=2, heads=4, seq_len=48, tokens=800),
    "vision": dict(depth=2, heads=4, image_size=32, patch=8),
}
t, v = hparams["text"], hparams["vision"]
model = CLIP(
    dim_text=t["dim"],
    dim_image=64,
    dim_latent=64,
    num_text_tokens=t["tokens"],
    text_enc_depth=t["depth"],
    text_seq_len=t["seq_len"],
    text_heads=t["heads"],
    visual_enc_depth=v["depth"],
    visual_image_size=v["image_size"],
    visual_patch_size=v["patch"],
    visual_heads=v["heads"],
    use_mlm=True,
    use_visual_ssl=True,
    visual_ssl_type="simclr",
)
