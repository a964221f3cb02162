import timm

model = timm.create_model(
    "vit_small_patch16_224",
    pretrained=False,
    img_size=128,
    patch_size=8,
    num_classes=0,
    global_pool="avg",
    class_token=False,
)
