import timm

model = timm.create_model("convnext_nano", pretrained=False, num_classes=12, drop_path_rate=0.1)
