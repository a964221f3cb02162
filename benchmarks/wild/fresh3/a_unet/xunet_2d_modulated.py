from a_unet.apex import (
    AttentionItem,
    FeedForwardItem,
    ModulationItem,
    ResnetItem,
    SkipAdd,
    XBlock,
    XUNet,
)

model = XUNet(
    dim=2,
    in_channels=3,
    out_channels=3,
    blocks=[
        XBlock(channels=32, factor=2, items=[ResnetItem, ModulationItem]),
        XBlock(channels=64, factor=2, items=[ResnetItem, ModulationItem, AttentionItem,
                                              FeedForwardItem]),
    ],
    skip_t=SkipAdd,
    resnet_groups=8,
    modulation_features=64,
    attention_heads=4,
    attention_features=16,
    attention_multiplier=2,
)
