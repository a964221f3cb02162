"""WITT (wireless image transmission transformer) from two config dicts; the decoder mirrors the encoder."""

from semantics.vision.models.witt import WITTransformer

enc = dict(
    img_size=32,
    patch_size=2,
    embed_dims=[32, 64],
    depths=[1, 2],
    num_heads=[2, 4],
    C_out=16,
    window_size=4,
)
dec = dict(
    img_size=enc["img_size"],
    patch_size=enc["patch_size"],
    embed_dims=enc["embed_dims"][::-1],
    depths=enc["depths"][::-1],
    num_heads=enc["num_heads"][::-1],
    C_in=enc["C_out"],
    window_size=enc["window_size"],
)
model = WITTransformer(enc, dec)
