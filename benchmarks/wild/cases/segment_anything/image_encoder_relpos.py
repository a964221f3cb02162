"""segment_anything: image_encoder_relpos (wild-code corpus, benchmarks/wild)."""

from segment_anything.modeling import ImageEncoderViT

model = ImageEncoderViT(
    img_size=64,
    patch_size=8,
    embed_dim=64,
    depth=2,
    num_heads=4,
    out_chans=32,
    use_rel_pos=True,
    window_size=4,
    global_attn_indexes=(1,),
)
