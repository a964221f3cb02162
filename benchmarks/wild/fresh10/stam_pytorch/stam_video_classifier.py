from stam_pytorch import STAM

model = STAM(
    dim=256,
    image_size=64,
    patch_size=16,
    num_frames=8,
    num_classes=10,
    space_depth=4,
    space_heads=4,
    space_mlp_dim=512,
    time_depth=2,
    time_heads=4,
    time_mlp_dim=512,
    space_dim_head=32,
    time_dim_head=32,
)
