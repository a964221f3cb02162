import timm_3d

model = timm_3d.create_model(
    "convnext_atto", pretrained=False, in_chans=2, num_classes=5, drop_path_rate=0.1
)
