import timm_3d

model = timm_3d.create_model("efficientnet_b0_gn", pretrained=False, in_chans=1, num_classes=2)
