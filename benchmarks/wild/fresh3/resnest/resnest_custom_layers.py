from resnest.torch.resnet import Bottleneck, ResNet

# a shallow ResNeSt: radix 2, one group, avg-down, deep stem
model = ResNet(
    Bottleneck,
    [2, 2, 2, 2],
    radix=2,
    groups=1,
    bottleneck_width=64,
    deep_stem=True,
    stem_width=32,
    avg_down=True,
    avd=True,
    avd_first=False,
    num_classes=20,
)
