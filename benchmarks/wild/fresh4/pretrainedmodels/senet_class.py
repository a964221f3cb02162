from pretrainedmodels.models.senet import SENet, SEResNetBottleneck

# an SE-ResNet-26-ish net from the SENet class directly
model = SENet(
    SEResNetBottleneck,
    [2, 2, 2, 2],
    groups=1,
    reduction=16,
    dropout_p=None,
    inplanes=64,
    input_3x3=False,
    downsample_kernel_size=1,
    downsample_padding=0,
    num_classes=40,
)
