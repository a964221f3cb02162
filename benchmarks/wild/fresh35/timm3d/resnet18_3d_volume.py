import timm_3d

model = timm_3d.create_model("resnet18", pretrained=False, in_chans=1, num_classes=3)
