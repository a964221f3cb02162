from stam_pytorch import STAM

CONFIGS = {
    "tiny": dict(dim=128, space_depth=2, space_heads=4, time_depth=1, time_heads=2),
    "small": dict(dim=192, space_depth=6, space_heads=6, time_depth=3, time_heads=6),
}


def build(name, num_classes=400, frames=16, image_size=112):
    cfg = dict(CONFIGS[name])
    dim = cfg["dim"]
    return STAM(
        image_size=image_size,
        patch_size=16,
        num_frames=frames,
        num_classes=num_classes,
        space_mlp_dim=dim * 4,
        time_mlp_dim=dim * 4,
        **cfg,
    )


model = build("small", num_classes=101)
