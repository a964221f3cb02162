from a_unet.apex import AttentionItem, ResnetItem, SkipCat, XBlock, XUNet

model = XUNet(
    dim=1,
    in_channels=2,
    blocks=[
        XBlock(channels=32, factor=2, items=[ResnetItem]),
        XBlock(channels=64, factor=2, items=[ResnetItem, ResnetItem]),
        XBlock(channels=128, factor=2, items=[ResnetItem, AttentionItem]),
    ],
    skip_t=SkipCat,
    resnet_groups=8,
    attention_heads=4,
    attention_features=32,
)
