from monai.networks.nets import UNETR

model = UNETR(
    in_channels=1,
    out_channels=3,
    img_size=(64, 64, 64),
    feature_size=8,
    hidden_size=192,
    mlp_dim=384,
    num_heads=4,
    proj_type="conv",
    norm_name="instance",
)
